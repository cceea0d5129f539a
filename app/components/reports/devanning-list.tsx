// The Devanning Reports list modal (spec 002 §2): filters, a table (cards on a phone), pagination by 10, the
// detail with its review state, and Approve / Reject for pending reports only, for reviewers (the server
// checks devanningReports:review and the pending state; approval needs a management signature).
import { useRevalidator } from "@remix-run/react";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { UrlExportLink } from "~/components/lists/export-link";
import { Button } from "~/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { DEVANNING_STATUSES, MESSAGES, PHOTO_GROUPS, PHOTO_GROUP_LABELS } from "~/domain/reports/constants";
import type { DevanningReport } from "~/services/reports-devanning.server";
import { apiFetch } from "~/lib/api-client";
import { contract, failureText } from "./client";
import { CardHeading, DetailToolbar, Fact, formatDateTime, ListFailure, ListFilters, NoReports, Pagination, ReportPhoto, ReportTable, StatusBadge, type FilterField } from "./list-parts";

export type DevanningListAnswer = { success: true; reports: DevanningReport[]; total: number; totalPages: number; page: number; message?: string } | { success: false; error: string };

const FILTERS: FilterField[] = [
  { name: "status", label: "Status", type: "select", options: DEVANNING_STATUSES },
  { name: "containerNumber", label: "Container number", type: "text" },
  { name: "dateFrom", label: "Date from", type: "date" },
  { name: "dateTo", label: "Date to", type: "date" },
  { name: "search", label: "Search", type: "text" },
];

type Cargo = { products?: { name: string; sku: string; pallets: number; bags: number; shortageExtraBags: number }[]; totalPallets?: number; totalBags?: number; shortageExtraBags?: number; arrivalDate?: string; receivableSign?: string; managementSign?: string; unloadingDateTime?: string; productDetail?: string };

export function reviewLabel(r: Pick<DevanningReport, "status" | "cargoDetails">): string {
  if (r.status === "approved") return "Approved";
  if (r.status === "rejected") return "Rejected";
  return "Pending Management Review";
}

