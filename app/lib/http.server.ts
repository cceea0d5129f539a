// JSON answers and zod-parsed input for /api routes: errors are {success:false, error, fieldErrors?}.
// Parsing helpers throw typed errors (~/domain/errors); app/lib/route.server.ts turns them into answers.
import { z } from "zod";
import {
  DomainError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
  type FieldErrors,
} from "~/domain/errors";

/** The largest JSON body any call takes; bigger ones get 413 before a byte is parsed (DESIGN §7). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export function ok<T>(data: T, init?: ResponseInit): Response {
  return Response.json({ success: true, data }, init);
}

export function jsonError(status: number, error: string, extra?: Record<string, unknown>, init?: ResponseInit): Response {
  return Response.json({ success: false, error, ...extra }, { ...init, status });
}

/** Throws the typed error for `status`; loaders and actions let it propagate so the happy path stays flat. */
export function fail(status: number, error: string, extra?: Record<string, unknown>, init?: { headers?: Record<string, string> }): never {
  throw new DomainError(status, error, extra ?? {}, init?.headers ?? {});
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function validationFailure(error: z.ZodError): never {
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join(".")}: ` : "";
  throw new ValidationError(`Invalid input: ${where}${first?.message ?? "bad request"}`, fieldErrorsOf(error));
}

function isJsonType(contentType: string): boolean {
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  return mediaType === "application/json" || (mediaType.startsWith("application/") && mediaType.endsWith("+json"));
}

/**
 * The body as text, at most `limit` bytes: a declared Content-Length over it is refused before reading, and
 * a body without one (chunked) is read only up to the limit.
 */
export async function readBodyText(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<string> {
  const bytes = await readBodyBytes(request, limit);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ValidationError("Request body is not valid UTF-8");
  }
}

function tooLarge(limit: number): PayloadTooLargeError {
  return new PayloadTooLargeError(limit >= 1024 * 1024 ? `Request body is over ${Math.round(limit / 1024 / 1024)} MB` : `Request body is over ${Math.round(limit / 1024)} KB`);
}

/** The body's bytes, at most `limit`: a declared Content-Length over it is refused unread, a longer stream is cut. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/**
 * Parses a JSON body. A non-empty body must say `application/json` (a cross-site form can only send
 * text/plain, urlencoded or multipart, so this also keeps forms of other sites out); an empty body parses
 * as {} so schemas with defaults accept bodiless calls. Over 1 MB: 413 before parsing.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = request.headers.get("content-type") ?? "";
  const text = await readBodyText(request);
  let raw: unknown = {};
  if (text.trim()) {
    if (!isJsonType(type)) throw new UnsupportedMediaTypeError();
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ValidationError("Malformed JSON body");
    }
    // "\udc00" is valid JSON but not text: stored, it becomes bytes that are not UTF-8. "\u0000" is stored
    // whole but read back cut at the NUL by the database client: both would lose data, so both are refused.
    if (hasLoneSurrogate(raw)) throw new ValidationError("Text must be valid Unicode (a lone surrogate or NUL escape was sent)");
  } else if (type && !isJsonType(type)) {
    throw new UnsupportedMediaTypeError();
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) validationFailure(parsed.error);
  return parsed.data;
}

/**
 * The body of a call that takes none: empty, or JSON that is ignored (some clients send `{}` or their user
 * object); any other type is 415, so a form of another site cannot trigger the call with a text/plain post.
 */
export async function parseIgnoredBody(request: Request): Promise<void> {
  await parseJsonBody(request, ANY_JSON);
}

const ANY_JSON = z.unknown();

const EXPECTED_FORM = "Expected a form (Content-Type: multipart/form-data)";

function isFormType(contentType: string): boolean {
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  return mediaType === "multipart/form-data" || mediaType === "application/x-www-form-urlencoded";
}

/** Room for a form's boundaries and text fields beside its files. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * A multipart or urlencoded body, at most `limit` bytes (413 before parsing past it; the per-file rules of
 * files.server.ts apply after), 415 when it is not a form at all, 400 when it does not parse.
 */
export async function parseFormData(request: Request, limit: number): Promise<FormData> {
  // A body of another type (JSON, text/plain), or one that names none, is the wrong kind, not a broken form: 415.
  const type = request.headers.get("content-type") ?? "";
  if (type && !isFormType(type)) throw new UnsupportedMediaTypeError(EXPECTED_FORM);
  const body = await readBodyBytes(request, limit);
  if (!type && body.byteLength > 0) throw new UnsupportedMediaTypeError(EXPECTED_FORM);
  try {
    return await new Request(request.url, { method: "POST", headers: { "content-type": request.headers.get("content-type") ?? "" }, body: body as BodyInit }).formData();
  } catch {
    throw new ValidationError("Malformed form data");
  }
}

// eslint-disable-next-line no-control-regex -- NUL is one of the characters refused
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/;

/** Whether any string (or key) in a parsed JSON value holds half of a surrogate pair or a NUL (iterative: bodies nest deeply). */
export function hasLoneSurrogate(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === "string") {
      if (LONE_SURROGATE.test(v)) return true;
    } else if (Array.isArray(v)) {
      for (const child of v) pending.push(child); // not push(...v): a 1 MB array would overflow the arguments

    } else if (v && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

export function parseSearchParams<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const url = new URL(request.url);
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) raw[k] = v;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) validationFailure(parsed.error);
  return parsed.data;
}

export function parseParams<S extends z.ZodType>(params: Record<string, string | undefined>, schema: S): z.infer<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new NotFoundError("Not found");
  return parsed.data;
}

export function methodNotAllowed(allowed: string[]): never {
  throw new MethodNotAllowedError(allowed);
}
