// One return request: contact, address lines, request and item decisions (for returns:update, under the
// server's transitions), item images on demand with the lightbox, receiving (received and damaged per item,
// restock computed, mismatch flagged) and the history with who and when. A 409 shows the current state; the
// server's field errors show under the field of the form that sent them (state: domain/returns/detail-state).
import { Flag } from "lucide-react";
import { useCallback, useEffect, useReducer, useState } from "react";
import { FieldError, fieldAria, errorsFor, UnplacedErrors } from "~/components/forms/field-errors";
import { ImageViewer } from "~/components/orders/image-viewer";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/domain/api-messages";
import { detailReducer, errorsOf, INITIAL_DETAIL } from "~/domain/returns/detail-state";
import { checkItemDecision, checkReceiving, nextReturnStatuses, returnStatusLabel, statusTone, type ReturnDecision } from "~/domain/returns/rules";
import { clearReview, decideRequest, fetchDetail, type ReturnDetailView, type ReturnRequestView } from "./api";
import { History } from "./return-history";
import { ItemCard, type Run } from "./return-item-card";
import { Receiving } from "./return-receiving";
import { Thumbs, type ViewerImages } from "./return-thumbs";
import { formatDate, Notice, StatusPill } from "./shared";

const DECISION_LABELS: Record<ReturnDecision, string> = { under_review: "Start Review", approved: "Approve", declined: "Decline", pending: "Back to Pending" };

/** What this viewer may do here, computed on the server from grants. */
export type ReturnCan = { update: boolean; reopen: boolean };

export function ReturnDetail({ row, can, onChanged }: { row: ReturnRequestView; can: ReturnCan; onChanged: (row: ReturnRequestView) => void }) {
  const [detail, setDetail] = useState<ReturnDetailView>({ ...row, history: [], images: [] });
  const [loading, setLoading] = useState(true);
  const [state, dispatch] = useReducer(detailReducer, INITIAL_DETAIL);
  const [remarks, setRemarks] = useState(row.remarks);
  const [viewer, setViewer] = useState<{ images: ViewerImages; index: number | null }>({ images: [], index: null });

  const reload = useCallback(async () => {
    try {
      const fresh = await fetchDetail(row._id);
      setDetail(fresh);
      onChanged(fresh);
    } catch (e) {
      dispatch({ type: "load-failed", message: (e as Error).message });
    } finally {
      setLoading(false);
    }
  }, [row._id, onChanged]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const run: Run = async (form, work, failure, success) => {
    dispatch({ type: "send", form });
    const result = await work();
    dispatch(result.ok ? { type: "saved", text: success } : { type: "refused", failure, error: result.error });
    await reload();
    dispatch({ type: "settled" });
  };

  const decide = (status: ReturnDecision) =>
    run("request", () => decideRequest(row._id, { status, remarks, version: detail.version }), "Failed to update request status. Please try again.", `Request ${returnStatusLabel(status).toLowerCase()}.`);

  const busy = state.busy || loading;
  const options = can.update ? nextReturnStatuses(detail.status, can.reopen) : [];
  const openImages = (images: ViewerImages, index: number) => setViewer({ images, index });

  return (
    <div className="space-y-5">
      {state.notice ? <Notice tone={state.notice.tone} onDismiss={() => dispatch({ type: "dismiss" })}>{state.notice.text}</Notice> : null}
      <Summary detail={detail} />

      {detail.needsReview ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          <span className="inline-flex items-center gap-2 font-semibold">
            <Flag className="size-4" aria-hidden="true" /> Flagged for review: what arrived does not match the request.
          </span>
          {can.update ? (
            <Button size="sm" variant="outline" disabled={state.busy} onClick={() => run("review", () => clearReview(row._id, detail.version), "Failed to clear the flag.", "Marked as reviewed.")}>
              Mark reviewed
            </Button>
          ) : null}
        </div>
      ) : null}

      {options.length ? (
        <DecisionForm remarks={remarks} onRemarks={setRemarks} options={options} busy={busy} onDecide={decide} fieldErrors={errorsOf(state, "request")} />
      ) : null}

      <section aria-label="Items" className="space-y-2">
        <h3 className="font-bold text-slate-900">Items ({detail.items.length})</h3>
        {detail.items.map((item) => (
          <ItemCard key={item._id} requestId={row._id} item={item} canDecide={can.update && checkItemDecision(detail.status).ok} busy={busy} run={run} fieldErrors={errorsOf(state, `item-${item.index}`)} onImages={openImages} />
        ))}
      </section>

      {detail.images.length ? (
        <section aria-label="Request images" className="space-y-2">
          <h3 className="font-bold text-slate-900">Request images</h3>
          <Thumbs records={detail.images} onOpen={openImages} />
        </section>
      ) : null}

      {can.update && checkReceiving(detail.status).ok ? <Receiving detail={detail} busy={busy} run={run} fieldErrors={errorsOf(state, "receiving")} /> : null}

      <History entries={detail.history} loading={loading} />
      <ImageViewer images={viewer.images} index={viewer.index} onIndex={(index) => setViewer((v) => ({ ...v, index }))} onClose={() => setViewer((v) => ({ ...v, index: null }))} />
    </div>
  );
}

