// Warehouse Capture (spec 001 §2, §4, §5, §8): a warehouse employee's assigned order opens this instead of the
// order detail (modal on desktop, full screen on a phone). Printed customer name, signature, attachments, Save
// Capture; a 409 switches to the saved capture ('Already completed'); a saved capture of a Will Call order
// generates the Will Call PDF and opens it (errors there are ignored, as the spec says).
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { preloadOutbox } from "~/lib/outbox-lazy";
import { toast } from "~/components/ui/toast";
import { captureApi, willCallApi } from "~/components/documents/api";
import { PdfViewer, type PdfDocumentRef } from "~/components/documents/pdf-viewer";
import { SignaturePad, type SignaturePadHandle } from "~/components/documents/signature-pad";
import { FieldError, fieldAria, UnplacedErrors } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { NativeDialog } from "~/components/ui/dialog";
import { inputClass } from "~/components/ui/input";
import type { FieldErrors } from "~/domain/api-messages";
import { CAPTURE_MESSAGES, isWillCall, WILL_CALL_MESSAGES, willCallTitle, type CaptureData } from "~/domain/documents/capture";
import { QUEUED_TEXT } from "~/domain/outbox";
import { idempotencyKey } from "~/lib/api-client";
import { AttachmentPicker } from "./attachment-picker";
import { CaptureViewer } from "./capture-viewer";

export type CaptureOrder = { _id: string | number; orderNumber: string; customerName: string; orderType: string };

type Loaded = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; data: CaptureData | null };

export function WarehouseCapture({ order, isPhone, onClose }: { order: CaptureOrder | null; isPhone: boolean; onClose: () => void }) {
  return (
    <NativeDialog
      open={!!order}
      onClose={onClose}
      title={order ? `Warehouse Capture — ${order.orderNumber}` : "Warehouse Capture"}
      description={order?.customerName}
      className={cn(
        isPhone
          ? "fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto"
          : "m-auto max-h-[calc(100dvh-3rem)] w-[calc(100vw-3rem)] max-w-2xl overflow-y-auto rounded-2xl",
      )}
    >
      {order ? <CaptureBody key={order.orderNumber} order={order} isPhone={isPhone} /> : null}
    </NativeDialog>
  );
}

function CaptureBody({ order, isPhone }: { order: CaptureOrder; isPhone: boolean }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [notice, setNotice] = useState<{ tone: "warn" | "error"; text: string } | null>(null);
  const [doc, setDoc] = useState<PdfDocumentRef | null>(null);

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      const res = await captureApi.get(order._id, signal);
      if (signal?.aborted) return;
      setLoaded(res.ok ? { status: "ready", data: res.data.exists ? res.data.data : null } : { status: "error", message: res.error.message });
    },
    [order._id],
  );

  // Its save goes through the outbox: the code is loaded while there is signal.
  useEffect(preloadOutbox, []);
  useEffect(() => {
    const ctrl = new AbortController();
    // Aborted on close (and by StrictMode's double effect): the client rethrows the caller's own abort.
    reload(ctrl.signal).catch(() => undefined);
    return () => ctrl.abort();
  }, [reload]);

  async function afterSave(data: CaptureData) {
    setLoaded({ status: "ready", data });
    if (!isWillCall(order.orderType)) return;
    // Spec 001 §4: called with only the name (the server uses this capture's signature); errors are ignored.
    const res = await willCallApi.generate(order._id, { signedByName: data.signedByName }, idempotencyKey(), order.orderNumber);
    if (res.ok === true && res.data.presignedUrl) setDoc({ url: res.data.presignedUrl, title: willCallTitle(order.orderNumber), filename: `will-call-${order.orderNumber}.pdf` });
  }

  async function onConflict() {
    setNotice({ tone: "warn", text: `${CAPTURE_MESSAGES.alreadyTitle}: ${CAPTURE_MESSAGES.alreadyBody}` });
    toast.warning(CAPTURE_MESSAGES.alreadyTitle, { description: CAPTURE_MESSAGES.alreadyBody });
    await reload();
  }

  return (
    <div className="px-5 pt-3 pb-6">
      {notice ? (
        <p role={notice.tone === "error" ? "alert" : "status"} className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
          {notice.text}
        </p>
      ) : null}
      {loaded.status === "loading" ? (
        <p role="status" className="py-8 text-center text-slate-600">
          Loading capture…
        </p>
      ) : loaded.status === "error" ? (
        <div className="space-y-3">
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            Error: {loaded.message}
          </p>
          <Button variant="outline" onClick={() => void reload()}>
            Retry
          </Button>
        </div>
      ) : loaded.data ? (
        <>
          {isWillCall(order.orderType) ? (
            <div className="mb-3 flex justify-end">
              <Button
                variant="outline"
                size="sm"
                onClick={async () => {
                  const res = await willCallApi.latest(order._id);
                  if (res.ok && res.data.presignedUrl) setDoc({ url: res.data.presignedUrl, title: willCallTitle(order.orderNumber), filename: `will-call-${order.orderNumber}.pdf` });
                  else toast.error("Will Call not available", { description: res.ok ? WILL_CALL_MESSAGES.notFound : res.error.message });
                }}
              >
                Open Will Call
              </Button>
            </div>
          ) : null}
          <CaptureViewer orderId={order._id} data={loaded.data} isPhone={isPhone} onReload={() => reload()} />
        </>
      ) : (
        <CaptureForm order={order} isPhone={isPhone} onSaved={afterSave} onConflict={onConflict} />
      )}
      <PdfViewer doc={doc} isPhone={isPhone} onClose={() => setDoc(null)} />
    </div>
  );
}

