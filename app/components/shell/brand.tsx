// The product mark in the header.
import { Link } from "@remix-run/react";
import { Wheat } from "lucide-react";

export function Brand() {
  return (
    <Link to="/" className="inline-flex min-h-11 items-center gap-2 rounded-lg pr-1 font-bold text-brand-800" aria-label="Golden Grain home">
      <Wheat className="size-6 text-brand-600" aria-hidden="true" />
      <span className="text-lg leading-tight whitespace-nowrap">Golden Grain</span>
    </Link>
  );
}
