// The driver's delivery wizard (spec 001 §2 'Delivery wizard', §4 'Driver wizard steps', §5, §8; issue 8).
// Modal on desktop, full screen on a phone. 4 steps, 5 for cash on delivery; pills on desktop, 'Step n of N'
// with a bar on a phone; Skip; the step remembered per order; the last step when already delivered; Help
// reverts completion. Every write goes through the phone's outbox, so each step works without signal.
// Loaded lazily from Order Tracking (it is not in a driver's first-load JavaScript).
import { Camera, CheckCircle2, ClipboardCopy, CloudOff, FileText, LifeBuoy, Mail, MapPin, Truck } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { PdfViewer, type PdfDocumentRef } from "~/components/documents/pdf-viewer";
import { SignaturePad, type SignaturePadHandle } from "~/components/documents/signature-pad";
import type { OrderRow } from "~/components/orders/types";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { NativeDialog } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  DELIVERY_MESSAGES,
  PROOF_LABELS,
  easternDay,
  easternTime,
  formatAddress,
  initialStep,
  mapsSearchUrl,
  money,
  parseDollars,
  stepLabel,
  stepProgress,
  stepStorageKey,
  wizardSteps,
  type ProofKind,
} from "~/domain/delivery/rules";
import { AddressAnswer, CompletionAnswer, DeliveryOrderAnswer, HelpAnswer, MetaAnswer, OutForDeliveryAnswer, PhotoAnswer, ProofLinkAnswer, type DeliveryMeta } from "~/domain/delivery/contract";
import { apiFetch, idempotencyKey } from "~/lib/api-client";
import { onFlushed, watchQueue } from "~/lib/offline-queue";
import { cacheKey, currentPosition, getWithFallback, jsonBody, photoForm, postDelivery, shrinkPhoto } from "./api";

/**
 * A step's main button sticks to the bottom of the step's scroller while the step is taller than it, so it is in
 * view without scrolling; the white ring keeps the fields scrolling behind it from showing around it.
 */
const STEP_ACTION = "sticky bottom-3 z-10 shadow-[0_0_0_12px_#fff]";

type Props = { row: OrderRow | null; isPhone: boolean; onClose: () => void; onRowChange?: (row: Partial<OrderRow> & { orderNumber: string }) => void };

export default function DeliveryWizard({ row, isPhone, onClose, onRowChange }: Props) {
  return (
    <NativeDialog
      open={!!row}
      onClose={onClose}
      title={row ? `Order #${row.orderNumber}` : "Delivery"}
      description={row?.customerName || undefined}
      className={cn(
        // The dialog's height is bounded (its content box inherits it), so only the step scrolls, between the header
        // and the footer: the footer never covers a step's button.
        isPhone ? "fixed inset-0 m-0 h-dvh max-h-dvh w-full max-w-none overflow-y-auto [&>div]:h-full" : "m-auto w-[calc(100vw-2rem)] max-w-2xl rounded-2xl max-h-[calc(100dvh-2rem)] overflow-y-auto",
      )}
    >
      {/* Keyed by order: the wizard's state resets when it closes or another order opens (spec 001 §4). */}
      {row ? <WizardBody key={row.orderNumber} row={row} isPhone={isPhone} onRowChange={onRowChange} /> : null}
    </NativeDialog>
  );
}

type Cached = { meta: DeliveryMeta | null; address: string };

function readCache(orderNumber: string): Cached | null {
  try {
    const raw = localStorage.getItem(cacheKey(orderNumber));
    return raw ? (JSON.parse(raw) as Cached) : null;
  } catch {
    return null;
  }
}

function writeCache(orderNumber: string, value: Cached) {
  try {
    localStorage.setItem(cacheKey(orderNumber), JSON.stringify(value));
  } catch {
    // Storage full or blocked: the wizard still works from the row.
  }
}

