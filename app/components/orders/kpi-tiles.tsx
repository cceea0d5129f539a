// The three Order Tracking KPI tiles; amber when above 0; a click applies (or clears) the matching quick filter.
import { X } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { KPI_LABELS, KPI_NAMES } from "~/domain/orders/constants";
import { countText } from "~/domain/plain-format";
import type { Kpis, Quick } from "./types";

const QUICK_OF: Record<(typeof KPI_NAMES)[number], Exclude<Quick, "">> = {
  ordersToday: "today",
  awaitingTrucking: "awaitingTrucking",
  notDelivered: "notDelivered",
};

export function OrderKpiTiles({ kpis, active, onSelect }: { kpis: Kpis | null; active: Quick; onSelect: (quick: Quick) => void }) {
  // A tile the server does not count for this viewer (null: a field they may not see) is left out.
  const names = KPI_NAMES.filter((name) => kpis?.[name] !== null);
  return (
    <section aria-label="Order figures">
      <ul className={cn("grid gap-2 sm:gap-3", names.length === 2 ? "grid-cols-2" : "grid-cols-3")}>
        {names.map((name) => {
          const value = kpis?.[name];
          const quick = QUICK_OF[name];
          const pressed = active === quick;
          const amber = (value ?? 0) > 0;
          return (
            <li key={name}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onSelect(pressed ? "" : quick)}
                className={cn(
                  "flex h-full min-h-20 w-full flex-col items-start justify-between rounded-xl border bg-white p-3 text-left shadow-sm transition-colors sm:p-4",
                  amber ? "border-amber-300 bg-amber-50 hover:border-amber-500" : "border-slate-200 hover:border-brand-400",
                  pressed && "ring-2 ring-brand-600 ring-offset-1",
                )}
              >
                <span className="text-xs font-semibold text-slate-700 sm:text-sm">{KPI_LABELS[name]}</span>
                <span className={cn("mt-1 text-2xl font-extrabold tabular-nums sm:text-3xl", amber ? "text-amber-700" : "text-slate-900")}>
                  {value === undefined || value === null ? "–" : countText(value)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The figures and, under them, the quick filter a tile (or Home) applied: one part of the screen (decision 045). */
export function OrderFigures({ kpis, quick, onQuick }: { kpis: Kpis | null; quick: Quick; onQuick: (quick: Quick) => void }) {
  return (
    <>
      <OrderKpiTiles kpis={kpis} active={quick} onSelect={onQuick} />
      {quick ? <QuickFilterChip quick={quick} onClear={() => onQuick("")} /> : null}
    </>
  );
}

const KPI_OF: Record<Exclude<Quick, "">, (typeof KPI_NAMES)[number]> = {
  today: "ordersToday",
  awaitingTrucking: "awaitingTrucking",
  notDelivered: "notDelivered",
};

/** The active quick filter as a removable chip beside the filters, so a list narrowed from Home says why. */
export function QuickFilterChip({ quick, onClear }: { quick: Exclude<Quick, "">; onClear: () => void }) {
  const label = KPI_LABELS[KPI_OF[quick]];
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2" aria-live="polite">
      <span className="inline-flex min-h-11 items-center gap-1 rounded-full border border-brand-300 bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-900">
        Showing: {label}
        <button
          type="button"
          onClick={onClear}
          // Not named after the tile: the tile's own button already carries that name.
          aria-label="Clear quick filter"
          title={`Clear the ${label} filter`}
          className="inline-flex size-9 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}
