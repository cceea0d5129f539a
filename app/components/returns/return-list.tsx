// The Return Forms list: a sortable table (Company, Order #, Location, Items, Status, Submitted) above 768 px,
// cards with 'View Details' at 768 px or less. Before the width is known both render and CSS shows one.
import { Flag } from "lucide-react";
import { CardHead, OpenButton, ResponsiveList } from "~/components/lists/responsive-list";
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

function Status({ row }: { row: ReturnRequestView }) {
  return <StatusPill tone={statusTone(row.status)}>{returnStatusLabel(row.status)}</StatusPill>;
}

export function ReturnList(props: Props) {
  return (
    <ResponsiveList
      {...props}
      rowKey={(r) => r._id}
      columns={COLUMNS}
      cells={(r) => (
        <>
          <td className="px-3 py-2">
            <OpenButton onOpen={() => props.onOpen(r)}>{r.companyName}</OpenButton>
            <div className="text-xs text-slate-600">{r.returnID}</div>
          </td>
          <td className="px-3 py-2 font-mono text-xs">{r.orderNum || "—"}</td>
          <td className="px-3 py-2">{locationOf(r)}</td>
          <td className="px-3 py-2 tabular-nums">{r.itemCount}</td>
          <td className="px-3 py-2">
            <span className="inline-flex items-center gap-1">
              <Status row={r} />
              {r.needsReview ? <Flag className="size-4 text-amber-600" aria-label="Flagged for review" /> : null}
            </span>
          </td>
          <td className="px-3 py-2 whitespace-nowrap">{formatDate(r.submittedAt)}</td>
        </>
      )}
      card={(r) => (
        <>
          <CardHead title={r.companyName} status={<Status row={r} />}>
            <p className="text-xs text-slate-600">
              {r.returnID} · {r.orderNum || "no order #"}
            </p>
          </CardHead>
          <p className="mt-2 text-sm text-slate-700">
            {locationOf(r)} · {r.itemCount} item{r.itemCount === 1 ? "" : "s"} · {formatDate(r.submittedAt)}
          </p>
          {r.needsReview ? <p className="mt-1 text-sm font-semibold text-amber-700">Flagged for review</p> : null}
        </>
      )}
    />
  );
}
