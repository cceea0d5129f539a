// The wizard's calls (spec 001 §7 'Delivery'): reads with the spec's 404 retry by order id, writes through the
// phone's outbox (app/lib/offline-queue.ts), the photo shrink before upload, and the geolocation read.
import { DELIVERY_MESSAGES, GEO_TIMEOUT_MS, PHOTO_MAX_SIDE, PHOTO_QUALITY, PHOTO_TARGET_BYTES } from "~/domain/delivery/rules";
import type { GeoPoint } from "../../../db/schema";
import { newIdempotencyKey, sendOrQueue, type QueuedBody } from "~/lib/offline-queue";

export type { DeliveryLine, DeliveryMeta, RequiredProof } from "~/domain/delivery/rules";
export type { GeoPoint } from "../../../db/schema";

export type Outcome<T> = { ok: true; data: T } | { ok: false; status: number; error: string } | { ok: "queued" };

/** Spec 001 §8: 403 and 404 have their own words; otherwise the server's error or 'Failed'. */
export function errorText(status: number, error: string | undefined | null): string {
  if (status === 403) return DELIVERY_MESSAGES.notAuthorized;
  if (status === 404) return error && error !== "Not found" ? error : DELIVERY_MESSAGES.notFound;
  return error || DELIVERY_MESSAGES.failed;
}

async function readJson(res: Response): Promise<{ success?: boolean; error?: string; [k: string]: unknown }> {
  return ((await res.json().catch(() => null)) ?? {}) as { success?: boolean; error?: string };
}

/** GET with the spec's fallback: a 404 by order number is retried once with the order id. */
export async function getWithFallback<T>(orderNumber: string, orderId: number | string, tail: string, pick: (body: Record<string, unknown>) => T): Promise<Outcome<T>> {
  let res = await fetch(`/api/delivery/${encodeURIComponent(orderNumber)}/${tail}`, { credentials: "same-origin" });
  if (res.status === 404 && String(orderId) !== orderNumber) res = await fetch(`/api/delivery/${encodeURIComponent(String(orderId))}/${tail}`, { credentials: "same-origin" });
  const body = await readJson(res);
  if (res.ok && body.success !== false) return { ok: true, data: pick(body) };
  return { ok: false, status: res.status, error: errorText(res.status, body.error) };
}

/** A write through the outbox: answered now, or kept on the phone with its Idempotency-Key ('queued'). */
export async function postDelivery<T>(path: string, body: QueuedBody, opts: { label: string; orderNumber: string; idempotencyKey?: string }, pick: (body: Record<string, unknown>) => T): Promise<Outcome<T>> {
  const sent = await sendOrQueue({ url: path, method: "POST", idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(), body, label: opts.label, orderNumber: opts.orderNumber });
  if (sent.status === "queued") return { ok: "queued" };
  const json = await readJson(sent.response);
  if (sent.response.ok && json.success !== false) return { ok: true, data: pick(json) };
  return { ok: false, status: sent.response.status, error: errorText(sent.response.status, json.error) };
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