export function DevanningList({ answer, canReview }: { answer: DevanningListAnswer; canReview: boolean }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState<{ report: DevanningReport; action: "approve" | "reject" } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!answer.success) {
    return <ListFailure fields={FILTERS} error={answer.error} />;
  }
  const open = answer.reports.find((r) => r.id === openId);
  const actions = (r: DevanningReport) =>
    canReview && r.status === "pending" ? (
      <span className="flex gap-2">
        <Button size="sm" onClick={() => setReviewing({ report: r, action: "approve" })} aria-label={`Approve ${r.containerNumber}`}>
          <Check className="size-4" aria-hidden="true" /> Approve
        </Button>
        <Button size="sm" variant="danger" onClick={() => setReviewing({ report: r, action: "reject" })} aria-label={`Reject ${r.containerNumber}`}>
          <X className="size-4" aria-hidden="true" /> Reject
        </Button>
      </span>
    ) : null;
  return (
    <>
      {open ? (
        <DevanningDetail report={open} onBack={() => setOpenId(null)} actions={actions(open)} />
      ) : (
        <DialogBody className="space-y-3">
          {done ? <p role="status" className="rounded-lg border border-green-300 bg-green-50 px-4 py-2 font-medium text-green-900">{done}</p> : null}
          <ListFilters fields={FILTERS} />
          <UrlExportLink exportPath="/api/devanning-reports/export" />
          {answer.reports.length === 0 ? (
            <NoReports message={answer.message} />
          ) : (
            <>
              <ReportTable headings={["Container", "Submitted", "Pallets / bags", "Staff", "Status"]} buttonsLabel="Actions">
                  {answer.reports.map((r) => {
                    const cargo = r.cargoDetails as Cargo;
                    return (
                      <tr key={r.id} className="border-b border-slate-100">
                        <td className="py-2 pr-2 font-medium">{r.containerNumber}</td>
                        <td className="py-2 pr-2 whitespace-nowrap">{formatDateTime(r.submittedAt)}</td>
                        <td className="py-2 pr-2">{cargo.totalPallets ?? 0} / {cargo.totalBags ?? 0}</td>
                        <td className="py-2 pr-2">{String((r.warehouseInfo as Record<string, unknown>).warehouseStaff1 ?? "")}</td>
                        <td className="py-2 pr-2"><StatusBadge status={r.status} /></td>
                        <td className="py-2">
                          <span className="flex justify-end gap-2">
                            {actions(r)}
                            <Button size="sm" variant="outline" onClick={() => setOpenId(r.id)} aria-label={`View ${r.containerNumber}`}>View</Button>
                          </span>
                        </td>
                      </tr>
                    );
                  })}
              </ReportTable>
              <ul className="space-y-2 md:hidden">
                {answer.reports.map((r) => (
                  <li key={r.id} className="rounded-lg border border-slate-200 p-3">
                    <button type="button" onClick={() => setOpenId(r.id)} aria-label={`View ${r.containerNumber}`} className="w-full text-left">
                      <CardHeading title={r.containerNumber} status={r.status} />
                      <span className="block text-sm text-slate-600">{formatDateTime(r.submittedAt)}</span>
                    </button>
                    {actions(r) ? <div className="mt-2">{actions(r)}</div> : null}
                  </li>
                ))}
              </ul>
            </>
          )}
          <Pagination page={answer.page} totalPages={answer.totalPages} total={answer.total} />
        </DialogBody>
      )}
      {reviewing ? (
        <ReviewDialog
          report={reviewing.report}
          action={reviewing.action}
          onClose={() => setReviewing(null)}
          onDone={(text) => {
            setReviewing(null);
            setOpenId(null);
            setDone(text);
          }}
        />
      ) : null}
    </>
  );
}

