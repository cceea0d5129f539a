// One return request: contact, address lines, request and item decisions (for returns:update, under the
// server's transitions), item images on demand with the lightbox, receiving (received and damaged per item,
// restock computed, mismatch flagged) and the history with who and when. A 409 shows the current state.
import { Flag, ImageIcon, PackageCheck } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { ImageViewer } from "~/components/orders/image-viewer";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { checkItemDecision, checkReceiving, nextReturnStatuses, returnStatusLabel, statusTone, type ReturnDecision } from "~/domain/returns/rules";
import { ApiFailure, fetchDetail, fetchItemImages, sendJson, type HistoryEntry, type ImageRecord, type ReturnDetailView, type ReturnRequestView } from "./api";
import { formatDate, Notice, StatusPill } from "./shared";

const DECISION_LABELS: Record<ReturnDecision, string> = { under_review: "Start Review", approved: "Approve", declined: "Decline", pending: "Back to Pending" };
const ITEM_DECISIONS = [
  { status: "approved", label: "Approve item" },
  { status: "declined", label: "Decline item" },
  { status: "review", label: "Needs review" },
] as const;

type Message = { tone: "error" | "success" | "warning"; text: string } | null;

export function ReturnDetail({ row, canUpdate, isAdmin, onChanged }: { row: ReturnRequestView; canUpdate: boolean; isAdmin: boolean; onChanged: (row: ReturnRequestView) => void }) {
  const [detail, setDetail] = useState<ReturnDetailView>({ ...row, history: [], images: [] });
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [remarks, setRemarks] = useState(row.remarks);
  const [viewer, setViewer] = useState<{ images: { src: string; alt: string }[]; index: number | null }>({ images: [], index: null });

  const reload = useCallback(async () => {
    try {
      const fresh = await fetchDetail(row._id);
      setDetail(fresh);
      onChanged(fresh);
    } catch (e) {
      setMessage({ tone: "error", text: `Error: ${(e as Error).message}` });
    } finally {
      setLoading(false);
    }
  }, [row._id, onChanged]);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function run(work: () => Promise<unknown>, failure: string, success: string) {
    setBusy(true);
    setMessage(null);
    try {
      await work();
      setMessage({ tone: "success", text: success });
    } catch (e) {
      const f = e as ApiFailure;
      // 409: someone else moved first, or the transition is not allowed; the current state comes with it.
      if (f instanceof ApiFailure && f.status === 409) setMessage({ tone: "warning", text: f.message });
      else setMessage({ tone: "error", text: `${failure} ${f.message ? `(${f.message})` : ""}`.trim() });
    } finally {
      await reload();
      setBusy(false);
    }
  }

  const decideRequest = (status: ReturnDecision) =>
    run(
      () => sendJson(`/api/return-requests/${row._id}/status`, "PATCH", { status, remarks, version: detail.version }, "Failed to update request status"),
      "Failed to update request status. Please try again.",
      `Request ${returnStatusLabel(status).toLowerCase()}.`,
    );

  const itemsOpen = checkItemDecision(detail.status).ok;
  const options = canUpdate ? nextReturnStatuses(detail.status, isAdmin) : [];
  const a = detail.address[0];

  return (
    <div className="space-y-5">
      {message ? <Notice tone={message.tone} onDismiss={() => setMessage(null)}>{message.text}</Notice> : null}
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

      {detail.needsReview ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          <span className="inline-flex items-center gap-2 font-semibold">
            <Flag className="size-4" aria-hidden="true" /> Flagged for review: what arrived does not match the request.
          </span>
          {canUpdate ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => run(() => sendJson(`/api/return-requests/${row._id}/receiving`, "DELETE", { version: detail.version }, "Failed"), "Failed to clear the flag.", "Marked as reviewed.")}>
              Mark reviewed
            </Button>
          ) : null}
        </div>
      ) : null}

      {options.length ? (
        <section aria-label="Request decision" className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
          <label htmlFor="request-remarks" className="block text-sm font-semibold text-slate-800">
            Remarks
          </label>
          <Textarea id="request-remarks" rows={2} value={remarks} onChange={(e) => setRemarks(e.target.value)} maxLength={2000} />
          <div className="flex flex-wrap gap-2">
            {options.map((s) => (
              <Button key={s} size="sm" variant={s === "declined" ? "danger" : s === "approved" ? "primary" : "outline"} disabled={busy || loading} onClick={() => decideRequest(s)}>
                {DECISION_LABELS[s]}
              </Button>
            ))}
          </div>
        </section>
      ) : null}

      <section aria-label="Items" className="space-y-2">
        <h3 className="font-bold text-slate-900">Items ({detail.items.length})</h3>
        {detail.items.map((item) => (
          <ItemCard key={item._id} requestId={row._id} item={item} canDecide={canUpdate && itemsOpen} busy={busy || loading} run={run} onImages={(images, index) => setViewer({ images, index })} />
        ))}
      </section>

      {detail.images.length ? (
        <section aria-label="Request images" className="space-y-2">
          <h3 className="font-bold text-slate-900">Request images</h3>
          <Thumbs records={detail.images} onOpen={(images, index) => setViewer({ images, index })} />
        </section>
      ) : null}

      {canUpdate && checkReceiving(detail.status).ok ? <Receiving detail={detail} busy={busy || loading} run={run} /> : null}

      <History entries={detail.history} loading={loading} />
      <ImageViewer images={viewer.images} index={viewer.index} onIndex={(index) => setViewer((v) => ({ ...v, index }))} onClose={() => setViewer((v) => ({ ...v, index: null }))} />
    </div>
  );
}

