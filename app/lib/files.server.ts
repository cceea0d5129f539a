// Files in R2: upload checks (size, type and active content, from the bytes), server-generated keys, the
// stored_files record, and short-lived HMAC-signed download links served by app/routes/files.$key.ts; WebCrypto only.
import { and, asc, eq } from "drizzle-orm";
import { storedFiles } from "../../db/schema";
import { ACTIVE_CONTENT_PREFIX, findActiveContent } from "~/domain/documents/active-content";
import { cleanFilename } from "~/domain/documents/file-name";
import { EXTENSION_BY_TYPE, sniffContentType, type SniffedType } from "~/domain/files/sniff";
import type { AppContext } from "./context.server";
import { hmacHex, randomToken, safeEqual, sha256Hex } from "./crypto.server";
import { fail, jsonError } from "./http.server";

export type UploadRule = { accept: string[] /* content types */; maxBytes: number };
export type StoredFile = typeof storedFiles.$inferSelect;

const MB = 1024 * 1024;
const IMAGE_TYPES: SniffedType[] = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/bmp", "image/heic"];

/** Attachments (warehouse capture "images and PDF", documents): any image or a PDF, 10 MB. */
export const IMAGE_OR_PDF: UploadRule = { accept: [...IMAGE_TYPES, "application/pdf"], maxBytes: 10 * MB };
/** Photos (returns, applications, delivery COD/issue photos): images only, 10 MB. */
export const IMAGES: UploadRule = { accept: IMAGE_TYPES, maxBytes: 10 * MB };
/** Stock transfer photos: JPG, PNG, HEIC, 5,242,880 bytes each (spec 002). */
export const STOCK_TRANSFER_PHOTO: UploadRule = { accept: ["image/jpeg", "image/png", "image/heic"], maxBytes: 5_242_880 };
/** Devanning photos: images only, 10,485,760 bytes each (spec 002). */
export const DEVANNING_PHOTO: UploadRule = { accept: IMAGE_TYPES, maxBytes: 10_485_760 };

export const DEFAULT_LINK_TTL_SECONDS = 300;
// A signed link is a bearer credential; a long-lived one would outlive the permission check that issued it.
const MAX_LINK_TTL_SECONDS = 7 * 24 * 3600;

type Owner = { ownerType: string; ownerId: string; kind: string; filename?: string; createdBy?: string };

// The services that label files import the rule from here, beside the upload functions that apply it.
export { cleanFilename };

/** Who made a stored object: a client (any upload door) or this server (our PDFs). Decides how it is served. */
type FileOrigin = "upload" | "generated";

function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