function DevanningDetail({ report, onBack, actions }: { report: DevanningReport; onBack: () => void; actions: React.ReactNode }) {
  const cargo = report.cargoDetails as Cargo;
  const c = report.containerInfo as Record<string, unknown>;
  const inv = report.inventoryDetails as Record<string, unknown>;
  const env = report.environmentalCheck as Record<string, unknown>;
  const totals = report.totalsCalculation as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v.join(", ") : String(v ?? ""));
  return (
    <DialogBody className="space-y-4">
      <DetailToolbar onBack={onBack} pdfHref={`/api/devanning-reports/${report.id}/pdf`} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-bold">Container {report.containerNumber}</h3>
        {actions}
      </div>
      <div className="rounded-lg bg-slate-50 p-3" data-testid="review-state">
        <p className="font-semibold">{reviewLabel(report)}</p>
        {report.status === "approved" && cargo.managementSign ? <p className="font-serif text-lg italic">Signed: {cargo.managementSign}</p> : null}
        {report.reviewedBy ? <p className="text-sm text-slate-600">By {report.reviewedBy}, {formatDateTime(report.reviewedAt)}</p> : null}
        {report.notes ? <p className="text-sm text-slate-700">Notes: {report.notes}</p> : null}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label="Arrival date">{cargo.arrivalDate}</Fact>
        <Fact label="Unloading">{formatDateTime(cargo.unloadingDateTime)}</Fact>
        <Fact label="Product detail">{cargo.productDetail}</Fact>
        <Fact label="Total pallets">{String(cargo.totalPallets ?? 0)}</Fact>
        <Fact label="Total bags">{String(cargo.totalBags ?? 0)}</Fact>
        <Fact label="Calculated total">{String(totals.totalBagsCalculated ?? 0)}</Fact>
        <Fact label="Shortage / extra">{String(cargo.shortageExtraBags ?? 0)}</Fact>
        <Fact label="Container size">{c.containerSize === "other" ? `Other: ${String(c.containerSizeOther)}` : String(c.containerSize ?? "")}</Fact>
        <Fact label="Condition">{[list(c.containerCondition), String(c.containerConditionOther ?? "")].filter(Boolean).join(" — ")}</Fact>
        <Fact label="Seal intact">{`${String(c.sealIntact ?? "")}${c.sealNumber ? ` (${String(c.sealNumber)})` : ""}`}</Fact>
        <Fact label="Damaged inventory">{`${String(inv.damagedInventoryCount ?? 0)} ${String(inv.damagedInventorySKUs ?? "")}`}</Fact>
        <Fact label="Floor / pests">{`${list(env.floorDryness)} / ${list(env.pestActivity)}`}</Fact>
        <Fact label="Receivable signature">{cargo.receivableSign}</Fact>
        <Fact label="Submitted">{`${formatDateTime(report.submittedAt)} by ${report.submittedBy}`}</Fact>
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr><th className="py-1 pr-2">Product</th><th className="py-1 pr-2">SKU</th><th className="py-1 pr-2 text-right">Pallets</th><th className="py-1 pr-2 text-right">Bags</th><th className="py-1 text-right">+/−</th></tr>
          </thead>
          <tbody>
            {(cargo.products ?? []).map((p, i) => (
              <tr key={i} className="border-b border-slate-100">
                <td className="py-1 pr-2">{p.name}</td><td className="py-1 pr-2">{p.sku}</td><td className="py-1 pr-2 text-right">{p.pallets}</td><td className="py-1 pr-2 text-right">{p.bags}</td><td className="py-1 text-right">{p.shortageExtraBags}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {PHOTO_GROUPS.map((g) =>
        report.photos[g].length ? (
          <div key={g}>
            <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{PHOTO_GROUP_LABELS[g]} ({report.photos[g].length})</p>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {report.photos[g].map((p) => (
                <ReportPhoto key={p.path} linkPath={`/api/devanning-reports/photos/${encodeURIComponent(p.path)}`} name={p.originalName} />
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </DialogBody>
  );
}

function ReviewDialog({ report, action, onClose, onDone }: { report: DevanningReport; action: "approve" | "reject"; onClose: () => void; onDone: (message: string) => void }) {
  const revalidator = useRevalidator();
  const [notes, setNotes] = useState("");
  const [signature, setSignature] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verb = action === "approve" ? "Approve" : "Reject";

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (action === "approve" && !signature.trim()) {
      setError(MESSAGES.managementSignature);
      return;
    }
    setBusy(true);
    const answer = await apiFetch(`/api/devanning-reports/${report.id}/approve`, contract("DevanningReviewedAnswer"), { method: "PATCH", json: { action, notes, managementSignature: signature } });
    setBusy(false);
    if (answer.ok) {
      revalidator.revalidate();
      onDone(MESSAGES.reviewed(action));
    } else {
      setError(failureText(answer.error, MESSAGES.approveFailed));
    }
  }

  return (
    <Dialog open onClose={onClose} title={`${verb} report ${report.containerNumber}`} dismissable={!busy}>
      <form onSubmit={send} noValidate>
        <DialogBody className="space-y-3">
          {error ? <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{error}</p> : null}
          <div>
            <label htmlFor="review-signature" className="mb-1 block text-sm font-semibold text-slate-800">
              Management signature (full name){action === "approve" ? <span className="text-red-700"> *</span> : null}
            </label>
            <Input id="review-signature" value={signature} onChange={(e) => setSignature(e.target.value)} maxLength={200} className="font-serif italic" autoComplete="name" />
          </div>
          <div>
            <label htmlFor="review-notes" className="mb-1 block text-sm font-semibold text-slate-800">Notes (optional)</label>
            <Textarea id="review-notes" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
          </div>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button type="submit" variant={action === "approve" ? "primary" : "danger"} disabled={busy}>
            {busy ? "Saving…" : verb}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
