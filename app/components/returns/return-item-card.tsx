// One returned item in the detail: what was asked and why, its decision and receipt, its images on demand,
// and (while the request is open) remarks, decision date and Approve/Decline/Needs review, with the server's
// field errors under the remarks and date.
import { ImageIcon } from "lucide-react";
import { useState } from "react";
import { FieldError, fieldAria, errorsFor, UnplacedErrors } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/domain/api-messages";
import type { DetailForm } from "~/domain/returns/detail-state";
import type { ReturnItemView } from "~/domain/returns/contract";
import { returnStatusLabel, statusTone } from "~/domain/returns/rules";
import type { ApiResult } from "~/lib/api-client";
import { decideItem, fetchItemImages, type ImageRecord } from "./api";
import { Thumbs, type ViewerImages } from "./return-thumbs";
import { formatDate, StatusPill } from "./shared";

/** Sends one of the detail's saves: the form it belongs to, the call, and the words for failure and success. */
export type Run = (form: DetailForm, work: () => Promise<ApiResult<unknown>>, failure: string, success: string) => Promise<void>;

const ITEM_DECISIONS = [
  { status: "approved", label: "Approve item" },
  { status: "declined", label: "Decline item" },
  { status: "review", label: "Needs review" },
] as const;

type Props = { requestId: number; item: ReturnItemView; canDecide: boolean; busy: boolean; run: Run; fieldErrors: FieldErrors; onImages: (images: ViewerImages, index: number) => void };

export function ItemCard({ requestId, item, canDecide, busy, run, fieldErrors, onImages }: Props) {
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
      `item-${item.index}`,
      () => decideItem(requestId, item.index, { status, decisionDate: new Date(`${date}T12:00:00.000Z`).toISOString(), remarks, version: item.version }),
      "Failed to update item status. Please try again.",
      `Item ${item.sku} ${status === "review" ? "marked for review" : status}.`,
    );
  const remarksId = `item-${item._id}-remarks`;
  const dateId = `item-${item._id}-date`;

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
          <div>
            <Input id={remarksId} aria-label={`Remarks for ${item.sku}`} placeholder="Remarks" value={remarks} onChange={(e) => setRemarks(e.target.value)} maxLength={2000} {...fieldAria(fieldErrors, "remarks", remarksId)} />
            <FieldError id={remarksId} messages={errorsFor(fieldErrors, "remarks")} />
          </div>
          <div>
            <Input id={dateId} aria-label={`Decision date for ${item.sku}`} type="date" value={date} onChange={(e) => setDate(e.target.value)} {...fieldAria(fieldErrors, "decisionDate", dateId)} />
            <FieldError id={dateId} messages={errorsFor(fieldErrors, "decisionDate")} />
          </div>
          <div className="sm:col-span-2">
            <UnplacedErrors fieldErrors={fieldErrors} shown={["remarks", "decisionDate"]} labels={{ status: "Decision", version: "Version" }} />
          </div>
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
