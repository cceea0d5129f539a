// The signed-in user's picture, or their initials when there is none (or it fails to load).
import { useState } from "react";

export function UserAvatar({ name, picture, size = 36 }: { name: string; picture: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? "")
      .join("") || "?";
  if (picture && !broken) {
    return (
      <img
        src={picture}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className="shrink-0 rounded-full bg-slate-200 object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
      style={{ width: size, height: size }}
    >
      {initials}
    </span>
  );
}
