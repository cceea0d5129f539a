// The Stock Transfer Reports list modal (spec 002 §2): collapsible filters, a table (cards on a phone),
// pagination by 10, and a detail with the status dropdown, the signature, photos through the link call and
// the PDF. The rows come from the page loader, which calls the service GET /api/stock-transfer-reports calls.
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { UrlExportLink } from "~/components/lists/export-link";
import { Button } from "~/components/ui/button";
import { DialogBody } from "~/components/ui/dialog";
import { RECEIVING_LOCATIONS, STOCK_TRANSFER_STATUSES, type StockTransferStatus } from "~/domain/reports/constants";
import type { StockTransferReport } from "~/services/reports-stock-transfer.server";
import { apiFetch } from "~/lib/api-client";
import { contract } from "./client";
import { CardHeading, DetailToolbar, Fact, formatDateTime, ListFailure, ListFilters, NoReports, Pagination, ReportPhoto, ReportTable, StatusBadge, type FilterField } from "./list-parts";

export type StockTransferListAnswer = { success: true; reports: StockTransferReport[]; total: number; totalPages: number; page: number } | { success: false; error: string };

const FILTERS: FilterField[] = [
  { name: "search", label: "Search", type: "text" },
  { name: "status", label: "Status", type: "select", options: STOCK_TRANSFER_STATUSES },
  { name: "receivingLocation", label: "Receiving location", type: "select", options: RECEIVING_LOCATIONS },
  { name: "dateFrom", label: "Date from", type: "date" },
  { name: "dateTo", label: "Date to", type: "date" },
];

