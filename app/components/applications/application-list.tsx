// The applications list: a table (Company, Owner, Phone, Status, Decision Date, Location, and the refresh
// icon) above 768 px, cards at 768 px or less. Completed is shown as Pending (spec 000 §4).
import { ArrowDown, ArrowUp, ArrowUpDown, RotateCw } from "lucide-react";
import { formatDate, StatusPill } from "~/components/returns/shared";
import { Button } from "~/components/ui/button";
import { displayStatus, locationOf } from "~/domain/applications/rules";
import { statusTone } from "~/domain/returns/rules";
import type { ApplicationView } from "./api";

const COLUMNS = [
  { key: "companyName", label: "Company" },
  { key: "ownerName", label: "Owner" },
  { key: "phoneNumber", label: "Phone" },
  { key: "status", label: "Status" },
  { key: "decisionDate", label: "Decision Date" },
  { key: "location", label: "Location" },
];

type Props = { rows: ApplicationView[]; phone: boolean | null; sort: string; dir: "asc" | "desc"; onSort: (key: string) => void; onOpen: (row: ApplicationView) => void; onRefresh: () => void };

export function ApplicationList({ rows, phone, sort, dir, onSort, onOpen, onRefresh }: Props) {
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
                  <th scope="col" className="px-2 py-2 text-right">
                    <button type="button" onClick={onRefresh} aria-label="Refresh applications" className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-200">
                      <RotateCw className="size-4" aria-hidden="true" />
                    </button>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((a) => (
                  <tr key={a._id} onClick={() => onOpen(a)} className="cursor-pointer border-b border-slate-100 last:border-0 hover:bg-brand-50/40">
                    <td className="px-3 py-2">
                      <button type="button" className="text-left font-semibold text-slate-900 hover:underline" onClick={(e) => { e.stopPropagation(); onOpen(a); }}>
                        {a.companyName}
                      </button>
                    </td>
                    <td className="px-3 py-2">{a.ownerName || "—"}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{a.phoneNumber || "—"}</td>
                    <td className="px-3 py-2">
                      <StatusPill tone={statusTone(displayStatus(a.status))}>{displayStatus(a.status)}</StatusPill>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(a.decisionDate)}</td>
                    <td className="px-3 py-2">{locationOf(a.addresses) || "—"}</td>
                    <td />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {phone !== false ? (
        <ul className={`space-y-2 ${phone === null ? "min-[769px]:hidden" : ""}`}>
          {(phone === null ? rows.slice(0, 25) : rows).map((a) => (
            <li key={a._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere text-slate-900">{a.companyName}</p>
                  <p className="text-sm text-slate-700">
                    {a.ownerName || "—"} · {a.phoneNumber || "—"}
                  </p>
                </div>
                <StatusPill tone={statusTone(displayStatus(a.status))}>{displayStatus(a.status)}</StatusPill>
              </div>
              <p className="mt-2 text-sm text-slate-700">
                {locationOf(a.addresses) || "—"} · {formatDate(a.decisionDate)}
              </p>
              <Button variant="outline" size="sm" className="mt-3 w-full" onClick={() => onOpen(a)}>
                View Details
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
