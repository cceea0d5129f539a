// The wizard's calls (spec 001 §7 'Delivery'): reads with the spec's 404 retry by order id, writes through the
// phone's outbox (app/lib/offline-queue.ts), the photo shrink before upload, and the geolocation read.
import { DELIVERY_MESSAGES, GEO_TIMEOUT_MS, PHOTO_MAX_SIDE, PHOTO_QUALITY, PHOTO_TARGET_BYTES } from "~/domain/delivery/rules";
import { networkMessage, type FieldErrors, type StandardSchema } from "~/domain/api-messages";
import type { GeoPoint } from "../../../db/schema";
import { apiFetch, idempotencyKey, readAnswer, type ApiError, type ApiSchema, type ContractOutput } from "~/lib/api-client";
import { sendOrQueue, type QueuedBody } from "~/lib/offline-queue";

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

/** The call's contract, loaded if it is lazy (readAnswer reads synchronously). */
function loadedContract(schema: Schema): Promise<StandardSchema<unknown>> {
  return "lazy" in schema && typeof schema.lazy === "function" ? schema.lazy() : Promise.resolve(schema as StandardSchema<unknown>);
}

/** GET with the spec's fallback: a 404 by order number is retried once with the order id. */
export async function getWithFallback<S extends Schema>(orderNumber: string, orderId: number | string, tail: string, schema: S): Promise<Outcome<ContractOutput<S>>> {
  let r = await apiFetch(`/api/delivery/${encodeURIComponent(orderNumber)}/${tail}`, schema);
  if (!r.ok && r.error.status === 404 && String(orderId) !== orderNumber) r = await apiFetch(`/api/delivery/${encodeURIComponent(String(orderId))}/${tail}`, schema);
  return r.ok ? { ok: true, data: r.data as ContractOutput<S> } : refusal(r.error);
}

/**
 * A write through the outbox: answered now (read through its contract like every apiFetch answer), or kept on
 * the phone with its Idempotency-Key ('queued'). A phone that can neither send nor keep it says it was not saved.
 */
export async function postDelivery<S extends Schema>(path: string, body: QueuedBody, opts: { label: string; orderNumber: string; idempotencyKey?: string }, schema: S): Promise<Outcome<ContractOutput<S>>> {
  // A lazy contract starts loading while the write is on its way (readAnswer needs it loaded).
  const contract = loadedContract(schema);
  contract.catch(() => {});
  let sent: Awaited<ReturnType<typeof sendOrQueue>>;
  try {
    sent = await sendOrQueue({ url: path, method: "POST", idempotencyKey: opts.idempotencyKey ?? idempotencyKey(), body, label: opts.label, orderNumber: opts.orderNumber });
  } catch {
    return { ok: false, status: 0, error: networkMessage("POST"), fieldErrors: {} };
  }
  if (sent.status === "queued") return { ok: "queued" };
  const res = sent.response;
  const text = await res.text().catch(() => "");
  let loaded: StandardSchema<unknown>;
  try {
    loaded = await contract;
  } catch {
    // The answer came but its contract's chunk did not: the same words as a failed upload (apiUpload).
    return { ok: false, status: 0, error: networkMessage("POST"), fieldErrors: {} };
  }
  const r = readAnswer("POST", res.status, text, res.headers.get("Retry-After"), loaded);
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

export function photoForm(file: File, note?: string): QueuedBody {
  const parts: { name: string; value: string | Blob; filename?: string }[] = [{ name: "image", value: file, filename: file.name }];
  if (note?.trim()) parts.push({ name: "note", value: note.trim() });
  return { kind: "form", parts };
}

export function jsonBody(value: unknown): QueuedBody {
  return { kind: "json", text: JSON.stringify(value) };
}

/** The order's meta and address kept on the phone, so the wizard opens at the door without signal. */
export function cacheKey(orderNumber: string) {
  return `delivery-cache:${orderNumber}`;
}