type Run = (work: () => Promise<unknown>, failure: string, success: string) => Promise<void>;

function ItemCard({ requestId, item, canDecide, busy, run, onImages }: { requestId: number; item: ReturnRequestView["items"][number]; canDecide: boolean; busy: boolean; run: Run; onImages: (images: { src: string; alt: string }[], index: number) => void }) {
  const [remarks, setRemarks] = useState(item.status.remarks);
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [images, setImages] = useState<ImageRecord[] | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [loadingImages, setLoadingImages] = useState(false);

  async function loadImages() {
    setLoadingImages(true);
    setImageError(null);
    try {
      setImages(await fetchItemImages(requestId, item.index));
    } catch (e) {
      setImageError((e as Error).message || "Unable to load");
    } finally {
      setLoadingImages(false);
    }
  }

  const decide = (status: string) =>
    run(
      () => sendJson(`/api/return-requests/${requestId}/items/${item.index}/status`, "PATCH", { status, decisionDate: new Date(`${date}T12:00:00.000Z`).toISOString(), remarks, version: item.version }, "Failed to update item status"),
      "Failed to update item status. Please try again.",
      `Item ${item.sku} ${status === "review" ? "marked for review" : status}.`,
    );

  return (
    <article aria-label={`Item ${item.sku}`} className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {item.sku} <span className="font-normal text-slate-700">× {item.count}</span>
          </p>
          <p className="text-sm text-slate-700">{item.description || "—"}</p>
        </div>
        <StatusPill tone={statusTone(item.status.status)}>{returnStatusLabel(item.status.status)}</StatusPill>
      </div>
      <p className="text-sm text-slate-800">
        Reason: {item.reason || "—"}
        {item.customReason ? ` — ${item.customReason}` : ""}
      </p>
      {item.comments ? <p className="text-sm text-slate-700">Comments: {item.comments}</p> : null}
      {item.status.decisionDate ? (
        <p className="text-xs text-slate-600">
          Decided {formatDate(item.status.decisionDate)}
          {item.status.remarks ? ` · ${item.status.remarks}` : ""}
        </p>
      ) : null}
      {item.receivedQty !== null ? (
        <p className="text-sm text-slate-800">
          Received {item.receivedQty} · damaged {item.damagedQty} · <strong>restock {item.restockQty}</strong>
          {item.receivedBy ? ` · by ${item.receivedBy} ${formatDate(item.receivedAt, true)}` : ""}
        </p>
      ) : null}
      <div>
        {images === null ? (
          <Button size="sm" variant="ghost" onClick={loadImages} disabled={loadingImages}>
            <ImageIcon className="size-4" aria-hidden="true" /> {loadingImages ? "Loading images…" : "Show images"}
          </Button>
        ) : images.length ? (
          <Thumbs records={images} onOpen={onImages} />
        ) : (
          <p className="text-sm text-slate-600">No images for this item.</p>
        )}
        {imageError ? <p className="text-sm text-red-700">{imageError}</p> : null}
      </div>
      {canDecide ? (
        <div className="grid gap-2 border-t border-slate-100 pt-2 sm:grid-cols-[1fr_auto]">
          <Input aria-label={`Remarks for ${item.sku}`} placeholder="Remarks" value={remarks} onChange={(e) => setRemarks(e.target.value)} maxLength={2000} />
          <Input aria-label={`Decision date for ${item.sku}`} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            {ITEM_DECISIONS.map((d) => (
              <Button key={d.status} size="sm" variant={d.status === "declined" ? "danger" : d.status === "approved" ? "primary" : "outline"} disabled={busy} onClick={() => decide(d.status)} aria-label={`${d.label} ${item.sku}`}>
                {d.label}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </article>
  );
}

function Thumbs({ records, onOpen }: { records: ImageRecord[]; onOpen: (images: { src: string; alt: string }[], index: number) => void }) {
  const shown = records.filter((r) => r.presignedUrl).map((r) => ({ src: r.presignedUrl!, alt: r.name }));
  return (
    <ul className="flex flex-wrap gap-2">
      {records.map((r) =>
        r.presignedUrl ? (
          <li key={r.presignedUrl}>
            <button type="button" onClick={() => onOpen(shown, shown.findIndex((s) => s.src === r.presignedUrl))} className="block size-20 overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
              <img src={r.presignedUrl} alt={r.name} className="size-full object-cover" loading="lazy" />
            </button>
          </li>
        ) : (
          <li key={r.name} className="grid size-20 place-items-center rounded-lg border border-dashed border-slate-300 p-1 text-center text-xs text-slate-600">
            {r.error ?? "Unable to load"}
          </li>
        ),
      )}
    </ul>
  );
}

function Receiving({ detail, busy, run }: { detail: ReturnDetailView; busy: boolean; run: Run }) {
  const [lines, setLines] = useState(() => Object.fromEntries(detail.items.map((i) => [i.index, { received: String(i.receivedQty ?? i.count), damaged: String(i.damagedQty ?? 0) }])));
  const [notes, setNotes] = useState("");
  const parsed = detail.items.map((i) => {
    const l = lines[i.index] ?? { received: "", damaged: "" };
    const received = /^\d+$/.test(l.received) ? Number(l.received) : NaN;
    const damaged = /^\d+$/.test(l.damaged) ? Number(l.damaged) : NaN;
    return { item: i, received, damaged, valid: Number.isFinite(received) && Number.isFinite(damaged) && damaged <= received };
  });
  const allValid = parsed.every((p) => p.valid);
  const submit = () =>
    run(
      () => sendJson(`/api/return-requests/${detail._id}/receiving`, "POST", { items: parsed.map((p) => ({ index: p.item.index, received: p.received, damaged: p.damaged })), notes, version: detail.version }, "Failed to record the receipt"),
      "Failed to record the receipt. Please try again.",
      "Receipt recorded.",
    );
  return (
    <section aria-label="Receiving" className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
      <h3 className="inline-flex items-center gap-2 font-bold text-slate-900">
        <PackageCheck className="size-5" aria-hidden="true" /> Receiving {detail.receivedAt ? <span className="text-sm font-normal text-slate-600">(last {formatDate(detail.receivedAt, true)})</span> : null}
      </h3>
      <p className="text-sm text-slate-700">Count what arrived and what is damaged. Only the sellable rest is marked for restock; a count other than requested flags the request.</p>
      <div className="space-y-2">
        {parsed.map(({ item, received, damaged, valid }) => (
          <div key={item._id} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_7rem_7rem_6rem]">
            <p className="col-span-2 text-sm font-semibold text-slate-900 sm:col-span-1">
              {item.sku} <span className="font-normal text-slate-600">requested {item.count}</span>
            </p>
            <label className="text-xs font-semibold text-slate-700">
              Received
              <Input aria-label={`Received ${item.sku}`} inputMode="numeric" value={lines[item.index]?.received ?? ""} onChange={(e) => setLines({ ...lines, [item.index]: { ...lines[item.index]!, received: e.target.value } })} />
            </label>
            <label className="text-xs font-semibold text-slate-700">
              Damaged
              <Input aria-label={`Damaged ${item.sku}`} inputMode="numeric" value={lines[item.index]?.damaged ?? ""} onChange={(e) => setLines({ ...lines, [item.index]: { ...lines[item.index]!, damaged: e.target.value } })} />
            </label>
            <p className={`text-sm ${valid ? "text-slate-800" : "text-red-700"}`}>
              {valid ? `Restock ${received - damaged}${received !== item.count ? " · mismatch" : ""}` : "Check the numbers"}
            </p>
          </div>
        ))}
      </div>
      <Input aria-label="Receiving notes" placeholder="Notes (optional)" value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
      <Button size="sm" disabled={busy || !allValid} onClick={submit}>
        Record receipt
      </Button>
    </section>
  );
}

function describe(entry: HistoryEntry): string {
  const parts = entry.changes.map((c) => {
    if (c.field === "status") return `status ${returnStatusLabel(String(c.before))} → ${returnStatusLabel(String(c.after))}`;
    const item = /^items\.(\d+)\.(\w+)$/.exec(c.field);
    if (item && item[2] === "status") return `item ${Number(item[1]) + 1} ${returnStatusLabel(String(c.after))}`;
    if (item && item[2] === "received") {
      const after = c.after as { received: number; damaged: number; restock: number; mismatch: boolean };
      return `item ${Number(item[1]) + 1}: received ${after.received}, damaged ${after.damaged}, restock ${after.restock}${after.mismatch ? " (mismatch)" : ""}`;
    }
    if (c.field === "needsReview") return c.after ? "flagged for review" : "review flag cleared";
    if (item && item[2] === "remarks") return `item ${Number(item[1]) + 1} remarks “${String(c.after)}”`;
    if (c.field === "remarks") return `remarks “${String(c.after)}”`;
    if (c.field === "receivingNotes") return `notes “${String(c.after)}”`;
    return c.field;
  });
  return parts.join("; ") || entry.action;
}

function History({ entries, loading }: { entries: HistoryEntry[]; loading: boolean }) {
  return (
    <section aria-label="History" className="space-y-2">
      <h3 className="font-bold text-slate-900">History</h3>
      {loading ? <p className="text-sm text-slate-600">Loading history…</p> : null}
      {!loading && !entries.length ? <p className="text-sm text-slate-600">No changes yet.</p> : null}
      <ol className="space-y-1">
        {entries.map((e, i) => (
          <li key={`${e.at}-${i}`} className="text-sm text-slate-800">
            <span className="text-slate-600">{formatDate(e.at, true)}</span> · <strong>{e.actor}</strong>: {describe(e)}
          </li>
        ))}
      </ol>
    </section>
  );
}