function rememberedStep(orderNumber: string): number | null {
  try {
    const raw = localStorage.getItem(stepStorageKey(orderNumber));
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

function WizardBody({ row, isPhone, onRowChange }: { row: OrderRow; isPhone: boolean; onRowChange?: Props["onRowChange"] }) {
  const orderId = row._id;
  const cached = useMemo(() => (typeof window === "undefined" ? null : readCache(row.orderNumber)), [row.orderNumber]);
  const [meta, setMeta] = useState<DeliveryMeta | null>(cached?.meta ?? null);
  const [address, setAddress] = useState(cached?.address || formatAddress(row.address?.lines ?? []));
  const [loadError, setLoadError] = useState<string | null>(null);
  const paymentStatus = meta?.paymentStatus ?? row.paymentStatus ?? null;
  const steps = wizardSteps(paymentStatus);
  const [completed, setCompleted] = useState(!!(row.hasDeliveryOrder || row.deliveryCompletedAt || meta?.hasDeliveryOrder || meta?.deliveryCompletedAt));
  const [waitingCompletion, setWaitingCompletion] = useState(false);
  const [step, setStep] = useState(() => initialStep({ paymentStatus, completed, remembered: typeof window === "undefined" ? null : rememberedStep(row.orderNumber) }));
  const [busy, setBusy] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(0);
  const [doc, setDoc] = useState<PdfDocumentRef | null>(null);
  const [lastPdf, setLastPdf] = useState<string | null>(null);

  // Door inputs.
  const [codFile, setCodFile] = useState<File | null>(null);
  const [issueFile, setIssueFile] = useState<File | null>(null);
  const [issueNote, setIssueNote] = useState("");
  const [receiver, setReceiver] = useState("");
  const [signed, setSigned] = useState(false);
  const [collected, setCollected] = useState("");
  const [delivered, setDelivered] = useState<Record<number, { count: string; reason: string }>>({});
  const [photosSent, setPhotosSent] = useState({ cod: 0, issue: 0 });
  const pad = useRef<SignaturePadHandle>(null);
  const completionKey = useRef<string | null>(null);
  const codInput = useRef<HTMLInputElement>(null);
  const issueInput = useRef<HTMLInputElement>(null);

  const current = steps[Math.min(step, steps.length - 1)]!;

  useEffect(() => {
    try {
      localStorage.setItem(stepStorageKey(row.orderNumber), String(step));
    } catch {
      // ignore
    }
  }, [row.orderNumber, step]);

  // Meta and address: from the server when reachable (with the spec's 404 retry by id), else the phone's copy.
  useEffect(() => {
    let stop = false;
    void (async () => {
      try {
        const [m, a] = await Promise.all([
          getWithFallback(row.orderNumber, orderId, "meta", MetaAnswer),
          getWithFallback(row.orderNumber, orderId, "address", AddressAnswer),
        ]);
        if (stop) return;
        if (m.ok === true) {
          setMeta(m.data);
          if (m.data.hasDeliveryOrder || m.data.deliveryCompletedAt) {
            setCompleted(true);
            setStep(wizardSteps(m.data.paymentStatus).length - 1);
          }
        } else if (m.ok === false) {
          setLoadError(m.error);
          toast.error(m.error);
        }
        if (a.ok === true && a.data.formatted) setAddress(a.data.formatted);
        writeCache(row.orderNumber, { meta: m.ok === true ? m.data : (readCache(row.orderNumber)?.meta ?? null), address: a.ok === true ? a.data.formatted : address });
      } catch {
        // No signal: the cached copy (or the row) stands in.
      }
    })();
    return () => {
      stop = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened order
  }, [row.orderNumber]);

  // The outbox: how many requests wait, and what happens to this order's queued completion when it goes out.
  useEffect(() => watchQueue(setWaiting), []);
  useEffect(
    () =>
      onFlushed((o) => {
        if (o.request.orderNumber !== row.orderNumber || !o.request.url.endsWith("/complete")) return;
        setWaitingCompletion(false);
        if (o.ok) {
          const body = o.body as { presignedUrl?: string; completedAt?: string };
          setCompleted(true);
          setLastPdf(body.presignedUrl ?? null);
          onRowChange?.({ orderNumber: row.orderNumber, hasDeliveryOrder: true, deliveryCompletedAt: body.completedAt ?? null });
          toast.success(DELIVERY_MESSAGES.completed);
        } else {
          toast.error(DELIVERY_MESSAGES.completeTitle, { description: o.error || DELIVERY_MESSAGES.completeFailed, duration: 15_000 });
          setStep(wizardSteps(paymentStatus).indexOf("signature"));
        }
      }),
    [row.orderNumber, onRowChange, paymentStatus],
  );

  const next = () => setStep((s) => Math.min(s + 1, steps.length - 1));
  const base = `/api/delivery/${encodeURIComponent(String(orderId))}`;

  async function markOut() {
    setBusy("out");
    try {
      const r = await postDelivery(`${base}/out-for-delivery`, jsonBody({}), { label: `Out for delivery ${row.orderNumber}`, orderNumber: row.orderNumber }, OutForDeliveryAnswer);
      if (r.ok === false) return void toast.error(r.error);
      if (r.ok === "queued") toast.info("Saved on this phone", { description: "It will be sent when the signal returns." });
      else toast.success(DELIVERY_MESSAGES.outForDeliveryTitle, { description: DELIVERY_MESSAGES.outForDelivery });
      onRowChange?.({ orderNumber: row.orderNumber, orderStatus: "Out for Delivery" });
      next();
    } catch {
      toast.error(DELIVERY_MESSAGES.failed);
    } finally {
      setBusy(null);
    }
  }

  async function uploadPhoto(kind: "cod" | "issue") {
    const file = kind === "cod" ? codFile : issueFile;
    if (!file) return void toast.warning(DELIVERY_MESSAGES.selectImage);
    setBusy(kind);
    try {
      const small = await shrinkPhoto(file);
      const path = kind === "cod" ? `${base}/cod-proof` : `${base}/issue-photo`;
      const r = await postDelivery(path, photoForm(small, kind === "issue" ? issueNote : undefined), { label: `${kind === "cod" ? "COD photo" : "Issue photo"} ${row.orderNumber}`, orderNumber: row.orderNumber }, PhotoAnswer);
      if (r.ok === false) return void toast.error(DELIVERY_MESSAGES.uploadFailed, { description: r.error });
      if (r.ok === "queued") toast.info("Photo saved on this phone", { description: "It will be sent when the signal returns." });
      else toast.success(kind === "cod" ? DELIVERY_MESSAGES.codUploaded : DELIVERY_MESSAGES.issueUploaded);
      setPhotosSent((p) => ({ ...p, [kind]: p[kind] + 1 }));
      if (kind === "cod") {
        setCodFile(null);
        if (codInput.current) codInput.current.value = "";
      } else {
        setIssueFile(null);
        setIssueNote("");
        if (issueInput.current) issueInput.current.value = "";
      }
      next();
    } catch {
      toast.error(DELIVERY_MESSAGES.uploadFailed);
    } finally {
      setBusy(null);
    }
  }

  const lines = meta?.lines ?? [];
  const required = meta?.requiredProof;
  const cod = steps.includes("cod");
  const missing: ProofKind[] = required
    ? (
        [
          ["receiverName", !!receiver.trim()],
          ["signature", signed],
          ["photo", (meta?.photos.cod ?? 0) + (meta?.photos.issue ?? 0) + photosSent.cod + photosSent.issue > 0],
          ["codPhoto", !cod || (meta?.photos.cod ?? 0) + photosSent.cod > 0],
        ] as [ProofKind, boolean][]
      )
        .filter(([k, have]) => required[k] && !have)
        .map(([k]) => k)
    : [];

  async function complete() {
    const name = receiver.trim();
    if (missing.length) return void toast.warning(`Missing proof: ${missing.map((k) => PROOF_LABELS[k]).join(", ")}`);
    const deliveredLines = lines
      .filter((l) => delivered[l.id] && delivered[l.id]!.count.trim() !== "" && Number(delivered[l.id]!.count) !== l.quantity)
      .map((l) => ({ lineId: l.id, delivered: Number(delivered[l.id]!.count), reason: delivered[l.id]!.reason.trim() || null }));
    const short = deliveredLines.find((l) => !Number.isInteger(l.delivered) || l.delivered < 0 || (l.delivered < (lines.find((x) => x.id === l.lineId)?.quantity ?? 0) && !l.reason));
    if (short) return void toast.warning("Give a whole delivered count and a reason for each shortfall");
    let codCollectedCents: number | undefined;
    if (cod && collected.trim()) {
      const cents = parseDollars(collected);
      if (cents === null) return void toast.warning("Enter the cash collected as an amount, e.g. 120.50");
      codCollectedCents = cents;
    }
    setBusy("complete");
    try {
      const geo = await currentPosition();
      const payload = {
        signedByName: name,
        signatureDataUrl: pad.current?.toDataUrl() ?? undefined,
        deliveryDate: easternDay(new Date()),
        // The phone's time: a completion that waits for signal is recorded when it happened, not when it arrived.
        completedAt: new Date().toISOString(),
        ...(geo ? { deliveryCompleteGeo: geo } : {}),
        ...(deliveredLines.length ? { deliveredLines } : {}),
        ...(codCollectedCents !== undefined ? { codCollectedCents } : {}),
      };
      // One key per completion attempt: a retry of the same payload is the same completion.
      completionKey.current ??= idempotencyKey();
      const r = await postDelivery(`${base}/complete`, jsonBody(payload), { label: `Completion of ${row.orderNumber}`, orderNumber: row.orderNumber, idempotencyKey: completionKey.current }, CompletionAnswer);
      if (r.ok === false) {
        completionKey.current = null;
        return void toast.error(DELIVERY_MESSAGES.completeTitle, { description: r.error || DELIVERY_MESSAGES.completeFailed, duration: 15_000 });
      }
      setStep(steps.length - 1);
      if (r.ok === "queued") {
        setWaitingCompletion(true);
        toast.info("Delivery saved on this phone", { description: "It will be completed when the signal returns." });
        return;
      }
      setCompleted(true);
      setLastPdf(r.data.presignedUrl ?? null);
      onRowChange?.({ orderNumber: row.orderNumber, hasDeliveryOrder: true, deliveryCompletedAt: r.data.completedAt ?? null });
      toast.success(DELIVERY_MESSAGES.completed);
      if (r.data.presignedUrl) setDoc({ url: r.data.presignedUrl, title: `Delivery Order - ${row.orderNumber}`, filename: `delivery-order-${row.orderNumber}.pdf` });
    } catch {
      toast.error(DELIVERY_MESSAGES.completeTitle, { description: DELIVERY_MESSAGES.completeFailed, duration: 15_000 });
    } finally {
      setBusy(null);
    }
  }

  async function openDeliveryOrder() {
    setBusy("do");
    try {
      const r = await getWithFallback(row.orderNumber, orderId, "do", DeliveryOrderAnswer);
      const url = r.ok === true && r.data.presignedUrl ? r.data.presignedUrl : lastPdf;
      if (!url) return void toast.error(r.ok === false && r.status !== 404 ? DELIVERY_MESSAGES.doOpenFailed : DELIVERY_MESSAGES.doNotAvailable);
      setDoc({ url, title: `Delivery Order - ${row.orderNumber}`, filename: `delivery-order-${row.orderNumber}.pdf` });
    } catch {
      toast.error(DELIVERY_MESSAGES.doOpenFailed);
    } finally {
      setBusy(null);
    }
  }

  async function emailProof() {
    setBusy("proof");
    try {
      const r = await apiFetch(`${base}/proof-link`, ProofLinkAnswer, { json: {} });
      if (r.ok) toast.success("Proof link e-mailed", { description: `Sent to ${r.data.sentTo}` });
      else toast.error("Proof link not sent", { description: r.error.message });
    } finally {
      setBusy(null);
    }
  }

  async function help() {
    setBusy("help");
    try {
      const r = await apiFetch(`${base}/need-help`, HelpAnswer, { json: {} });
      if (!r.ok) return void toast.error(DELIVERY_MESSAGES.revertFailed, { description: r.error.message });
      toast.success(DELIVERY_MESSAGES.reverted);
      setCompleted(false);
      setLastPdf(null);
      completionKey.current = null;
      pad.current?.clear();
      setSigned(false);
      onRowChange?.({ orderNumber: row.orderNumber, hasDeliveryOrder: false, deliveryCompletedAt: null });
      setStep(steps.indexOf("signature"));
    } catch {
      toast.error(DELIVERY_MESSAGES.revertFailed);
    } finally {
      setBusy(null);
    }
  }

  async function copyAddress() {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(DELIVERY_MESSAGES.copied);
    } catch {
      toast.error(DELIVERY_MESSAGES.failed);
    }
  }

  const progress = stepProgress(step, steps.length);
  const optional = current === "cod" || current === "issue" || current === "out";
  const windowText = meta?.deliveryWindow;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="shrink-0 space-y-2 border-b border-slate-100 px-5 pb-3">
        {address ? (
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span data-testid="delivery-address" className="min-w-0 flex-1">{address}</span>
            <Button variant="outline" size="sm" onClick={copyAddress} aria-label="Copy address">
              <ClipboardCopy className="size-4" aria-hidden="true" /> Copy
            </Button>
            <a className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 md:min-h-9" href={row.address?.mapsUrl || mapsSearchUrl(address)} target="_blank" rel="noreferrer noopener">
              Map
            </a>
          </div>
        ) : null}
        <p className="text-xs text-slate-500">
          {windowText ? `Delivery window: ${windowText}` : meta?.outForDeliveryAt ? `Left at ${easternTime(meta.outForDeliveryAt)} · the delivery window is recorded at completion` : "The delivery window (Eastern Time) is recorded automatically."}
        </p>
        {waiting > 0 ? (
          <p role="status" className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
            <CloudOff className="size-4" aria-hidden="true" /> {waiting} waiting to send
          </p>
        ) : null}
        {loadError ? <p className="text-sm text-red-700">{loadError}</p> : null}
        {isPhone ? (
          <div>
            <div className="flex items-center justify-between text-sm font-semibold text-slate-700">
              <span>{progress.label}</span>
              <span>{stepLabel(current)}</span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-200" role="progressbar" aria-valuenow={progress.percent} aria-valuemin={0} aria-valuemax={100} aria-label="Delivery progress">
              <div className="h-2 rounded-full bg-brand-600 transition-all" style={{ width: `${progress.percent}%` }} />
            </div>
          </div>
        ) : (
          <ol className="flex flex-wrap gap-2" aria-label="Delivery steps">
            {steps.map((s, i) => (
              <li key={s}>
                <span
                  aria-current={i === step ? "step" : undefined}
                  className={cn(
                    "inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold",
                    i === step ? "bg-brand-700 text-white" : i < step ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600",
                  )}
                >
                  {i + 1}. {stepLabel(s)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>

      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4" data-testid={`delivery-step-${current}`}>
        {current === "out" ? (
          <div className="space-y-3">
            <p className="text-slate-700">Leaving the warehouse with this order? Mark it out for delivery.</p>
            <Button size="lg" className={cn("w-full sm:w-auto", STEP_ACTION)} onClick={markOut} disabled={!!busy}>
              <Truck className="size-5" aria-hidden="true" /> {busy === "out" ? "Saving…" : "Mark Out for Delivery"}
            </Button>
          </div>
        ) : null}

        {current === "cod" ? (
          <div className="space-y-3">
            <p className="text-slate-700">
              Cash on delivery{meta?.codDueCents != null ? `: ${money(meta.codDueCents)} due` : ""}. Take a photo of the cash or the receipt.
            </p>
            <PhotoPicker id="cod-photo" label="COD photo" file={codFile} inputRef={codInput} onFile={setCodFile} />
            <Button size="lg" className={cn("w-full sm:w-auto", STEP_ACTION)} onClick={() => uploadPhoto("cod")} disabled={!!busy}>
              <Camera className="size-5" aria-hidden="true" /> {busy === "cod" ? "Uploading…" : "Upload COD Photo"}
            </Button>
          </div>
        ) : null}

        {current === "issue" ? (
          <div className="space-y-3">
            <p className="text-slate-700">Anything wrong at the door (damage, access, refused items)? Add a photo and a note. Optional.</p>
            <PhotoPicker id="issue-photo" label="issue photo" file={issueFile} inputRef={issueInput} onFile={setIssueFile} />
            <div>
              <label htmlFor="issue-note" className="mb-1 block text-sm font-semibold text-slate-800">
                Note <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <Textarea id="issue-note" value={issueNote} maxLength={2000} onChange={(e) => setIssueNote(e.target.value)} placeholder="e.g. Two bags torn on the pallet" />
            </div>
            <Button size="lg" className={cn("w-full sm:w-auto", STEP_ACTION)} onClick={() => uploadPhoto("issue")} disabled={!!busy}>
              <Camera className="size-5" aria-hidden="true" /> {busy === "issue" ? "Uploading…" : "Upload Issue Photo"}
            </Button>
          </div>
        ) : null}

        {current === "signature" ? (
          <div className="space-y-4">
            <div>
              <label htmlFor="receiver-name" className="mb-1 block text-sm font-semibold text-slate-800">
                Receiver name {required?.receiverName ? <span className="text-red-700">(required)</span> : null}
              </label>
              <Input id="receiver-name" value={receiver} maxLength={200} autoComplete="off" onChange={(e) => setReceiver(e.target.value)} placeholder="Who received the goods" />
            </div>
            <SignaturePad ref={pad} label={required?.signature ? "Signature (required)" : "Signature (recommended)"} isPhone={isPhone} onChange={(empty) => setSigned(!empty)} disabled={busy === "complete"} />
            {cod ? (
              <div>
                <label htmlFor="cash-collected" className="mb-1 block text-sm font-semibold text-slate-800">
                  Cash collected {meta?.codDueCents != null ? <span className="font-normal text-slate-500">({money(meta.codDueCents)} due)</span> : null}
                </label>
                <Input id="cash-collected" inputMode="decimal" value={collected} onChange={(e) => setCollected(e.target.value)} placeholder="e.g. 120.50" />
              </div>
            ) : null}
            {lines.length ? (
              <details className="rounded-lg border border-slate-200">
                <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-slate-800">Delivered quantities ({lines.length} lines) · change only what was short</summary>
                <ul className="divide-y divide-slate-100">
                  {lines.map((l) => {
                    const d = delivered[l.id] ?? { count: "", reason: "" };
                    const isShort = d.count.trim() !== "" && Number(d.count) < l.quantity;
                    return (
                      <li key={l.id} className="space-y-2 px-3 py-2">
                        <div className="flex items-center gap-2">
                          <div className="min-w-0 flex-1 text-sm">
                            <span className="font-semibold">{l.sku}</span> <span className="text-slate-600">{l.description}</span>
                          </div>
                          <label className="sr-only" htmlFor={`delivered-${l.id}`}>
                            Delivered of {l.sku}
                          </label>
                          <Input
                            id={`delivered-${l.id}`}
                            className="w-20"
                            inputMode="numeric"
                            value={d.count}
                            placeholder={String(l.quantity)}
                            onChange={(e) => setDelivered((m) => ({ ...m, [l.id]: { ...d, count: e.target.value.replace(/[^\d]/g, "") } }))}
                          />
                          <span className="text-sm text-slate-500">/ {l.quantity}</span>
                        </div>
                        {isShort ? (
                          <Input aria-label={`Reason for the shortfall on ${l.sku}`} value={d.reason} maxLength={300} placeholder="Reason for the shortfall" onChange={(e) => setDelivered((m) => ({ ...m, [l.id]: { ...d, reason: e.target.value } }))} />
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </details>
            ) : null}
            {missing.length ? <p className="text-sm text-amber-800">Still needed: {missing.map((k) => PROOF_LABELS[k]).join(", ")}</p> : null}
            <Button size="lg" className={cn("w-full sm:w-auto", STEP_ACTION)} onClick={complete} disabled={!!busy}>
              <CheckCircle2 className="size-5" aria-hidden="true" /> {busy === "complete" ? "Completing…" : "Complete Delivery"}
            </Button>
          </div>
        ) : null}

        {current === "document" ? (
          <div className="space-y-3">
            {waitingCompletion ? (
              <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200">
                Completion saved on this phone. It will be sent when the signal returns, and the delivery order will be ready then.
              </p>
            ) : completed ? (
              <p className="flex items-center gap-2 font-semibold text-emerald-800">
                <CheckCircle2 className="size-5" aria-hidden="true" /> Delivered{meta?.deliveryWindow ? ` · ${meta.deliveryWindow}` : ""}
              </p>
            ) : (
              <p className="text-slate-700">The delivery is not complete yet.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button size="lg" onClick={openDeliveryOrder} disabled={!!busy || waitingCompletion}>
                <FileText className="size-5" aria-hidden="true" /> {busy === "do" ? "Opening…" : "Open Delivery Order"}
              </Button>
              <Button size="lg" variant="outline" onClick={emailProof} disabled={!!busy || !completed}>
                <Mail className="size-5" aria-hidden="true" /> Email proof to customer
              </Button>
            </div>
          </div>
        ) : null}
      </div>

      <div className="sticky bottom-0 flex shrink-0 flex-wrap items-center gap-2 border-t border-slate-100 bg-white px-5 py-3">
        <Button variant="danger" onClick={help} disabled={!!busy}>
          <LifeBuoy className="size-5" aria-hidden="true" /> {busy === "help" ? "Sending…" : "Help"}
        </Button>
        {isPhone ? <span className="text-xs text-slate-500">{DELIVERY_MESSAGES.helpNote}</span> : null}
        <div className="ml-auto flex gap-2">
          {step > 0 && current !== "document" ? (
            <Button variant="outline" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={!!busy}>
              Back
            </Button>
          ) : null}
          {optional ? (
            <Button variant="secondary" onClick={next} disabled={!!busy}>
              Skip
            </Button>
          ) : null}
        </div>
      </div>
      <PdfViewer doc={doc} isPhone={isPhone} onClose={() => setDoc(null)} />
    </div>
  );
}

function PhotoPicker({ id, label, file, inputRef, onFile }: { id: string; label: string; file: File | null; inputRef: React.RefObject<HTMLInputElement>; onFile: (f: File | null) => void }) {
  return (
    <div>
      <label htmlFor={id} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 border-dashed border-slate-300 px-3 py-2 text-slate-700 hover:border-brand-500">
        <Camera className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="truncate">{file ? file.name : `Take the ${label}`}</span>
      </label>
      {/* Spec 001 §5: the device camera (environment), images only. */}
      <input ref={inputRef} id={id} type="file" accept="image/*" capture="environment" className="sr-only" aria-label={label} onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
    </div>
  );
}
