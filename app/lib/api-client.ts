// The one browser client for /api: every screen's call goes through apiFetch (or apiUpload when a form's
// upload progress is shown), which answers typed data parsed by the call's contract (app/domain/<area>/
// contract.ts) or a typed error a person can act on: status, plain message, field errors. The floor's
// outbox wraps this one function; ESLint keeps `fetch(` out of screens and routes.
import { anyAnswer, networkMessage, plainError, plainFieldErrors, type FieldErrors, type StandardSchema } from "~/domain/api-messages";

export type ApiErrorKind = "offline" | "timeout" | "http" | "answer";

export type ApiError = {
  kind: ApiErrorKind;
  /** 0 when no answer came. */
  status: number;
  /** Plain words for a person: never a zod path, a stack or the browser's "Failed to fetch". */
  message: string;
  /** Per field (the server's dotted path), in plain words. */
  fieldErrors: FieldErrors;
  /** The answer's `data` on a failure (a 409's current row), unparsed. */
  data?: unknown;
  /** The whole failure body, for the rare screen that reads more (unparsed). */
  body?: unknown;
};

/** `headers` is the answer's (apiFetch only): for the rare call that carries data there (X-Total-Count). */
export type ApiResult<T> = { ok: true; status: number; data: T; headers?: Headers } | { ok: false; error: ApiError };
/** An answer as read from a body (no headers): what a page loader hands its screen, serializable as it is. */
export type ApiAnswer<T> = { ok: true; status: number; data: T } | { ok: false; error: ApiError };

export type ApiInit = {
  method?: string;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart (files); the browser sets the boundary. */
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: a retry of the same act is absorbed by the server. */
  idempotencyKey?: string;
  /** No answer within this many ms counts as a failure (default 30 s; 120 s for a form). */
  timeoutMs?: number;
  /** A success's body is not wanted (a poll that only asks "does the server answer?"): it is cancelled unread and `data` is undefined. A failure's body is still read for its reason. */
  discardBody?: boolean;
};

/**
 * A call's contract: a zod schema (any Standard Schema), or `lazy(() => import(contract).then(...))`, which is
 * loaded with the first call instead of the first paint: zod and the contracts cost ~15 KB gzipped, and a
 * phone's first screen should not wait for a validator (decision 038). The client itself imports no zod.
 */
export type ApiSchema = StandardSchema<unknown> | LazySchema<StandardSchema<unknown>>;
type Schema = ApiSchema;
export type LazySchema<S> = { readonly lazy: () => Promise<S> };
type Resolved<S> = S extends LazySchema<infer T> ? T : S;
export type ContractOutput<S> = Out<S>;
type Out<S> = Resolved<S> extends { readonly "~standard": { readonly types?: { readonly output: infer O } } } ? O : unknown;

/** A contract loaded on first use (see Schema). */
export function lazy<S extends StandardSchema<unknown>>(load: () => Promise<S>): LazySchema<S> {
  let loading: Promise<S> | null = null;
  return { lazy: () => (loading ??= load().catch((error: unknown) => ((loading = null), Promise.reject(error)))) };
}

/** `schemaOf(() => import("~/domain/orders/contract"))("OrderListAnswer")`: an area's lazy contract by name. */
export function contractOf<M>(load: () => Promise<M>) {
  const byName = <K extends keyof M>(name: K) => lazy(() => load().then((m) => m[name] as M[K] & StandardSchema<unknown>)) as LazySchema<M[K]>;
  /**
   * Loads the contracts now (after the first paint), for a screen whose writes must work with no signal: a write
   * kept by the outbox reads its answer later, when the chunk could no longer be fetched (before the service
   * worker holds it, or on the dev server).
   */
  byName.preload = (): void => void load().catch(() => {});
  return byName;
}

function isLazy(schema: Schema): schema is LazySchema<StandardSchema<unknown>> {
  return typeof (schema as LazySchema<unknown>).lazy === "function";
}

/** A fresh key per user action: a network retry of the same action is then absorbed by the server. */
export function idempotencyKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Whether a failure means the request may never have reached the server (a retry is the answer). */
export function isConnectionFailure(error: ApiError): boolean {
  return error.kind === "offline" || error.kind === "timeout";
}

/** Reads an answer (status, text, Retry-After) through the call's contract (already loaded; zod validates synchronously). */
export function readAnswer<S extends StandardSchema<unknown>>(method: string, status: number, text: string, retryAfter: string | null, schema: S): ApiAnswer<Out<S>> {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  if (status < 200 || status >= 300 || record.success === false) {
    const fieldErrors = plainFieldErrors(record.fieldErrors);
    const serverError = typeof record.error === "string" ? record.error : typeof record.message === "string" ? record.message : typeof body === "string" && body.length < 200 && !body.startsWith("<") ? body : "";
    return { ok: false, error: { kind: "http", status, message: plainError(status, serverError, fieldErrors, retryAfter), fieldErrors, data: record.data, body } };
  }
  const parsed = schema["~standard"].validate(body);
  if (parsed instanceof Promise) throw new Error("api: a contract must validate synchronously");
  if (parsed.issues) {
    // A server and screen that disagree on a shape: a bug to see in the console, a plain failure for the person.
    console.warn(`api: the answer of ${method} did not match its contract`, parsed.issues.slice(0, 3));
    return { ok: false, error: { kind: "answer", status, message: "The server's answer could not be read. Reload the page and try again.", fieldErrors: {}, body } };
  }
  return { ok: true, status, data: parsed.value as Out<S> };
}

