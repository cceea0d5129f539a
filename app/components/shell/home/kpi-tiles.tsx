// The four live KPI tiles on the home page; a tile with work waiting is amber.
import { Link } from "@remix-run/react";
import { cn } from "~/components/ui/cn";

export type KpiTile = { id: string; label: string; value: number; to?: string };

export function KpiTiles({ tiles }: { tiles: KpiTile[] }) {
  if (!tiles.length) return null;
  return (
    <section aria-label="Key figures">
      <ul className={cn("grid grid-cols-2 gap-3", tiles.length === 4 ? "lg:grid-cols-4" : "sm:grid-cols-3")}>
        {tiles.map((tile, i) => {
          const body = (
            <>
              <span className="block text-sm font-semibold text-slate-700">{tile.label}</span>
              <span className={cn("mt-1 block text-3xl font-extrabold tabular-nums", tile.value > 0 ? "text-amber-700" : "text-slate-900")}>
                {tile.value.toLocaleString("en-US")}
              </span>
            </>
          );
          const box = cn(
            "block h-full rounded-xl border bg-white p-4 shadow-sm",
            tile.value > 0 ? "border-amber-300 bg-amber-50" : "border-slate-200",
          );
          return (
            // Three tiles on a phone: the odd one out takes the whole row instead of leaving a hole.
            <li key={tile.id} className={tiles.length === 3 && i === 2 ? "col-span-2 sm:col-span-1" : undefined}>
              {tile.to ? (
                <Link to={tile.to} className={cn(box, "hover:border-brand-400")}>
                  {body}
                </Link>
              ) : (
                <div className={box}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
