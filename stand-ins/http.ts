// Small node:http helpers shared by the local stand-ins: body reading, JSON/HTML answers, redirects.
import type { IncomingMessage, ServerResponse } from "node:http";

export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** Request bodies above this are refused: Resend allows 40 MB of attachments, base64 adds a third. */
const MAX_BODY_BYTES = 60 * 1024 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === "string" ? body : JSON.stringify(body));
  }
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, { error: "payload_too_large" });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A JSON body; anything that is not a JSON object answers 400 in the caller's error shape. */
export async function readJson(req: IncomingMessage, invalid: unknown): Promise<Record<string, unknown>> {
  const raw = (await readBody(req)).toString("utf8");
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (value && typeof value === "object") return value as Record<string, unknown>;
  } catch {
    // fall through to the caller's error shape
  }
  throw new HttpError(400, invalid);
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req)).toString("utf8"));
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location, "cache-control": "no-store" });
  res.end();
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

/** A full page with the banner every stand-in shows, so nobody mistakes it for the real service. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1f2328; }
  .banner { background: #8a4b00; color: #fff; padding: .5rem 1rem; font-weight: 600; }
  main { max-width: 34rem; margin: 2rem auto; background: #fff; border-radius: .75rem; padding: 1.5rem 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.35rem; margin: 0 0 .25rem; }
  .muted { color: #656d76; font-size: .9rem; }
  ul.accounts { list-style: none; padding: 0; margin: 1rem 0; }
  ul.accounts li { margin: .4rem 0; }
  button { font: inherit; cursor: pointer; }
  .account { width: 100%; text-align: left; padding: .6rem .8rem; border: 1px solid #d0d7de; border-radius: .5rem; background: #fff; display: flex; flex-direction: column; }
  .account:hover, .account:focus { background: #eef4ff; border-color: #0969da; }
  .primary { background: #0969da; color: #fff; border: 0; border-radius: .4rem; padding: .55rem 1.1rem; }
  .secondary { background: #fff; border: 1px solid #d0d7de; border-radius: .4rem; padding: .55rem 1.1rem; }
  input { font: inherit; padding: .45rem .6rem; border: 1px solid #d0d7de; border-radius: .4rem; width: 100%; box-sizing: border-box; margin: .2rem 0 .6rem; }
  label { font-size: .9rem; font-weight: 600; }
  .error { color: #b42318; }
  table { border-collapse: collapse; width: 100%; }
  td, th { border-bottom: 1px solid #eaeef2; padding: .35rem .4rem; text-align: left; vertical-align: top; font-size: .9rem; }
</style>
</head>
<body>
<div class="banner" role="note">Local stand-in for development and tests. This is not the real service.</div>
<main>
${body}
</main>
</body>
</html>`;
}

/** Client credentials from HTTP Basic auth, or null when the header is absent or malformed. */
export function basicCredentials(req: IncomingMessage): { id: string; secret: string } | null {
  const header = req.headers.authorization ?? "";
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  // OAuth 2 (RFC 6749 §2.3.1) form-encodes the id and secret before Basic encoding.
  const unescape = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, " "));
    } catch {
      return s;
    }
  };
  return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
}

export function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  return match ? match[1] : null;
}

/** Hidden inputs that carry a request's query parameters through a consent form. */
export function hiddenInputs(params: URLSearchParams, skip: string[] = []): string {
  return [...params.entries()]
    .filter(([k]) => !skip.includes(k))
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("\n");
}

/** Appends query parameters to a redirect URI that may already have some. */
export function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