function newKey(kind: string, ext: string, now: Date): string {
  // The key is a storage address, not data: kind is a fixed server constant, never client input.
  if (!/^[a-z0-9][a-z0-9-]*$/.test(kind)) throw new Error(`Invalid file kind: ${kind}`);
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${kind}/${yyyy}/${mm}/${randomToken(16)}.${ext}`;
}

async function readBytes(file: File | Blob | Uint8Array): Promise<Uint8Array> {
  return file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
}

async function putAndRecord(ctx: AppContext, bytes: Uint8Array, contentType: string, ext: string, owner: Owner, filename: string, origin: FileOrigin) {
  const key = newKey(owner.kind, ext, ctx.now());
  const sha256 = await sha256Hex(bytes);
  await ctx.files.put(key, bytes, {
    httpMetadata: { contentType },
    customMetadata: { filename, sha256, origin },
    sha256,
  });
  try {
    const [row] = await ctx.db
      .insert(storedFiles)
      .values({
        key,
        ownerType: owner.ownerType,
        ownerId: owner.ownerId,
        kind: owner.kind,
        filename,
        contentType,
        size: bytes.byteLength,
        sha256,
        createdBy: owner.createdBy ?? null,
        createdAt: ctx.now().toISOString(),
      })
      .returning();
    return row!;
  } catch (error) {
    // No row means no one can ever find the object: remove it rather than leak storage.
    await ctx.files.delete(key).catch(() => undefined);
    throw error;
  }
}

/**
 * 415 `File rejected: {reason} ({name})` when the bytes carry markup, script, an archive or (in a PDF) an
 * action that runs: the one active-content rule every upload door applies, before it writes anything.
 */
export async function refuseActiveContent(bytes: Uint8Array, type: SniffedType, label: string): Promise<void> {
  const reason = await findActiveContent(bytes, type);
  if (reason) fail(415, `${ACTIVE_CONTENT_PREFIX} ${reason} (${label})`, { filename: label });
}

/**
 * Checks an upload against a rule and stores it; every upload door stores through here, so no file reaches R2
 * unchecked. Throws a typed error: 413 when too large, 400 when empty, 415 when the bytes are not an accepted
 * type or carry active content. Returns the stored_files row.
 */
export async function storeUpload(
  ctx: AppContext,
  file: File | Blob | Uint8Array,
  opts: { rule: UploadRule } & Owner,
): Promise<StoredFile> {
  const clientName = opts.filename ?? (typeof File !== "undefined" && file instanceof File ? file.name : undefined);
  const label = cleanFilename(clientName, "file");
  const size = file instanceof Uint8Array ? file.byteLength : file.size;
  // Checked before reading, so an oversized upload is never copied into memory a second time.
  if (size > opts.rule.maxBytes) {
    fail(413, `File ${label} is too large. Maximum size is ${formatMegabytes(opts.rule.maxBytes)}MB.`, { filename: label });
  }
  if (size === 0) fail(400, `File ${label} is empty`, { filename: label });
  const bytes = await readBytes(file);
  const type = sniffContentType(bytes);
  if (!type || !opts.rule.accept.includes(type)) {
    fail(415, "Unsupported file type", { filename: label, accepted: opts.rule.accept });
  }
  await refuseActiveContent(bytes, type, label);
  const ext = EXTENSION_BY_TYPE[type];
  return putAndRecord(ctx, bytes, type, ext, opts, cleanFilename(clientName, `${opts.kind}.${ext}`), "upload");
}

const GENERATED_EXTENSIONS: Record<string, string> = { ...EXTENSION_BY_TYPE, "text/csv": "csv", "application/json": "json" };

/** Stores a server-made file (a generated PDF, a signature PNG we rendered): trusted bytes, still recorded. */
export async function storeGenerated(
  ctx: AppContext,
  bytes: Uint8Array,
  opts: { contentType: string } & Owner,
): Promise<StoredFile> {
  const ext = GENERATED_EXTENSIONS[opts.contentType];
  // A closed list: nothing we store may ever be served as HTML, SVG or script from our origin.
  if (!ext) throw new Error(`storeGenerated: unsupported content type ${opts.contentType}`);
  return putAndRecord(ctx, bytes, opts.contentType, ext, opts, cleanFilename(opts.filename, `${opts.kind}.${ext}`), "generated");
}

export async function listFilesFor(ctx: AppContext, ownerType: string, ownerId: string, kind?: string): Promise<StoredFile[]> {
  return ctx.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerType, ownerType), eq(storedFiles.ownerId, ownerId), kind ? eq(storedFiles.kind, kind) : undefined))
    .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id));
}

export async function findStoredFile(ctx: AppContext, key: string): Promise<StoredFile | undefined> {
  const [row] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  return row;
}

// ---------------------------------------------------------------- signed links

type SignedFields = { key: string; exp: number; dl: boolean; filename?: string };

function linkSignature(ctx: Pick<AppContext, "env">, f: SignedFields): Promise<string> {
  // Newline-separated with a version tag: no field can be shifted into another, and the format can change.
  const message = ["file-link:v1", f.key, String(f.exp), f.dl ? "1" : "0", f.filename ?? ""].join("\n");
  return hmacHex(ctx.env.FILE_SIGNING_SECRET, message);
}

/**
 * A short-lived link to a stored file (the spec's `presignedUrl`). Whoever holds it may read the file
 * until it expires, so issue it only after the caller's own permission check.
 */
export async function signFileUrl(
  ctx: Pick<AppContext, "env" | "now">,
  key: string,
  opts: { ttlSeconds?: number; download?: boolean; filename?: string } = {},
): Promise<string> {
  const ttl = Math.min(Math.max(1, Math.floor(opts.ttlSeconds ?? DEFAULT_LINK_TTL_SECONDS)), MAX_LINK_TTL_SECONDS);
  const exp = Math.floor(ctx.now().getTime() / 1000) + ttl;
  const dl = opts.download ?? false;
  const filename = opts.filename ? cleanFilename(opts.filename, "file") : undefined;
  const sig = await linkSignature(ctx, { key, exp, dl, filename });
  const params = new URLSearchParams({ exp: String(exp), sig });
  if (dl) params.set("dl", "1");
  if (filename) params.set("fn", filename);
  return `${ctx.env.APP_URL.replace(/\/+$/, "")}/files/${encodeURIComponent(key)}?${params}`;
}

export type FileLinkCheck = "valid" | "expired" | "invalid";

/** Checks a link's signature (constant-time) and expiry. */
export async function checkFileSignature(
  ctx: Pick<AppContext, "env" | "now">,
  key: string,
  exp: string | number | null | undefined,
  sig: string | null | undefined,
  dl: boolean,
  filename?: string,
): Promise<FileLinkCheck> {
  const expSeconds = typeof exp === "number" ? exp : /^\d{1,12}$/.test(exp ?? "") ? Number(exp) : NaN;
  if (!Number.isSafeInteger(expSeconds) || !sig || !/^[0-9a-f]{64}$/.test(sig)) return "invalid";
  const expected = await linkSignature(ctx, { key, exp: expSeconds, dl, filename: filename || undefined });
  if (!safeEqual(expected, sig)) return "invalid";
  // Checked after the signature so a forged link learns nothing about the clock.
  return expSeconds * 1000 <= ctx.now().getTime() ? "expired" : "valid";
}

// ---------------------------------------------------------------- serving a signed link

const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";
/** Uploads: no script, no plugin, no origin, nothing loaded, whatever the bytes turn out to be. */
const UPLOAD_CSP = "sandbox; default-src 'none'";

/**
 * Files this server made (our PDFs, rendered signatures, exports): never sniffed, run or given our origin.
 * Our PDFs get the policy without `sandbox`: Chromium ignores it on PDFs (the viewer keeps our origin either
 * way), WebKit has been seen blanking sandboxed PDFs, and the print frame needs them inline; see
 * docs/decisions/003-files.md. Uploads get uploadSecurityHeaders instead.
 */
export function fileSecurityHeaders(contentType: string): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, max-age=300",
    "Content-Security-Policy": contentType === "application/pdf" ? FILE_CSP : `${FILE_CSP}; sandbox`,
    "Referrer-Policy": "no-referrer",
  };
}

/** Files a client sent: sandboxed with nothing allowed, PDFs included (docs/decisions/025-uploads-every-door.md). */
export function uploadSecurityHeaders(): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, max-age=300",
    "Content-Security-Policy": UPLOAD_CSP,
    "Referrer-Policy": "no-referrer",
  };
}

/** Uploads a browser may show in place: raster images, which run nothing. A PDF or anything else is saved. */
const INLINE_UPLOAD_TYPES = new Set<string>(IMAGE_TYPES);
/** Kinds only storeGenerated has written: objects stored before the `origin` marker existed keep being ours. */
const GENERATED_KINDS_BEFORE_MARKER = new Set(["bol", "will-call", "release-order", "delivery-order"]);

function originOf(key: string, metadata: Record<string, string> | undefined): FileOrigin {
  const marked = metadata?.origin;
  if (marked === "upload" || marked === "generated") return marked;
  // Unmarked: ours only for a server-made kind (the key's first segment is a server constant); else an upload.
  return GENERATED_KINDS_BEFORE_MARKER.has(key.split("/")[0] ?? "") ? "generated" : "upload";
}

/**
 * `inline; filename="a.pdf"`, plus RFC 5987 `filename*` when the name is not plain ASCII. The name is cleaned
 * first (cleanFilename): a name stored before bidirectional controls were removed is sent without them.
 */
export function contentDisposition(type: "inline" | "attachment", name: string): string {
  const filename = cleanFilename(name, "file");
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  if (fallback === filename) return `${type}; filename="${filename}"`;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function keyFromPath(pathname: string): string | null {
  // Read from the raw path: the key's slashes travel encoded (%2F), which routers decode inconsistently.
  const prefix = "/files/";
  if (!pathname.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(pathname.slice(prefix.length)) || null;
  } catch {
    return null;
  }
}

/** Answers GET/HEAD /files/{key}: 403 JSON on a bad or expired signature, 404 when the object is gone. */
export async function serveSignedFile(ctx: Pick<AppContext, "env" | "now" | "files">, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const key = keyFromPath(url.pathname);
  const dl = url.searchParams.get("dl") === "1";
  const fn = url.searchParams.get("fn") ?? undefined;
  const check = key ? await checkFileSignature(ctx, key, url.searchParams.get("exp"), url.searchParams.get("sig"), dl, fn) : "invalid";
  if (check === "expired") return jsonError(403, "This link has expired. Open the file again to get a new link.");
  if (check !== "valid" || !key) return jsonError(403, "Invalid file link");

  const object = await ctx.files.get(key);
  if (!object) return jsonError(404, "File not found");

  const filename = fn ?? object.customMetadata?.filename ?? key.split("/").pop() ?? "file";
  const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
  const upload = originOf(key, object.customMetadata) === "upload";
  // An uploaded PDF is read in the app's pdf.js viewer (it fetches the bytes and runs none of the PDF's
  // scripts); opened directly, the browser saves it rather than rendering it with our origin.
  const inline = !dl && (!upload || INLINE_UPLOAD_TYPES.has(contentType));
  const headers = new Headers(upload ? uploadSecurityHeaders() : fileSecurityHeaders(contentType));
  headers.set("Content-Type", contentType);
  headers.set("Content-Length", String(object.size));
  headers.set("Content-Disposition", contentDisposition(inline ? "inline" : "attachment", filename));
  if (object.httpEtag) headers.set("ETag", object.httpEtag);
  if (request.method === "HEAD") {
    await object.body.cancel();
    return new Response(null, { status: 200, headers });
  }
  return new Response(object.body, { status: 200, headers });
}
