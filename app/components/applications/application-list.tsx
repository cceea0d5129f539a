// The applications list: a table (Company, Owner, Phone, Status, Decision Date, Location, and the refresh
// icon) above 768 px, cards at 768 px or less. Completed is shown as Pending (spec 000 §4).
import { RotateCw } from "lucide-react";
import { CardHead, OpenButton, ResponsiveList } from "~/components/lists/responsive-list";
import { formatDate, StatusPill } from "~/components/returns/shared";
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

function Status({ app }: { app: ApplicationView }) {
  return <StatusPill tone={statusTone(displayStatus(app.status))}>{displayStatus(app.status)}</StatusPill>;
}

export function ApplicationList({ onRefresh, ...list }: Props) {
  return (
    <ResponsiveList
      {...list}
      rowKey={(a) => a._id}
      columns={COLUMNS}
      headEnd={
        <th scope="col" className="px-2 py-2 text-right">
          <button type="button" onClick={onRefresh} aria-label="Refresh applications" className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-200">
            <RotateCw className="size-4" aria-hidden="true" />
          </button>
        </th>
      }
      cells={(a) => (
        <>
          <td className="px-3 py-2">
            <OpenButton onOpen={() => list.onOpen(a)}>{a.companyName}</OpenButton>
          </td>
          <td className="px-3 py-2">{a.ownerName || "—"}</td>
          <td className="px-3 py-2 whitespace-nowrap">{a.phoneNumber || "—"}</td>
          <td className="px-3 py-2">
            <Status app={a} />
          </td>
          <td className="px-3 py-2 whitespace-nowrap">{formatDate(a.decisionDate)}</td>
          <td className="px-3 py-2">{locationOf(a.addresses) || "—"}</td>
          <td />
        </>
      )}
      card={(a) => (
        <>
          <CardHead title={a.companyName} status={<Status app={a} />}>
            <p className="text-sm text-slate-700">
              {a.ownerName || "—"} · {a.phoneNumber || "—"}
            </p>
          </CardHead>
          <p className="mt-2 text-sm text-slate-700">
            {locationOf(a.addresses) || "—"} · {formatDate(a.decisionDate)}
          </p>
        </>
      )}
    />
  );
}
