// The wizard's wiring: the state machine (app/domain/delivery/wizard.ts) fed by the meta call, the phone's
// outbox and the driver's buttons. Every write goes through the outbox (answered now, or kept on the phone);
// what a refusal says lands next to its field, and a write that could not even be kept says it was not saved.
import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import type { PdfDocumentRef } from "~/components/documents/pdf-viewer";
import type { SignaturePadHandle } from "~/components/documents/signature-pad";
import type { OrderRow } from "~/components/orders/types";
import type { DeliveryMeta } from "~/domain/delivery/contract";
import { DELIVERY_MESSAGES, easternDay, formatAddress } from "~/domain/delivery/rules";
import { completionDraft, currentStep, initialWizard, missingProofOf, stepsOf, wizardReducer, type Busy, type LineDraft } from "~/domain/delivery/wizard";
import { apiFetch, contractOf, idempotencyKey } from "~/lib/api-client";
import { onOutboxAnswered, preloadOutbox, watchOutbox } from "~/lib/outbox-lazy";
import { currentPosition, getWithFallback, jsonBody, photoForm, postDelivery, shrinkPhoto } from "./api";
import { readCache, rememberedStep, rememberStep, writeCache } from "./wizard-cache";

// The contracts load with the first call, not the first paint (zod stays off this page's first load).
const contract = contractOf(() => import("~/domain/delivery/contract"));

export type RowChange = (row: Partial<OrderRow> & { orderNumber: string }) => void;

/** The door's inputs: what the driver types, picks and signs, kept while the wizard is open. */
function useDoorInputs() {
  const [codFile, setCodFile] = useState<File | null>(null);
  const [issueFile, setIssueFile] = useState<File | null>(null);
  const [issueNote, setIssueNote] = useState("");
  const [receiver, setReceiver] = useState("");
  const [signed, setSigned] = useState(false);
  const [collected, setCollected] = useState("");
  const [delivered, setDelivered] = useState<Record<number, LineDraft>>({});
  const [photosSent, setPhotosSent] = useState({ cod: 0, issue: 0 });
  const pad = useRef<SignaturePadHandle>(null);
  const codInput = useRef<HTMLInputElement>(null);
  const issueInput = useRef<HTMLInputElement>(null);
  return { codFile, setCodFile, issueFile, setIssueFile, issueNote, setIssueNote, receiver, setReceiver, signed, setSigned, collected, setCollected, delivered, setDelivered, photosSent, setPhotosSent, pad, codInput, issueInput };
}

export type DoorInputs = ReturnType<typeof useDoorInputs>;

