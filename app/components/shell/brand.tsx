// The product mark in the header.
import { Link } from "@remix-run/react";
// By its own path, not lucide's barrel: every page loads this, and the barrel would pull every icon into that chunk (vite.config.ts).
import Wheat from "lucide-react/icons/wheat";

export function Brand() {
  return (
    <Link to="/" className="inline-flex min-h-11 min-w-0 items-center gap-2 rounded-lg pr-1 font-bold text-brand-800" aria-label="Golden Grain home">
      <Wheat className="size-6 shrink-0 text-brand-600" aria-hidden="true" />
      <span className="truncate text-base leading-tight whitespace-nowrap sm:text-lg">Golden Grain</span>
    </Link>
  );
}