function Summary({ detail }: { detail: ReturnDetailView }) {
  const a = detail.address[0];
  return (
    <section className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm text-slate-700">{detail.returnID}</span>
          <StatusPill tone={statusTone(detail.status)}>{returnStatusLabel(detail.status)}</StatusPill>
        </div>
        <p className="text-lg font-bold text-slate-900">{detail.companyName}</p>
        <p className="text-sm text-slate-700">Order # {detail.orderNum || "—"} · Submitted {formatDate(detail.submittedAt, true)}</p>
        <p className="text-sm text-slate-700">
          <span className="wrap-anywhere">{detail.email || "—"}</span> · <span className="whitespace-nowrap">{detail.phone || "—"}</span>
        </p>
        {detail.remarks ? <p className="text-sm text-slate-800">Remarks: {detail.remarks}</p> : null}
      </div>
      <address className="not-italic text-sm text-slate-800" aria-label="Address">
        {a ? (
          <>
            <div>{a.street}</div>
            {a.street2 ? <div>{a.street2}</div> : null}
            <div>
              {a.city}, {a.state} {a.zip ?? a.postalCode ?? ""}
            </div>
          </>
        ) : (
          "No address"
        )}
      </address>
    </section>
  );
}

type DecisionProps = { remarks: string; onRemarks: (v: string) => void; options: ReturnDecision[]; busy: boolean; onDecide: (s: ReturnDecision) => void; fieldErrors: FieldErrors };

function DecisionForm({ remarks, onRemarks, options, busy, onDecide, fieldErrors }: DecisionProps) {
  return (
    <section aria-label="Request decision" className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
      <label htmlFor="request-remarks" className="block text-sm font-semibold text-slate-800">
        Remarks
      </label>
      <Textarea id="request-remarks" rows={2} value={remarks} onChange={(e) => onRemarks(e.target.value)} maxLength={2000} {...fieldAria(fieldErrors, "remarks", "request-remarks")} />
      <FieldError id="request-remarks" messages={errorsFor(fieldErrors, "remarks")} />
      <UnplacedErrors fieldErrors={fieldErrors} shown={["remarks"]} labels={{ status: "Decision" }} />
      <div className="flex flex-wrap gap-2">
        {options.map((s) => (
          <Button key={s} size="sm" variant={s === "declined" ? "danger" : s === "approved" ? "primary" : "outline"} disabled={busy} onClick={() => onDecide(s)}>
            {DECISION_LABELS[s]}
          </Button>
        ))}
      </div>
    </section>
  );
}
