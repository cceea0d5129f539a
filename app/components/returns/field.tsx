// A labelled form field with its server error underneath (the public forms and the edit dialog).
import type { ReactNode } from "react";

export function Field({ label, id, error, children, hint }: { label: string; id: string; error?: string[] | undefined; children: ReactNode; hint?: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      {error?.length ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error[0]}
        </p>
      ) : null}
    </div>
  );
}