/**
 * A value read through a contract outside a call (a 409's current row in `error.data`): typed data, or null
 * when it does not match. Loads a lazy contract first.
 */
export async function parseContract<S extends Schema>(schema: S, value: unknown): Promise<Out<S> | null> {
  const contract = await resolveSchema(schema);
  const parsed = contract["~standard"].validate(value);
  if (parsed instanceof Promise || parsed.issues) return null;
  return parsed.value as Out<S>;
}

/** The contract, loaded if it is lazy; a chunk that cannot load (no signal) is a failure like any other. */
async function resolveSchema(schema: Schema): Promise<StandardSchema<unknown>> {
  return isLazy(schema) ? schema.lazy() : schema;
}

function requestHeaders(init: ApiInit): Record<string, string> {
  return {
    Accept: "application/json",
    ...(init.json !== undefined ? { "Content-Type": "application/json" } : {}),
    ...(init.idempotencyKey ? { "Idempotency-Key": init.idempotencyKey } : {}),
    ...init.headers,
  };
}

/** GET (or any method) an /api path; the answer is parsed by `schema` (see `answer()` for the `{success, data}` envelope). */
export async function apiFetch<S extends Schema>(path: string, schema: S, init: ApiInit = {}): Promise<ApiResult<Out<S>>> {
  const method = (init.method ?? (init.json !== undefined || init.form ? "POST" : "GET")).toUpperCase();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    init.timeoutMs ?? (init.form ? 120_000 : 30_000),
  );
  const onAbort = () => controller.abort();
  init.signal?.addEventListener("abort", onAbort);
  // The contract loads while the request is on its way (a lazy one is a chunk of its own).
  const contract = resolveSchema(schema);
  contract.catch(() => {});
  try {
    const res = await fetch(path, {
      method,
      headers: requestHeaders(init),
      body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
      credentials: "same-origin",
      signal: controller.signal,
    });
    if (init.discardBody && res.ok) {
      await res.body?.cancel().catch(() => {});
      return { ok: true, status: res.status, data: undefined as Out<S>, headers: res.headers };
    }
    const text = await res.text();
    const result = readAnswer(method, res.status, text, res.headers.get("Retry-After"), await contract);
    return (result.ok ? { ...result, headers: res.headers } : result) as ApiResult<Out<S>>;
  } catch (error) {
    // The caller's own abort (a newer search replaced this one) is passed on for it to ignore.
    if (init.signal?.aborted) throw error;
    const kind = timedOut ? "timeout" : "offline";
    return { ok: false, error: { kind, status: 0, message: networkMessage(method, kind), fieldErrors: {} } };
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * A stored file's bytes (a PDF for pdf.js, a download to print): not JSON, but the same credentials, timeout
 * and plain-words failures as apiFetch.
 */
export async function apiBytes(url: string, init: Pick<ApiInit, "signal" | "timeoutMs"> = {}): Promise<ApiResult<Uint8Array<ArrayBuffer>>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, init.timeoutMs ?? 60_000);
  const onAbort = () => controller.abort();
  init.signal?.addEventListener("abort", onAbort);
  try {
    const res = await fetch(url, { credentials: "same-origin", signal: controller.signal });
    if (!res.ok) return (readAnswer("GET", res.status, await res.text(), res.headers.get("Retry-After"), anyAnswer)) as ApiResult<never>;
    return { ok: true, status: res.status, data: new Uint8Array(await res.arrayBuffer()), headers: res.headers };
  } catch (error) {
    if (init.signal?.aborted) throw error;
    const kind = timedOut ? "timeout" : "offline";
    return { ok: false, error: { kind, status: 0, message: networkMessage("GET", kind), fieldErrors: {} } };
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener("abort", onAbort);
  }
}

/** Like apiFetch, throwing the ApiError (as ApiFailure) instead of answering it: for loaders of data a screen cannot do without. */
export async function apiGet<S extends Schema>(path: string, schema: S, init: ApiInit = {}): Promise<Out<S>> {
  const result = await apiFetch(path, schema, init);
  if (!result.ok) throw new ApiFailure(result.error);
  return result.data;
}

export class ApiFailure extends Error {
  readonly status: number;
  readonly error: ApiError;
  constructor(error: ApiError) {
    super(error.message);
    this.name = "ApiFailure";
    this.status = error.status;
    this.error = error;
  }
}

/** A multipart upload with progress (XMLHttpRequest: fetch cannot report upload progress), read like apiFetch. */
export function apiUpload<S extends Schema>(
  path: string,
  schema: S,
  form: FormData,
  init: Omit<ApiInit, "json" | "form"> & { onProgress?: (fraction: number) => void } = {},
): Promise<ApiResult<Out<S>>> {
  const method = (init.method ?? "POST").toUpperCase();
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [k, v] of Object.entries(requestHeaders(init))) xhr.setRequestHeader(k, v);
    xhr.timeout = init.timeoutMs ?? 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && init.onProgress) init.onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      void resolveSchema(schema)
        .then((contract) => readAnswer(method, xhr.status, xhr.responseText, xhr.getResponseHeader("Retry-After"), contract))
        .then((result) => resolve(result as ApiResult<Out<S>>), () => resolve({ ok: false, error: { kind: "offline", status: 0, message: networkMessage(method), fieldErrors: {} } }));
    const failed = (kind: "offline" | "timeout") => () => resolve({ ok: false, error: { kind, status: 0, message: networkMessage(method, kind), fieldErrors: {} } });
    xhr.onerror = failed("offline");
    xhr.ontimeout = failed("timeout");
    init.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}