export function useDeliveryWizard(row: OrderRow, onRowChange?: RowChange) {
  const orderId = row._id;
  const cached = useMemo(() => readCache(row.orderNumber), [row.orderNumber]);
  const [meta, setMeta] = useState<DeliveryMeta | null>(cached?.meta ?? null);
  const [address, setAddress] = useState(cached?.address || formatAddress(row.address?.lines ?? []));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [state, dispatch] = useReducer(wizardReducer, null, () =>
    initialWizard({
      paymentStatus: cached?.meta?.paymentStatus ?? row.paymentStatus ?? null,
      completed: !!(row.hasDeliveryOrder || row.deliveryCompletedAt || cached?.meta?.hasDeliveryOrder || cached?.meta?.deliveryCompletedAt),
      remembered: rememberedStep(row.orderNumber),
    }),
  );
  const [waiting, setWaiting] = useState(0);
  const [doc, setDoc] = useState<PdfDocumentRef | null>(null);
  const [lastPdf, setLastPdf] = useState<string | null>(null);
  const door = useDoorInputs();
  const completionKey = useRef<string | null>(null);
  const base = `/api/delivery/${encodeURIComponent(String(orderId))}`;
  const docRef = { title: `Delivery Order - ${row.orderNumber}`, filename: `delivery-order-${row.orderNumber}.pdf` };

  useEffect(() => rememberStep(row.orderNumber, state.step), [row.orderNumber, state.step]);
  // Every step is written through the outbox: its code is loaded while there is signal.
  useEffect(preloadOutbox, []);

  // Meta and address: from the server when reachable (with the spec's 404 retry by id), else the phone's copy.
  useEffect(() => {
    let stop = false;
    void (async () => {
      const [m, a] = await Promise.all([getWithFallback(row.orderNumber, orderId, "meta", contract("MetaAnswer")), getWithFallback(row.orderNumber, orderId, "address", contract("AddressAnswer"))]);
      if (stop) return;
      if (m.ok === true) {
        setMeta(m.data);
        dispatch({ type: "metaLoaded", paymentStatus: m.data.paymentStatus, completed: !!(m.data.hasDeliveryOrder || m.data.deliveryCompletedAt) });
      } else if (m.ok === false && m.status !== 0) {
        // No signal (status 0): the cached copy (or the row) stands in, quietly.
        setLoadError(m.error);
        toast.error(m.error);
      }
      if (a.ok === true && a.data.formatted) setAddress(a.data.formatted);
      writeCache(row.orderNumber, { meta: m.ok === true ? m.data : (readCache(row.orderNumber)?.meta ?? null), address: a.ok === true ? a.data.formatted : address });
    })();
    return () => {
      stop = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened order
  }, [row.orderNumber]);

  // The outbox: how many writes wait, and what happens to this order's queued completion when it is answered.
  useEffect(() => watchOutbox((c) => setWaiting(c.waiting)), []);
  useEffect(
    () =>
      onOutboxAnswered((o) => {
        if (o.entry.group !== row.orderNumber || !o.entry.path.endsWith("/complete")) return;
        const body = (o.data ?? {}) as { presignedUrl?: string; completedAt?: string };
        if (o.verdict === "sent") {
          dispatch({ type: "completionFlushed", ok: true });
          setLastPdf(body.presignedUrl ?? null);
          onRowChange?.({ orderNumber: row.orderNumber, hasDeliveryOrder: true, deliveryCompletedAt: body.completedAt ?? null });
          toast.success(DELIVERY_MESSAGES.completed);
        } else {
          // Kept on the phone for the driver (the header's 'needs you' and /outbox say what to do).
          const fieldErrors = o.entry.refusal?.fieldErrors ?? {};
          dispatch({ type: "completionFlushed", ok: false, fieldErrors });
          toast.error(DELIVERY_MESSAGES.completeTitle, { description: o.entry.refusal?.message || DELIVERY_MESSAGES.completeFailed, duration: 15_000 });
        }
      }),
    [row.orderNumber, onRowChange],
  );

  /** One call at a time: the wizard says which, and settles whatever happens. */
  async function busyWith(busy: Busy, run: () => Promise<void>) {
    dispatch({ type: "start", busy });
    try {
      await run();
    } catch {
      // Not an answer of the server (the camera's file, the phone's storage): nothing was sent.
      toast.error(busy === "complete" ? DELIVERY_MESSAGES.completeTitle : DELIVERY_MESSAGES.failed, { description: busy === "complete" ? DELIVERY_MESSAGES.completeFailed : undefined });
    } finally {
      dispatch({ type: "settled" });
    }
  }

  const markOut = () =>
    busyWith("out", async () => {
      const r = await postDelivery(`${base}/out-for-delivery`, jsonBody({}), { label: `Out for delivery: ${row.orderNumber}`, orderNumber: row.orderNumber }, contract("OutForDeliveryAnswer"));
      if (r.ok === false) return void toast.error(r.error);
      if (r.ok === "queued") toast.info("Saved on this phone", { description: "It will be sent when there is signal." });
      else toast.success(DELIVERY_MESSAGES.outForDeliveryTitle, { description: DELIVERY_MESSAGES.outForDelivery });
      onRowChange?.({ orderNumber: row.orderNumber, orderStatus: "Out for Delivery" });
      dispatch({ type: "saved" });
    });

  const uploadPhoto = (kind: "cod" | "issue") => {
    const file = kind === "cod" ? door.codFile : door.issueFile;
    if (!file) return void toast.warning(DELIVERY_MESSAGES.selectImage);
    return busyWith(kind, async () => {
      const small = await shrinkPhoto(file);
      const path = kind === "cod" ? `${base}/cod-proof` : `${base}/issue-photo`;
      const r = await postDelivery(path, photoForm(small, kind === "issue" ? door.issueNote : undefined), { label: `${kind === "cod" ? "COD photo" : "Issue photo"} for ${row.orderNumber}`, orderNumber: row.orderNumber }, contract("PhotoAnswer"));
      if (r.ok === false) return void toast.error(DELIVERY_MESSAGES.uploadFailed, { description: r.error });
      if (r.ok === "queued") toast.info("Photo saved on this phone", { description: "It will be sent when there is signal." });
      else toast.success(kind === "cod" ? DELIVERY_MESSAGES.codUploaded : DELIVERY_MESSAGES.issueUploaded);
      door.setPhotosSent((p) => ({ ...p, [kind]: p[kind] + 1 }));
      if (kind === "cod") {
        door.setCodFile(null);
        if (door.codInput.current) door.codInput.current.value = "";
      } else {
        door.setIssueFile(null);
        door.setIssueNote("");
        if (door.issueInput.current) door.issueInput.current.value = "";
      }
      dispatch({ type: "saved" });
    });
  };

  const lines = meta?.lines ?? [];
  const cashOnDelivery = stepsOf(state).includes("cod");
  const missing = missingProofOf(meta?.requiredProof, { receiver: door.receiver, signed: door.signed, photos: meta?.photos ?? { cod: 0, issue: 0 }, sent: door.photosSent, cashOnDelivery });

  const complete = () => {
    const draft = completionDraft({ missing, lines, delivered: door.delivered, cashOnDelivery, collected: door.collected });
    if (!draft.ok) {
      dispatch({ type: "refused", fieldErrors: draft.fieldErrors });
      return void toast.warning(draft.message);
    }
    return busyWith("complete", async () => {
      const geo = await currentPosition();
      const payload = {
        signedByName: door.receiver.trim(),
        signatureDataUrl: door.pad.current?.toDataUrl() ?? undefined,
        deliveryDate: easternDay(new Date()),
        // The phone's time: a completion that waits for signal is recorded when it happened, not when it arrived.
        completedAt: new Date().toISOString(),
        ...(geo ? { deliveryCompleteGeo: geo } : {}),
        ...(draft.deliveredLines.length ? { deliveredLines: draft.deliveredLines } : {}),
        ...(draft.codCollectedCents !== undefined ? { codCollectedCents: draft.codCollectedCents } : {}),
      };
      // One key per completion attempt: a retry of the same payload is the same completion.
      completionKey.current ??= idempotencyKey();
      const r = await postDelivery(`${base}/complete`, jsonBody(payload), { label: `Delivery ${row.orderNumber} completed`, orderNumber: row.orderNumber, idempotencyKey: completionKey.current }, contract("CompletionAnswer"));
      if (r.ok === false) {
        completionKey.current = null;
        dispatch({ type: "refused", fieldErrors: r.fieldErrors });
        return void toast.error(DELIVERY_MESSAGES.completeTitle, { description: r.error || DELIVERY_MESSAGES.completeFailed, duration: 15_000 });
      }
      if (r.ok === "queued") {
        dispatch({ type: "completionQueued" });
        return void toast.info("Delivery saved on this phone", { description: "It will be completed when the signal returns." });
      }
      dispatch({ type: "completed" });
      setLastPdf(r.data.presignedUrl);
      onRowChange?.({ orderNumber: row.orderNumber, hasDeliveryOrder: true, deliveryCompletedAt: r.data.completedAt });
      toast.success(DELIVERY_MESSAGES.completed);
      if (r.data.presignedUrl) setDoc({ url: r.data.presignedUrl, ...docRef });
    });
  };

  const openDeliveryOrder = () =>
    busyWith("do", async () => {
      const r = await getWithFallback(row.orderNumber, orderId, "do", contract("DeliveryOrderAnswer"));
      const url = r.ok === true && r.data.presignedUrl ? r.data.presignedUrl : lastPdf;
      if (!url) return void toast.error(r.ok === false && r.status !== 404 ? DELIVERY_MESSAGES.doOpenFailed : DELIVERY_MESSAGES.doNotAvailable);
      setDoc({ url, ...docRef });
    });

  const [proofSentTo, setProofSentTo] = useState<string | null>(null);
  const emailProof = () =>
    busyWith("proof", async () => {
      const r = await apiFetch(`${base}/proof-link`, contract("ProofLinkAnswer"), { json: {} });
      if (r.ok) setProofSentTo(r.data.sentTo); // said on the step itself: a toast sits under the wizard's dialog
      else toast.error("Proof link not sent", { description: r.error.message });
    });

  const help = () =>
    busyWith("help", async () => {
      const r = await apiFetch(`${base}/need-help`, contract("HelpAnswer"), { json: {} });
      if (!r.ok) return void toast.error(DELIVERY_MESSAGES.revertFailed, { description: r.error.message });
      toast.success(DELIVERY_MESSAGES.reverted);
      dispatch({ type: "reverted" });
      setLastPdf(null);
      completionKey.current = null;
      door.pad.current?.clear();
      door.setSigned(false);
      onRowChange?.({ orderNumber: row.orderNumber, hasDeliveryOrder: false, deliveryCompletedAt: null });
    });

  async function copyAddress() {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(DELIVERY_MESSAGES.copied);
    } catch {
      toast.error(DELIVERY_MESSAGES.failed);
    }
  }

  return {
    state,
    dispatch,
    step: currentStep(state),
    steps: stepsOf(state),
    meta,
    address,
    loadError,
    waiting,
    doc,
    setDoc,
    door,
    lines,
    cashOnDelivery,
    missing,
    proofSentTo,
    actions: { markOut, uploadCod: () => uploadPhoto("cod"), uploadIssue: () => uploadPhoto("issue"), complete, openDeliveryOrder, emailProof, help, copyAddress },
  };
}

export type WizardModel = ReturnType<typeof useDeliveryWizard>;
