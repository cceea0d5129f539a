// Shared helpers of the dock-document tests: a PNG, files of every bad kind, multipart and JSON calls, PDF text.
import { execFileSync } from "node:child_process";
import { request, settle } from "../support/context";
import type { createTestContext } from "../support/context";

export type Json = any;
type Ctx = ReturnType<typeof createTestContext>;
type RouteModule = { loader?: (args: any) => Promise<unknown>; action?: (args: any) => Promise<unknown> };

/** A real 1x1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
export const PNG_DATA_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`;
export const JPEG_BYTES = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
export const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

export function concat(...parts: (Uint8Array | string)[]): Uint8Array {
  const chunks = parts.map((p) => (typeof p === "string" ? new TextEncoder().encode(p) : p));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export function file(bytes: Uint8Array, name: string, type = "application/octet-stream"): File {
  return new File([bytes as BlobPart], name, { type });
}

export function pdfText(bytes: Uint8Array): string {
  return execFileSync("/usr/bin/pdftotext", ["-layout", "-", "-"], { input: Buffer.from(bytes) }).toString("utf8");
}

/** The PDF behind a presignedUrl, read through the real /files route. */
export async function fetchSigned(ctx: Ctx, url: string): Promise<{ status: number; bytes: Uint8Array; type: string | null }> {
  const files = await import("~/routes/files.$key");
  const u = new URL(url);
  const res = (await settle(() => files.loader({ request: request(`${u.pathname}${u.search}`), context: ctx, params: {} } as never))) as Response;
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get("content-type") };
}

export async function callJson(ctx: Ctx, mod: RouteModule, method: "GET" | "POST", path: string, params: Record<string, string>, cookie: string | undefined, json?: unknown, headers: Record<string, string> = {}) {
  const kind = method === "GET" ? "loader" : "action";
  const req = request(path, { method, cookie, headers, ...(method === "POST" ? { json: json ?? {} } : {}) });
  const res = (await settle(() => mod[kind]!({ request: req, context: ctx, params }))) as Response;
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

export async function callForm(ctx: Ctx, mod: RouteModule, path: string, params: Record<string, string>, cookie: string | undefined, form: FormData, headers: Record<string, string> = {}) {
  const req = request(path, { method: "POST", cookie, headers, body: form });
  const res = (await settle(() => mod.action!({ request: req, context: ctx, params }))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}
