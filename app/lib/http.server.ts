// JSON responses and zod-parsed input for /api routes: errors are {success:false, error, fieldErrors?}.
import type { z } from "zod";

export function ok<T>(data: T, init?: ResponseInit): Response {
  return Response.json({ success: true, data }, init);
}

export function jsonError(status: number, error: string, extra?: Record<string, unknown>, init?: ResponseInit): Response {
  return Response.json({ success: false, error, ...extra }, { ...init, status });
}

/** Throws an error response; loaders and actions let it propagate so the happy path stays flat. */
export function fail(status: number, error: string, extra?: Record<string, unknown>, init?: ResponseInit): never {
  throw jsonError(status, error, extra, init);
}

export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function validationFailure(error: z.ZodError): never {
  const fieldErrors = fieldErrorsOf(error);
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join(".")}: ` : "";
  fail(400, `Invalid input: ${where}${first?.message ?? "bad request"}`, { fieldErrors });
}

/** Parses a JSON body; an empty body parses as {} so schemas with defaults accept bodiless calls. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (type && !type.includes("json") && !type.startsWith("text/plain")) fail(415, "Expected a JSON body");
  const text = await request.text();
  let raw: unknown = {};
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      fail(400, "Malformed JSON body");
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) validationFailure(parsed.error);
  return parsed.data;
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
  if (!parsed.success) fail(404, "Not found");
  return parsed.data;
}

export function methodNotAllowed(allowed: string[]): never {
  fail(405, "Method not allowed", undefined, { headers: { Allow: allowed.join(", ") } });
}
