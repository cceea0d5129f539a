// A review list's two layouts: a table with sortable headers above 768 px, cards ending in 'View Details' at
// 768 px or less. Before the width is known both render and CSS shows one (the first 25 cards only).
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

type Props<Row, Key extends string> = {
  rows: Row[];
  rowKey: (row: Row) => number;
  phone: boolean | null;
  columns: readonly { key: Key; label: string }[];
  sort: Key;
  dir: "asc" | "desc";
  onSort: (key: Key) => void;
  onOpen: (row: Row) => void;
  /** A last header cell after the sortable ones (the applications' refresh icon). */
  headEnd?: ReactNode;
  /** The row's table cells; the first one usually holds an `OpenButton`. */
  cells: (row: Row) => ReactNode;
  /** The card's content above 'View Details'. */
  card: (row: Row) => ReactNode;
};

export function ResponsiveList<Row, Key extends string>({ rows, rowKey, phone, columns, sort, dir, onSort, onOpen, headEnd, cells, card }: Props<Row, Key>) {
  return (
    <>
      {phone !== true ? (
        <div className={phone === null ? "hidden min-[769px]:block" : ""}>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  {columns.map((c) => {
                    const active = sort === c.key;
                    const Icon = active ? (dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
                    return (
                      <th key={c.key} scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"} className="px-3 py-2">
                        <button type="button" onClick={() => onSort(c.key)} className="inline-flex min-h-9 items-center gap-1 font-semibold hover:text-slate-900">
                          {c.label} <Icon className="size-4" aria-hidden="true" />
                        </button>
                      </th>
                    );
                  })}
                  {headEnd}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={rowKey(r)} onClick={() => onOpen(r)} className="cursor-pointer border-b border-slate-100 last:border-0 hover:bg-brand-50/40">
                    {cells(r)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {phone !== false ? (
        <ul className={`space-y-2 ${phone === null ? "min-[769px]:hidden" : ""}`}>
          {(phone === null ? rows.slice(0, 25) : rows).map((r) => (
            <li key={rowKey(r)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              {card(r)}
              <Button variant="outline" size="sm" className="mt-3 w-full" onClick={() => onOpen(r)}>
                View Details
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The row's name as a button, so the row opens from the keyboard too (the row's own click is for the mouse). */
export function OpenButton({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="text-left font-semibold text-slate-900 hover:underline"
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
    >
      {children}
    </button>
  );
}

/** A card's first lines: the name (wrapping anywhere), a line under it, and the status on the right. */
export function CardHead({ title, status, children }: { title: string; status: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">
        <p className="font-semibold wrap-anywhere text-slate-900">{title}</p>
        {children}
      </div>
      {status}
    </div>
  );
}
