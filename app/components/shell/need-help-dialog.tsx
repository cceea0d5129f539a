// The drivers' Need Help modal: an optional note and photo, sent to the managers as a 'Help requested' alert.
import { ImagePlus } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { OutboxStatus } from "~/components/delivery/outbox-status";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { Textarea } from "~/components/ui/textarea";
import { HELP_NOTE_MAX, helpEndpoint, UNKNOWN_ORDER_HELP_PATH } from "~/domain/shell/help";

async function sendHelp(orderId: string | number | null | undefined, note: string, image: File | null): Promise<string | null> {
  const endpoint = helpEndpoint(orderId);
  const withOrder = endpoint !== UNKNOWN_ORDER_HELP_PATH;
  let body: BodyInit;
  const headers: HeadersInit = {};
  if (withOrder && !image) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(note.trim() ? { note } : {});
  } else {
    const form = new FormData();
    // Spec 000 section 5: the photo is sent only if one was chosen.
    if (image) form.append("image", image);
    form.append("note", note);
    body = form;
  }
  const res = await fetch(endpoint, { method: "POST", body, headers, credentials: "same-origin" });
  const json = (await res.json().catch(() => null)) as { success?: boolean; error?: string } | null;
  if (res.ok && json?.success) return null;
  return json?.error || "Failed";
}

type TodayDelivery = { orderId: number; orderNumber: string; customerName: string };

/** Today's deliveries of the driver, for the 'Which delivery?' choice (issue 8); empty when offline. */
function useTodaysDeliveries(open: boolean): TodayDelivery[] {
  const [list, setList] = useState<TodayDelivery[]>([]);
  useEffect(() => {
    if (!open) return;
    let stop = false;
    fetch("/api/delivery/today", { credentials: "same-origin" })
      .then((r) => (r.ok ? (r.json() as Promise<{ data?: TodayDelivery[] }>) : null))
      .then((b) => {
        if (!stop && b?.data) setList(b.data);
      })
      .catch(() => {});
    return () => {
      stop = true;
    };
  }, [open]);
  return list;
}

export function NeedHelpDialog({ open, onClose, orderId }: { open: boolean; onClose: () => void; orderId?: string | number | null }) {
  const deliveries = useTodaysDeliveries(open && (orderId === undefined || orderId === null));
  const [about, setAbout] = useState("");
  const [note, setNote] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  function reset() {
    setNote("");
    setAbout("");
    setImage(null);
    if (fileRef.current) fileRef.current.value = "";
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const error = await sendHelp(orderId ?? (about || null), note, image);
      if (error) {
        toast.error("Help failed", { description: error });
        return;
      }
      toast.success("Help requested", { description: "A manager has been alerted." });
      reset();
      onClose();
    } catch {
      toast.error("Help failed", { description: "Could not submit help request" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {/* The drivers' delivery outbox: sends what waited on this phone and shows 'N waiting to send'. */}
      <OutboxStatus />
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
            />
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
            />
          </div>
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