export function StockTransferList({ answer, canUpdate }: { answer: StockTransferListAnswer; canUpdate: boolean }) {
  const [openId, setOpenId] = useState<number | null>(null);
  if (!answer.success) {
    return <ListFailure fields={FILTERS} error={answer.error} />;
  }
  const open = answer.reports.find((r) => r.id === openId);
  if (open) return <StockTransferDetail report={open} canUpdate={canUpdate} onBack={() => setOpenId(null)} />;
  return (
    <DialogBody className="space-y-3">
      <ListFilters fields={FILTERS} />
      <UrlExportLink exportPath="/api/stock-transfer-reports/export" />
      {answer.reports.length === 0 ? (
        <NoReports />
      ) : (
        <>
          <ReportTable headings={["Date received", "Reference", "From → To", "Received by", "Items", "Status"]} buttonsLabel="Open">
              {answer.reports.map((r) => (
                <tr key={r.id} className="border-b border-slate-100">
                  <td className="py-2 pr-2 whitespace-nowrap">{r.dateReceived}</td>
                  <td className="py-2 pr-2 font-medium">{r.transferReference}</td>
                  <td className="py-2 pr-2">{r.transferFrom} → {r.receivingLocation}</td>
                  <td className="py-2 pr-2">{r.receivedBy}</td>
                  <td className="py-2 pr-2">{r.items.length}{r.items.some((i) => i.damaged === "yes") ? " (damaged)" : ""}</td>
                  <td className="py-2 pr-2"><StatusBadge status={r.status} /></td>
                  <td className="py-2 text-right">
                    <Button size="sm" variant="outline" onClick={() => setOpenId(r.id)} aria-label={`View ${r.transferReference}`}>View</Button>
                  </td>
                </tr>
              ))}
          </ReportTable>
          <ul className="space-y-2 md:hidden">
            {answer.reports.map((r) => (
              <li key={r.id}>
                <button type="button" onClick={() => setOpenId(r.id)} aria-label={`View ${r.transferReference}`} className="w-full rounded-lg border border-slate-200 p-3 text-left hover:bg-slate-50">
                  <CardHeading title={r.transferReference} status={r.status} />
                  <span className="block text-sm text-slate-700">{r.transferFrom} → {r.receivingLocation}</span>
                  <span className="block text-sm text-slate-600">{r.dateReceived} · {r.receivedBy} · {r.items.length} item{r.items.length === 1 ? "" : "s"}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={answer.page} totalPages={answer.totalPages} total={answer.total} />
    </DialogBody>
  );
}

function StockTransferDetail({ report, canUpdate, onBack }: { report: StockTransferReport; canUpdate: boolean; onBack: () => void }) {
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<StockTransferStatus>(report.status);
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  async function change(next: StockTransferStatus) {
    setStatus(next);
    setSaving(true);
    setNote(null);
    const answer = await apiFetch(`/api/stock-transfer-reports/${report.id}/status`, contract("StockTransferStatusAnswer"), { method: "PATCH", json: { status: next } });
    setSaving(false);
    if (answer.ok) {
      setNote({ tone: "success", text: `Status changed to ${next}.` });
      revalidator.revalidate();
    } else {
      setStatus(report.status);
      setNote({ tone: "error", text: answer.error.message });
    }
  }

  return (
    <DialogBody className="space-y-4">
      <DetailToolbar onBack={onBack} pdfHref={`/api/stock-transfer-reports/${report.id}/pdf`} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-bold">{report.transferReference}</h3>
        {canUpdate ? (
          <label className="flex items-center gap-2 text-sm font-semibold">
            Status
            <select value={status} disabled={saving} onChange={(e) => void change(e.target.value as StockTransferStatus)} className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base font-normal">
              {STOCK_TRANSFER_STATUSES.map((s) => (
                <option key={s} value={s}>{s[0]!.toUpperCase() + s.slice(1)}</option>
              ))}
            </select>
          </label>
        ) : (
          <StatusBadge status={report.status} />
        )}
      </div>
      {note ? <p role={note.tone === "error" ? "alert" : "status"} className={note.tone === "error" ? "text-sm font-medium text-red-700" : "text-sm font-medium text-green-800"}>{note.text}</p> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label="Date received">{report.dateReceived}</Fact>
        <Fact label="Receiving location">{report.receivingLocation}</Fact>
        <Fact label="Transfer from">{report.transferFrom}</Fact>
        <Fact label="Received by">{report.receivedBy}</Fact>
        <Fact label="Condition">{report.productCondition}</Fact>
        <Fact label="Submitted">{formatDateTime(report.submittedAt)}</Fact>
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr><th className="py-1 pr-2">SKU</th><th className="py-1 pr-2">Description</th><th className="py-1 pr-2 text-right">Qty</th><th className="py-1 pr-2">Damaged</th><th className="py-1 text-right">Damaged qty</th></tr>
          </thead>
          <tbody>
            {report.items.map((i, n) => (
              <tr key={n} className="border-b border-slate-100">
                <td className="py-1 pr-2">{i.itemSku}</td><td className="py-1 pr-2">{i.itemDescription}</td><td className="py-1 pr-2 text-right">{i.quantity}</td><td className="py-1 pr-2">{i.damaged}</td><td className="py-1 text-right">{i.damaged === "yes" ? i.damagedQuantity : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.notesComments ? <Fact label="Notes">{report.notesComments}</Fact> : null}
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Receiver's signature</p>
        {report.signatureType === "draw" && report.signatureDrawn ? (
          <img src={report.signatureDrawn} alt={`Signature of ${report.receivedBy}`} className="mt-1 h-20 w-full max-w-xs rounded border border-slate-200 bg-white object-contain" />
        ) : (
          <p className="font-serif text-lg italic">{report.signatureTyped}</p>
        )}
      </div>
      <div>
        <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Photos ({report.photos.length})</p>
        {report.photos.length ? (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {report.photos.map((p) => (
              <ReportPhoto key={p.s3Key} linkPath={`/api/stock-transfer-reports/photos/${encodeURIComponent(p.s3Key)}`} name={p.originalName} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No photos.</p>
        )}
      </div>
    </DialogBody>
  );
}
