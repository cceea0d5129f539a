// Order Tracking's desktop layout: the table with its pager (and, on a long first page, the sentinel that asks for
// the rest), and the toolbar's Select and density. Its own chunk: a phone never loads it (decision 045, third pass).
import { CheckSquare, Rows3, Rows4 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import type { OrdersCan } from "~/domain/orders/capabilities";
import { columnsFor, nextSort } from "./columns";
import { REST_MARGIN } from "./first-screen";
import { OrderTable, type Density } from "./order-table";
import { Pagination } from "./pagination";
import type { OrderRow, Pagination as Page, SortDir } from "./types";

/** Asks for the rest of a long first page as the end of its first screen nears. */
function RestSentinel({ onRest }: { onRest: () => void }) {
  const el = useRef<HTMLDivElement>(null);
  const ask = useRef(onRest);
  ask.current = onRest;
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && ask.current(), { rootMargin: REST_MARGIN });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return <div ref={el} aria-hidden="true" className="h-px" />;
}

export type DesktopOrderListProps = {
  rows: OrderRow[];
  can: Pick<OrdersCan, "seePayment" | "seeTrucking" | "rowOpens">;
  loading: boolean;
  /** The layout is known to be the desktop's (not only shown by CSS while the script runs). */
  known: boolean;
  /** The rest of a long first page is still to come. */
  filling: boolean;
  onRest: () => void;
  pagination: Page;
  density: Density;
  sort: string;
  dir: SortDir | "";
  selecting: boolean;
  selected: ReadonlySet<string>;
  onSort: (sort: string, dir: SortDir | "") => void;
  onPage: (page: number) => void;
  onOpen: (row: OrderRow) => void;
  onHistory: (row: OrderRow) => void;
  onToggle: (orderNumber: string) => void;
  onToggleAll: (checked: boolean) => void;
};

export function DesktopOrderList({ rows, can, loading, known, filling, onRest, pagination, density, sort, dir, selecting, selected, onSort, onPage, onOpen, onHistory, onToggle, onToggleAll }: DesktopOrderListProps) {
  return (
    <div className={loading ? "space-y-3 opacity-60 transition-opacity" : "space-y-3"} aria-busy={loading}>
      <OrderTable
        rows={rows}
        columns={columnsFor(can)}
        density={density}
        sort={sort}
        dir={dir}
        onSort={(key) => {
          const next = nextSort({ sort, dir }, key);
          onSort(next.sort, next.dir);
        }}
        onOpen={onOpen}
        onHistory={onHistory}
        selecting={selecting}
        selected={selected}
        onToggle={onToggle}
        onToggleAll={onToggleAll}
      />
      {known && filling ? <RestSentinel onRest={onRest} /> : null}
      <Pagination page={pagination.page} pages={pagination.pages} total={pagination.total} onPage={onPage} />
    </div>
  );
}

/** Select (batch printing) and the row density: desktop only, drawn once the layout is known. */
export function DesktopTools({ canPrint, selecting, busy, density, onSelecting, onDensity }: {
  canPrint: boolean;
  selecting: boolean;
  /** The rows are being replaced or failed to load: selecting waits. */
  busy: boolean;
  density: Density;
  onSelecting: () => void;
  onDensity: (density: Density) => void;
}) {
  return (
    <>
      {canPrint ? (
        <Button variant={selecting ? "secondary" : "outline"} size="sm" aria-pressed={selecting} disabled={busy && !selecting} onClick={onSelecting}>
          <CheckSquare className="size-4" aria-hidden="true" /> {selecting ? "Done Selecting" : "Select"}
        </Button>
      ) : null}
      <div role="group" aria-label="Row density" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {(["comfortable", "compact"] as const).map((d) => (
          <button key={d} type="button" aria-pressed={density === d} onClick={() => onDensity(d)} className={`inline-flex min-h-8 items-center gap-1 rounded-md px-2.5 text-sm font-semibold capitalize ${density === d ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}>
            {d === "comfortable" ? <Rows3 className="size-4" aria-hidden="true" /> : <Rows4 className="size-4" aria-hidden="true" />} {d}
          </button>
        ))}
      </div>
    </>
  );
}
