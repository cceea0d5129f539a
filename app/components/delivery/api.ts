// The wizard's calls (spec 001 §7 'Delivery'): reads with the spec's 404 retry by order id, writes through the
// floor's one outbox (app/lib/outbox.ts), the photo shrink before upload, and the geolocation read.
import { DELIVERY_MESSAGES, GEO_TIMEOUT_MS, PHOTO_MAX_SIDE, PHOTO_QUALITY, PHOTO_TARGET_BYTES } from "~/domain/delivery/rules";
import type { FieldErrors } from "~/domain/api-messages";
import type { GeoPoint } from "../../../db/schema";
import { apiFetch, type ApiError, type ApiSchema, type ContractOutput } from "~/lib/api-client";
import { sendThroughOutbox } from "~/lib/outbox-lazy";
import { DELIVERY_COPY_PREFIX } from "~/lib/floor-copies";

export type { DeliveryLine, DeliveryMeta, RequiredProof } from "~/domain/delivery/rules";
export type { GeoPoint } from "../../../db/schema";

type Schema = ApiSchema;

/** A delivery call's outcome: answered (data, or a refusal in plain words with its field errors) or kept on the phone. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; status: number; error: string; fieldErrors: FieldErrors } | { ok: "queued" };

/** Spec 001 §8: 403 and 404 have their own words; otherwise the server's reason in plain words (the client's). */
export function errorText(status: number, error: string | undefined | null): string {
  if (status === 403) return DELIVERY_MESSAGES.notAuthorized;
  if (status === 404) return error && error !== "Not found" ? error : DELIVERY_MESSAGES.notFound;
  return error || DELIVERY_MESSAGES.failed;
}

/** The spec's words for an ApiError: a 404's own reason when the server gave one, else the client's plain message. */
function refusal<T>(error: ApiError): Outcome<T> {
  const serverText = error.body && typeof error.body === "object" ? (error.body as { error?: unknown }).error : undefined;
  const text = error.status === 404 ? (typeof serverText === "string" ? serverText : null) : error.message;
  return { ok: false, status: error.status, error: errorText(error.status, text), fieldErrors: error.fieldErrors };
}

/** GET with the spec's fallback: a 404 by order number is retried once with the order id. */
export async function getWithFallback<S extends Schema>(orderNumber: string, orderId: number | string, tail: string, schema: S): Promise<Outcome<ContractOutput<S>>> {
  let r = await apiFetch(`/api/delivery/${encodeURIComponent(orderNumber)}/${tail}`, schema);
  if (!r.ok && r.error.status === 404 && String(orderId) !== orderNumber) r = await apiFetch(`/api/delivery/${encodeURIComponent(String(orderId))}/${tail}`, schema);
  return r.ok ? { ok: true, data: r.data as ContractOutput<S> } : refusal(r.error);
}

/** A write's body: JSON, or a photo's multipart form. */
export type DeliveryBody = { json: unknown } | { form: FormData };

/**
 * A write through the floor's outbox: answered now (read through its contract like every apiFetch answer), or
 * kept on the phone with its Idempotency-Key and the time the driver acted ('queued'). A phone that can neither
 * send nor keep it says why (its storage is full) and that it was not saved.
 */
export async function postDelivery<S extends Schema>(path: string, body: DeliveryBody, opts: { label: string; orderNumber: string; idempotencyKey?: string }, schema: S): Promise<Outcome<ContractOutput<S>>> {
  const r = await sendThroughOutbox({ path, method: "POST", ...body, label: opts.label, group: opts.orderNumber, idempotencyKey: opts.idempotencyKey }, schema);
  if (r.ok === "queued") return { ok: "queued" };
  return r.ok ? { ok: true, data: r.data as ContractOutput<S> } : refusal(r.error);
}

/** The point where the driver stands: high accuracy, 8 s, or null when refused or unavailable (spec 001 §5). */
export function currentPosition(): Promise<GeoPoint | null> {
  return new Promise((resolve) => {
    if (typeof navigator === "undefined" || !navigator.geolocation) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy, source: "geolocation", capturedAt: new Date(p.timestamp || Date.now()).toISOString() }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: GEO_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

/**
 * A camera photo made small before it leaves the phone: the longest side at most 1600 px, JPEG, quality lowered
 * until it is under 1 MB (a 12-megapixel photo ends around 300-500 KB). A file the browser cannot decode is sent
 * as it is (the server checks it).
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (typeof createImageBitmap === "undefined" || typeof document === "undefined") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  let quality = PHOTO_QUALITY;
  for (;;) {
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, "image/jpeg", quality));
    if (!blob) return file;
    if (blob.size <= PHOTO_TARGET_BYTES || quality <= 0.4) {
      const name = file.name.replace(/\.[^.]*$/, "") || "photo";
      return new File([blob], `${name}.jpg`, { type: "image/jpeg" });
    }
    quality -= 0.15;
  }
}

export function photoForm(file: File, note?: string): DeliveryBody {
  const form = new FormData();
  form.append("image", file, file.name);
  if (note?.trim()) form.append("note", note.trim());
  return { form };
}

export function jsonBody(value: unknown): DeliveryBody {
  return { json: value };
}

/** The order's meta and address kept on the phone, so the wizard opens at the door without signal. */
export function cacheKey(orderNumber: string) {
  return `${DELIVERY_COPY_PREFIX}${orderNumber}`;
}
