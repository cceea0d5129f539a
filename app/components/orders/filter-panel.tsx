// The collapsible filter panel: payment, order status, order type, warehouse location and trucking selects.
// The toggle paints at once; the selects (filter-fields.tsx) load when the panel first opens.
import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { OrdersCan } from "~/domain/orders/capabilities";
import { hiddenFiltersFor } from "./columns";
import type { ListFilters } from "./types";

const FilterFields = lazy(() => import("./filter-fields").then((m) => ({ default: m.FilterFields })));

type FilterKey = keyof ListFilters;

export function FilterPanel({
  filters,
  onChange,
  orderTypes,
  locations,
  hidden,
}: {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
  orderTypes: readonly string[];
  locations: ReadonlyArray<{ id: string; name: string }>;
  /** Filters this role may not use (warehouse employees: payment and trucking). */
  hidden: readonly FilterKey[];
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // Once opened the selects stay mounted (hidden when closed), as before the split.
  const [everOpened, setEverOpened] = useState(false);
  const active = Object.entries(filters).filter(([k, v]) => v && !hidden.includes(k as FilterKey)).length;
  return (
    <div className="rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-2 p-1.5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={everOpened ? `${id}-panel` : undefined}
          onClick={() => {
            setOpen((o) => !o);
            setEverOpened(true);
          }}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold text-slate-800 hover:bg-slate-100"
        >
          <SlidersHorizontal className="size-5" aria-hidden="true" />
          Filters
          {active ? <span className="rounded-full bg-brand-700 px-2 text-xs text-white">{active}</span> : null}
          <ChevronDown className={cn("size-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
        </button>
        {active ? (
          <Button variant="ghost" size="sm" onClick={() => onChange({ paymentStatus: "", orderStatus: "", orderType: "", warehouseLocation: "", truckingCompany: "" })}>
            Clear All
          </Button>
        ) : null}
      </div>
      {everOpened ? (
        <Suspense fallback={<p className="border-t border-slate-100 p-3 text-sm text-slate-600">Loading filters…</p>}>
          <FilterFields id={id} open={open} filters={filters} onChange={onChange} orderTypes={orderTypes} locations={locations} hidden={hidden} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The panel with the filters this viewer may use (the server would refuse the others). */
export function OrderFilterPanel({ can, ...props }: Omit<Parameters<typeof FilterPanel>[0], "hidden"> & { can: Pick<OrdersCan, "seePayment" | "seeTrucking"> }) {
  return <FilterPanel {...props} hidden={hiddenFiltersFor(can)} />;
}
