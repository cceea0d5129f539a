// The live KPI tiles on the home page; each opens Order Tracking with its quick filter; a tile with work waiting is amber.
import { Link } from "@remix-run/react";
import { ChevronRight } from "lucide-react";
import { cn } from "~/components/ui/cn";
import type { KpiTile } from "~/domain/shell/home";
import { countText } from "~/domain/plain-format";

export function KpiTiles({ tiles }: { tiles: KpiTile[] }) {
  if (!tiles.length) return null;
  return (
    <section aria-label="Key figures">
      <ul className={cn("grid grid-cols-2 gap-3", tiles.length === 4 ? "lg:grid-cols-4" : tiles.length === 3 ? "sm:grid-cols-3" : "")}>
        {tiles.map((tile, i) => (
          // Three tiles on a phone: the odd one out takes the whole row instead of leaving a hole.
          <li key={tile.id} className={tiles.length === 3 && i === 2 ? "col-span-2 sm:col-span-1" : undefined}>
            <Link
              to={tile.to}
              className={cn(
                "group flex h-full items-end justify-between gap-2 rounded-xl border bg-white p-4 shadow-sm hover:border-brand-400",
                tile.value > 0 ? "border-amber-300 bg-amber-50" : "border-slate-200",
              )}
            >
              <span>
                <span className="block text-sm font-semibold text-slate-700">{tile.label}</span>
                <span className={cn("mt-1 block text-3xl font-extrabold tabular-nums", tile.value > 0 ? "text-amber-700" : "text-slate-900")}>
                  {countText(tile.value)}
                </span>
              </span>
              <ChevronRight className="mb-1 size-5 shrink-0 text-slate-400 group-hover:text-brand-700" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
