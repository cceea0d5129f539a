// The drivers' Need Help modal: an optional note and photo, sent to the managers as a 'Help requested' alert.
import { ImagePlus } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { Textarea } from "~/components/ui/textarea";
import { FieldError, fieldAria, errorsFor, UnplacedErrors } from "~/components/forms/field-errors";
import type { FieldErrors } from "~/domain/api-messages";
import type { TodayDelivery } from "~/domain/delivery/contract";
import { QUEUED_TEXT } from "~/domain/outbox";
import { HELP_NOTE_MAX, helpEndpoint, UNKNOWN_ORDER_HELP_PATH } from "~/domain/shell/help";
import { apiFetch, contractOf } from "~/lib/api-client";
import { sendThroughOutbox, type OutboxResult } from "~/lib/outbox-lazy";

// The contracts load with the first call, not the first paint (zod stays off this page's first load).
const contract = contractOf(() => import("~/domain/delivery/contract"));

/**
 * Sends the request through the floor's outbox (kept on the phone when there is no signal): JSON to the order's
 * need-help call, or multipart when a photo goes (or no order is named).
 */
function sendHelp(orderId: string | number | null | undefined, note: string, image: File | null): Promise<OutboxResult<unknown>> {
  const endpoint = helpEndpoint(orderId);
  const withOrder = endpoint !== UNKNOWN_ORDER_HELP_PATH;
  const about = withOrder ? String(orderId) : "";
  const queued = { path: endpoint, method: "POST", label: about ? `Need Help for order ${about}` : "Need Help", group: about || "need-help" };
  if (withOrder && !image) return sendThroughOutbox({ ...queued, json: note.trim() ? { note } : {} }, contract("HelpAnswer"));
  const form = new FormData();
  // Spec 000 section 5: the photo is sent only if one was chosen.
  if (image) form.append("image", image);
  form.append("note", note);
  return sendThroughOutbox({ ...queued, form }, contract("HelpAnswer"));
}

/** Today's deliveries of the driver, for the 'Which delivery?' choice (issue 8); empty when offline. */
function useTodaysDeliveries(open: boolean): TodayDelivery[] {
  const [list, setList] = useState<TodayDelivery[]>([]);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    apiFetch("/api/delivery/today", contract("TodayAnswer"), { signal: controller.signal })
      .then((r) => {
        if (r.ok) setList(r.data);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [open]);
  return list;
}

export function NeedHelpDialog({ open, onClose, orderId }: { open: boolean; onClose: () => void; orderId?: string | number | null }) {
  const deliveries = useTodaysDeliveries(open && (orderId === undefined || orderId === null));
  const [about, setAbout] = useState("");
  const [note, setNote] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const fileRef = useRef<HTMLInputElement>(null);

  function reset() {
    setNote("");
    setAbout("");
    setImage(null);
    setFieldErrors({});
    if (fileRef.current) fileRef.current.value = "";
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const r = await sendHelp(orderId ?? (about || null), note, image);
      if (r.ok === "queued") {
        toast.info("Help request saved on this phone", { description: QUEUED_TEXT });
        reset();
        onClose();
        return;
      }
      if (!r.ok) {
        // What the driver typed stays; the server's word on a field shows under it.
        setFieldErrors(r.error.fieldErrors);
        toast.error("Help failed", { description: r.error.message });
        return;
      }
      toast.success("Help requested", { description: "A manager has been alerted." });
      reset();
      onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Dialog open={open} onClose={onClose} dismissable={!busy} title="Need Help?" description="A manager will be alerted right away.">
      <form onSubmit={onSubmit}>
        <DialogBody className="space-y-4">
          {orderId === undefined || orderId === null ? (
            <div>
              <label htmlFor="help-order" className="mb-1 block text-sm font-semibold text-slate-800">
                Which delivery? <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <select
                id="help-order"
                value={about}
                onChange={(e) => setAbout(e.target.value)}
                className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
              >
                <option value="">None / not about one order</option>
                {deliveries.map((d) => (
                  <option key={d.orderId} value={String(d.orderId)}>
                    {d.orderNumber}
                    {d.customerName ? ` · ${d.customerName}` : ""}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div>
            <label htmlFor="help-note" className="mb-1 block text-sm font-semibold text-slate-800">
              What's wrong? <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <Textarea
              id="help-note"
              name="note"
              value={note}
              maxLength={HELP_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              placeholder="e.g. Customer not on site, gate locked…"
              {...fieldAria(fieldErrors, "note", "help-note")}
            />
            <FieldError id="help-note" messages={errorsFor(fieldErrors, "note")} />
          </div>
          <div>
            <span className="mb-1 block text-sm font-semibold text-slate-800">
              Photo <span className="font-normal text-slate-500">(optional)</span>
            </span>
            <label
              htmlFor="help-image"
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 border-dashed border-slate-300 px-3 py-2 text-slate-700 hover:border-brand-500"
            >
              <ImagePlus className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="truncate">{image ? image.name : "Take or choose a photo"}</span>
            </label>
            <input
              ref={fileRef}
              id="help-image"
              name="image"
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
              {...fieldAria(fieldErrors, "image", "help-image")}
            />
            <FieldError id="help-image" messages={errorsFor(fieldErrors, "image")} />
          </div>
          <UnplacedErrors fieldErrors={fieldErrors} shown={["note", "image"]} labels={{ orderId: "Which delivery" }} />
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy} aria-live="polite">
            {busy ? "Sending…" : "Request Help"}
          </Button>
        </DialogFooter>
      </form>
      </Dialog>
    </>
  );
}
