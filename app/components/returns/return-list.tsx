// The Return Forms list: a sortable table (Company, Order #, Location, Items, Status, Submitted) above 768 px,
// cards with 'View Details' at 768 px or less. Before the width is known both render and CSS shows one.
import { ArrowDown, ArrowUp, ArrowUpDown, Flag } from "lucide-react";
import { Button } from "~/components/ui/button";
import { returnStatusLabel, statusTone, type ReturnSortField } from "~/domain/returns/rules";
import type { ReturnRequestView } from "./api";
import { formatDate, StatusPill } from "./shared";

const COLUMNS: { key: ReturnSortField; label: string }[] = [
  { key: "companyName", label: "Company" },
  { key: "orderNum", label: "Order #" },
  { key: "location", label: "Location" },
  { key: "items", label: "Items" },
  { key: "status", label: "Status" },
  { key: "submittedAt", label: "Submitted" },
];

export function locationOf(r: ReturnRequestView): string {
  const a = r.address[0];
  const place = a ? [a.city, a.state].filter(Boolean).join(", ") : "";
  return [r.location, place].filter(Boolean).join(" · ") || "—";
}

type Props = { rows: ReturnRequestView[]; phone: boolean | null; sort: ReturnSortField; dir: "asc" | "desc"; onSort: (key: ReturnSortField) => void; onOpen: (row: ReturnRequestView) => void };

export function ReturnList({ rows, phone, sort, dir, onSort, onOpen }: Props) {
  return (
    <>
      {phone !== true ? (
        <div className={phone === null ? "hidden min-[769px]:block" : ""}>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  {COLUMNS.map((c) => {
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
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r._id} onClick={() => onOpen(r)} className="cursor-pointer border-b border-slate-100 last:border-0 hover:bg-brand-50/40">
                    <td className="px-3 py-2">
                      <button type="button" className="text-left font-semibold text-slate-900 hover:underline" onClick={(e) => { e.stopPropagation(); onOpen(r); }}>
                        {r.companyName}
                      </button>
                      <div className="text-xs text-slate-600">{r.returnID}</div>
                    </td>
                    <td className="px-3 py-2 font-mono text-xs">{r.orderNum || "—"}</td>
                    <td className="px-3 py-2">{locationOf(r)}</td>
                    <td className="px-3 py-2 tabular-nums">{r.itemCount}</td>
                    <td className="px-3 py-2">
                      <span className="inline-flex items-center gap-1">
                        <StatusPill tone={statusTone(r.status)}>{returnStatusLabel(r.status)}</StatusPill>
                        {r.needsReview ? <Flag className="size-4 text-amber-600" aria-label="Flagged for review" /> : null}
                      </span>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(r.submittedAt)}</td>
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
            <li key={r._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere text-slate-900">{r.companyName}</p>
                  <p className="text-xs text-slate-600">
                    {r.returnID} · {r.orderNum || "no order #"}
                  </p>
                </div>
                <StatusPill tone={statusTone(r.status)}>{returnStatusLabel(r.status)}</StatusPill>
              </div>
              <p className="mt-2 text-sm text-slate-700">
                {locationOf(r)} · {r.itemCount} item{r.itemCount === 1 ? "" : "s"} · {formatDate(r.submittedAt)}
              </p>
              {r.needsReview ? <p className="mt-1 text-sm font-semibold text-amber-700">Flagged for review</p> : null}
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