function CaptureForm({ order, isPhone, onSaved, onConflict }: { order: CaptureOrder; isPhone: boolean; onSaved: (data: CaptureData) => Promise<void>; onConflict: () => Promise<void> }) {
  const id = useId();
  const pad = useRef<SignaturePadHandle>(null);
  const [name, setName] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The server's field errors and this form's own checks, each under its field; what was typed stays.
  const [fields, setFields] = useState<FieldErrors>({});
  // One key per capture attempt: a retry after a lost answer is absorbed, not a second save.
  const key = useRef(idempotencyKey());

  async function save() {
    setProblem(null);
    if (!name.trim()) return setFields({ signedByName: [CAPTURE_MESSAGES.nameRequired] });
    const signature = await pad.current?.toFile();
    if (!signature) return setFields({ signature: [CAPTURE_MESSAGES.signatureRequired] });
    setFields({});
    setSaving(true);
    const form = new FormData();
    form.set("signedByName", name.trim());
    form.set("signature", signature);
    for (const f of files) form.append("attachments", f);
    const res = await captureApi.save(order._id, form, key.current, order.orderNumber);
    setSaving(false);
    // Kept on this phone (no signal): the same key sends it once when there is signal.
    if (res.ok === "queued") return void toast.info("Warehouse capture saved on this phone", { description: QUEUED_TEXT, duration: 10_000 });
    if (!res.ok && res.error.status === 409) return onConflict();
    if (!res.ok) {
      setFields(res.error.fieldErrors);
      setProblem(`${CAPTURE_MESSAGES.saveFailed}: ${res.error.message}`);
      toast.error(CAPTURE_MESSAGES.saveFailed, { description: res.error.message });
      return;
    }
    toast.success(CAPTURE_MESSAGES.savedTitle, { description: CAPTURE_MESSAGES.savedBody });
    await onSaved(res.data.data);
  }

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-semibold text-slate-700">
          Customer name (printed)
        </label>
        <input id={`${id}-name`} className={inputClass} value={name} autoComplete="off" disabled={saving} onChange={(e) => setName(e.target.value)} {...fieldAria(fields, "signedByName", `${id}-name`)} />
        <FieldError id={`${id}-name`} messages={fields.signedByName} />
      </div>
      <div>
        <SignaturePad ref={pad} label="Signature" isPhone={isPhone} disabled={saving} />
        <FieldError id={`${id}-signature`} messages={fields.signature} />
      </div>
      <div>
        <AttachmentPicker label="Attachments (images and PDFs)" files={files} onChange={setFiles} disabled={saving} />
        <FieldError id={`${id}-attachments`} messages={fields.attachments} />
      </div>
      <UnplacedErrors fieldErrors={fields} shown={["signedByName", "signature", "attachments"]} labels={{ signedByName: "Customer name" }} />
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button onClick={save} disabled={saving} className="w-full sm:w-auto">
          {saving ? "Saving…" : "Save Capture"}
        </Button>
      </div>
    </div>
  );
}
