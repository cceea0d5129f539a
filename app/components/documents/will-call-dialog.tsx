// Generate WILL CALL (spec 001 §2): order number and customer, the printed name of whoever collects, a signature,
// and the note that today's date is added; Generate PDF answers the document, which opens in the viewer.
import { useEffect, useId, useRef, useState } from "react";
import { preloadOutbox } from "~/lib/outbox-lazy";
import { toast } from "~/components/ui/toast";
import { FieldError, fieldAria, UnplacedErrors } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { inputClass } from "~/components/ui/input";
import type { FieldErrors } from "~/domain/api-messages";
import { CAPTURE_MESSAGES, WILL_CALL_MESSAGES } from "~/domain/documents/capture";
import { QUEUED_TEXT } from "~/domain/outbox";
import { idempotencyKey } from "~/lib/api-client";
import { willCallApi } from "./api";
import { SignaturePad, type SignaturePadHandle } from "./signature-pad";

export function WillCallDialog({
  open,
  order,
  isPhone,
  onClose,
  onGenerated,
}: {
  open: boolean;
  order: { _id: string | number; orderNumber: string; customerName: string };
  isPhone: boolean;
  onClose: () => void;
  onGenerated: (presignedUrl: string) => void;
}) {
  const id = useId();
  const pad = useRef<SignaturePadHandle>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The server's field errors and this form's own checks, each shown under its field; what was typed stays.
  const [fields, setFields] = useState<FieldErrors>({});

  // Its save goes through the outbox: the code is loaded while there is signal.
  useEffect(preloadOutbox, []);
  useEffect(() => {
    if (open) {
      setName("");
      setProblem(null);
      setFields({});
    }
  }, [open]);

  async function generate() {
    setProblem(null);
    if (!name.trim()) return setFields({ signedByName: [CAPTURE_MESSAGES.willCallNameRequired] });
    const signature = pad.current?.toDataUrl();
    if (!signature) return setFields({ signatureImageDataUrl: [CAPTURE_MESSAGES.signatureRequired] });
    setBusy(true);
    setFields({});
    const res = await willCallApi.generate(order._id, { signedByName: name.trim(), signatureImageDataUrl: signature }, idempotencyKey(), order.orderNumber);
    setBusy(false);
    if (res.ok === "queued") {
      toast.info("Will Call saved on this phone", { description: QUEUED_TEXT });
      return onClose();
    }
    if (!res.ok || !res.data.presignedUrl) {
      const message = res.ok ? WILL_CALL_MESSAGES.couldNot : res.error.message;
      if (!res.ok) setFields(res.error.fieldErrors);
      setProblem(`${WILL_CALL_MESSAGES.failed}: ${message}`);
      toast.error(WILL_CALL_MESSAGES.failed, { description: message });
      return;
    }
    onGenerated(res.data.presignedUrl);
  }

  return (
    <Dialog open={open} onClose={onClose} dismissable={!busy} title="Generate WILL CALL" description={`Order ${order.orderNumber} — ${order.customerName || "—"}`} className="max-w-xl">
      <DialogBody className="space-y-4">
        <div>
          <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-semibold text-slate-700">
            Customer name (printed)
          </label>
          <input id={`${id}-name`} className={inputClass} value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} {...fieldAria(fields, "signedByName", `${id}-name`)} />
          <FieldError id={`${id}-name`} messages={fields.signedByName} />
        </div>
        <div>
          <SignaturePad ref={pad} label="Signature" isPhone={isPhone} disabled={busy} />
          <FieldError id={`${id}-signature`} messages={fields.signatureImageDataUrl} />
        </div>
        <UnplacedErrors fieldErrors={fields} shown={["signedByName", "signatureImageDataUrl"]} />
        <p className="text-sm text-slate-600">{WILL_CALL_MESSAGES.dateNote}</p>
        {problem ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem}
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={generate} disabled={busy}>
          {busy ? "Generating…" : "Generate PDF"}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
