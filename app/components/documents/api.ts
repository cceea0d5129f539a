// Browser calls of the dock documents (spec 001 §7): pick list generate/regenerate/email/re-enable/status, BOL,
// Will Call, warehouse capture. Each answers the server's body with its status, or a network failure.
import type { CaptureData } from "~/domain/documents/capture";
import type { BolBody, BolForm } from "~/domain/documents/bol";

export type Answer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: string; body: Record<string, unknown> };

async function call<T>(url: string, init: RequestInit & { json?: unknown } = {}, fallback = "Request failed"): Promise<Answer<T>> {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers, body, credentials: "same-origin" });
  } catch {
    return { ok: false, status: 0, error: "Network error: check the connection and try again.", body: {} };
  }
  let parsed: Record<string, unknown> = {};
  try {
    parsed = ((await res.json()) as Record<string, unknown>) ?? {};
  } catch {
    parsed = {};
  }
  if (!res.ok || parsed.success === false) {
    const error = typeof parsed.error === "string" && parsed.error ? parsed.error : `${fallback} (${res.status})`;
    return { ok: false, status: res.status, error, body: parsed };
  }
  return { ok: true, status: res.status, body: parsed as T };
}

const order = (id: string | number) => `/api/order-trackers/${encodeURIComponent(String(id))}`;

/** A fresh key per user action: a network retry of the same action is then absorbed by the server. */
export function idempotencyKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export type PickListStatus = { hasReleaseOrder: boolean; generatedAt: string | null; emailedAt: string | null; emailEnabled: boolean; completedAt: string | null };

export const pickListApi = {
  status: (id: string | number, signal?: AbortSignal) => call<PickListStatus>(`${order(id)}/release-order/status`, { signal }),
  generate: (id: string | number, user: { name: string; email: string }, force: boolean) =>
    call<{ presignedUrl: string; generatedAt: string; generated: boolean }>(`${order(id)}/release-order${force ? "?force=true" : ""}`, {
      method: "POST",
      json: { userName: user.name, userFirstName: user.name.split(/\s+/)[0] ?? "", userEmail: user.email, force },
    }),
  email: (id: string | number) => call<{ message: string; emailedAt: string }>(`${order(id)}/release-order/email`, { method: "POST", json: {} }),
  enableEmail: (id: string | number) => call<{ emailEnabled: true }>(`${order(id)}/release-order/email-enable`, { method: "POST", json: {} }),
};

export type BolAnswer = { exists: boolean; data: (Partial<Record<keyof BolForm, string | number | null>> & { version?: number; updatedAt?: string }) | null; presignedUrl: string | null };

export const bolApi = {
  get: (id: string | number, signal?: AbortSignal) => call<BolAnswer>(`${order(id)}/bol`, { signal }),
  save: (id: string | number, form: Record<keyof BolBody, string>, key: string) =>
    call<{ presignedUrl: string }>(`${order(id)}/bol`, { method: "POST", json: form, headers: { "Idempotency-Key": key } }, "BOL creation failed"),
};

export const willCallApi = {
  latest: (id: string | number, signal?: AbortSignal) => call<{ exists: boolean; presignedUrl: string | null; generatedAt: string | null }>(`${order(id)}/will-call`, { signal }),
  generate: (id: string | number, body: { signedByName: string; signatureImageDataUrl?: string }, key: string) =>
    call<{ presignedUrl: string }>(`${order(id)}/will-call`, { method: "POST", json: body, headers: { "Idempotency-Key": key } }, "Could not generate Will Call PDF"),
};

/** The delivery order PDF a completed delivery produced (spec 001 §7): 404 'Delivery Order not available' before. */
export const deliveryOrderApi = {
  link: (id: string | number) => call<{ presignedUrl: string }>(`/api/delivery/${encodeURIComponent(String(id))}/do`, {}, "Could not open the delivery order"),
};

const capture = (id: string | number) => `/api/warehouse/${encodeURIComponent(String(id))}/capture`;

export const captureApi = {
  get: (id: string | number, signal?: AbortSignal) => call<{ exists: boolean; data: CaptureData | null }>(capture(id), { signal }),
  save: (id: string | number, form: FormData, key: string) => call<{ data: CaptureData }>(capture(id), { method: "POST", body: form, headers: { "Idempotency-Key": key } }, "Failed to save capture"),
  addAttachments: (id: string | number, form: FormData, key: string) =>
    call<{ count: number }>(`${capture(id)}/attachments`, { method: "POST", body: form, headers: { "Idempotency-Key": key } }, "Failed to upload attachments"),
};
