// The admin screens' calls: JSON in and out, and the server's error text (or the status) on failure, so
// every save can say whether it worked (spec 002 §8, done better: nothing is swallowed).
export type CallResult<T = unknown> = { ok: true; status: number; body: T } | { ok: false; status: number; error: string; body: unknown };

/** `json` is sent as application/json; `form` (files) as multipart, its boundary set by the browser. */
export async function adminCall<T = unknown>(url: string, init: { method?: string; json?: unknown; form?: FormData } = {}): Promise<CallResult<T>> {
  try {
    const res = await fetch(url, {
      method: init.method ?? "GET",
      headers: { Accept: "application/json", ...(init.json !== undefined ? { "Content-Type": "application/json" } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
      credentials: "same-origin",
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    if (res.ok) return { ok: true, status: res.status, body: body as T };
    const message =
      body && typeof body === "object" && typeof (body as { error?: unknown }).error === "string"
        ? (body as { error: string }).error
        : typeof body === "string" && body.trim()
          ? body.trim().slice(0, 200)
          : res.statusText || `Request failed (${res.status})`;
    return { ok: false, status: res.status, error: message, body };
  } catch (error) {
    return { ok: false, status: 0, error: error instanceof Error && error.message ? error.message : "Network error", body: null };
  }
}

/** `data` of a `{success, data}` answer (or a bare list). */
export function dataOf<T>(body: unknown): T {
  if (body && typeof body === "object" && "data" in (body as object)) return (body as { data: T }).data;
  return body as T;
}
