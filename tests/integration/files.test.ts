// Uploads are checked by size and by their bytes, stored under server keys and recorded; signed links serve them.
import { beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { storedFiles } from "../../db/schema";
import { localEnv } from "../../config/local-env";
import type { AppContext } from "~/lib/context.server";
import { parseEnv } from "~/lib/env.server";
import {
  DEVANNING_PHOTO,
  IMAGE_OR_PDF,
  STOCK_TRANSFER_PHOTO,
  listFilesFor,
  signFileUrl,
  storeGenerated,
  storeUpload,
} from "~/lib/files.server";
import { loader } from "~/routes/files.$key";
import { createTestDatabase } from "../support/db";
import { createMemoryR2, type MemoryR2 } from "../support/memory-r2";
import { DomainError } from "~/domain/errors";
import { respondToError } from "~/lib/route.server";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const HTML = new TextEncoder().encode("<!doctype html><script>fetch('/api/me')</script>");

let clock = new Date("2025-03-14T10:00:00.000Z");
let ctx: AppContext;
let files: MemoryR2;

beforeAll(async () => {
  files = createMemoryR2();
  ctx = {
    env: parseEnv({ ...localEnv({}), ENVIRONMENT: "test", APP_URL: "http://127.0.0.1:5173" }),
    db: await createTestDatabase(),
    files,
    now: () => clock,
    waitUntil: () => {},
  };
});

/** The HTTP answer of the typed error an upload check throws (respondToError, the one place that makes it). */
function caught(promise: Promise<unknown>): Promise<Response> {
  return promise.then(
    () => {
      throw new Error("expected a thrown error");
    },
    (error: unknown) => {
      if (error instanceof DomainError) return respondToError(error);
      throw error;
    },
  );
}

async function download(url: string, method = "GET") {
  const request = new Request(url, { method });
  const key = decodeURIComponent(new URL(url).pathname.slice("/files/".length));
  return loader({ request, context: { app: ctx } as AppLoadContext, params: { key } });
}

describe("storeUpload", () => {
  it("rejects a file over the rule's limit with 413 and the spec's message", async () => {
    const big = new File([new Uint8Array(STOCK_TRANSFER_PHOTO.maxBytes + 1)], "pallet.jpg", { type: "image/jpeg" });
    const res = await caught(storeUpload(ctx, big, { rule: STOCK_TRANSFER_PHOTO, ownerType: "stock_transfer_report", ownerId: "1", kind: "stock-transfer-photo" }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, error: "File pallet.jpg is too large. Maximum size is 5MB." });
    expect(files.objects.size).toBe(0);
  });

  it("accepts a file of exactly the limit", async () => {
    const exact = new Uint8Array(STOCK_TRANSFER_PHOTO.maxBytes);
    exact.set(PNG);
    const row = await storeUpload(ctx, new File([exact], "exact.png"), { rule: STOCK_TRANSFER_PHOTO, ownerType: "stock_transfer_report", ownerId: "2", kind: "stock-transfer-photo" });
    expect(row.size).toBe(5_242_880);
  });

  it("rejects an HTML file renamed .png with 415, whatever type the browser claimed", async () => {
    const fake = new File([HTML], "photo.png", { type: "image/png" });
    const res = await caught(storeUpload(ctx, fake, { rule: DEVANNING_PHOTO, ownerType: "devanning_report", ownerId: "1", kind: "devanning-photo" }));
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, error: "Unsupported file type" });
  });

  it("rejects a PDF where only photos are allowed", async () => {
    const pdf = new File([new TextEncoder().encode("%PDF-1.7\n")], "scan.jpg");
    const res = await caught(storeUpload(ctx, pdf, { rule: STOCK_TRANSFER_PHOTO, ownerType: "stock_transfer_report", ownerId: "1", kind: "stock-transfer-photo" }));
    expect(res.status).toBe(415);
  });

  it("rejects an empty file with 400", async () => {
    const res = await caught(storeUpload(ctx, new File([], "blank.png"), { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "1", kind: "capture-attachment" }));
    expect(res.status).toBe(400);
  });

  it("stores a PNG under a server-generated key and records it", async () => {
    const file = new File([PNG], "../../etc/passwd invoice.pdf", { type: "application/pdf" });
    const row = await storeUpload(ctx, file, { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "42", kind: "capture-attachment", createdBy: "warehouse@goldengrain.test" });

    expect(row.key).toMatch(/^capture-attachment\/2025\/03\/[A-Za-z0-9_-]{22}\.png$/);
    expect(row.key).not.toContain("invoice");
    expect(row).toMatchObject({ ownerType: "order", ownerId: "42", contentType: "image/png", size: PNG.length, filename: "passwd invoice.pdf", createdBy: "warehouse@goldengrain.test" });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);

    const object = files.objects.get(row.key)!;
    expect(object.httpMetadata.contentType).toBe("image/png");
    expect(object.customMetadata).toEqual({ filename: "passwd invoice.pdf", sha256: row.sha256, origin: "upload" });
    const [stored] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.key, row.key));
    expect(stored?.id).toBe(row.id);
  });

  it("never reuses a key for the same upload twice", async () => {
    const opts = { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "43", kind: "capture-attachment" };
    const a = await storeUpload(ctx, PNG, { ...opts, filename: "same.png" });
    const b = await storeUpload(ctx, PNG, { ...opts, filename: "same.png" });
    expect(a.key).not.toBe(b.key);
    expect((await listFilesFor(ctx, "order", "43")).map((f) => f.key)).toEqual([a.key, b.key]);
    expect(await listFilesFor(ctx, "order", "43", "other-kind")).toEqual([]);
  });

  it("records server-made PDFs without a type check", async () => {
    const row = await storeGenerated(ctx, new TextEncoder().encode("%PDF-1.7 generated"), { contentType: "application/pdf", ownerType: "order", ownerId: "42", kind: "release-order", filename: "Release Order 1001.pdf" });
    expect(row.key).toMatch(/^release-order\/2025\/03\/.+\.pdf$/);
    expect(row.contentType).toBe("application/pdf");
  });
});

describe("GET /files/{key} (signed link)", () => {
  it("serves the bytes with safe headers", async () => {
    const row = await storeUpload(ctx, PNG, { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "50", kind: "capture-attachment", filename: "dock.png" });
    const url = await signFileUrl(ctx, row.key);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:5173\/files\/capture-attachment%2F2025%2F03%2F.+\?exp=\d+&sig=[0-9a-f]{64}$/);

    const res = await download(url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="dock.png"');
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, max-age=300");
    expect(res.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("offers an attachment with an RFC 5987 name for non-ASCII file names", async () => {
    const row = await storeUpload(ctx, PNG, { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "51", kind: "capture-attachment", filename: "Bốc xếp \"A\".png" });
    const res = await download(await signFileUrl(ctx, row.key, { download: true }));
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="B_c x_p A.png"; filename*=UTF-8''B%E1%BB%91c%20x%E1%BA%BFp%20A.png`);
  });

  it("refuses a tampered link with 403", async () => {
    const row = await storeUpload(ctx, PNG, { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "52", kind: "capture-attachment" });
    const other = await storeUpload(ctx, PNG, { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "53", kind: "capture-attachment" });
    const url = new URL(await signFileUrl(ctx, row.key));

    const otherKey = new URL(url);
    otherKey.pathname = `/files/${encodeURIComponent(other.key)}`;
    const longer = new URL(url);
    longer.searchParams.set("exp", String(Number(url.searchParams.get("exp")) + 3600));
    const asDownload = new URL(url);
    asDownload.searchParams.set("dl", "1");
    const renamed = new URL(url);
    renamed.searchParams.set("fn", "evil.html");
    const unsigned = new URL(url);
    unsigned.searchParams.delete("sig");

    for (const bad of [otherKey, longer, asDownload, renamed, unsigned]) {
      const res = await download(bad.toString());
      expect(res.status, bad.toString()).toBe(403);
      expect(await res.json()).toMatchObject({ success: false, error: "Invalid file link" });
    }
  });

  it("refuses an expired link with 403", async () => {
    const row = await storeUpload(ctx, PNG, { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "54", kind: "capture-attachment" });
    const url = await signFileUrl(ctx, row.key);
    const issuedAt = clock;
    try {
      clock = new Date(issuedAt.getTime() + 299_000);
      expect((await download(url)).status).toBe(200);
      clock = new Date(issuedAt.getTime() + 301_000);
      const res = await download(url);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/expired/);
    } finally {
      clock = issuedAt;
    }
  });

  it("answers 404 when the object is gone", async () => {
    const url = await signFileUrl(ctx, "capture-attachment/2025/03/missing.png");
    const res = await download(url);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, error: "File not found" });
  });

  it("serves the PDFs we generate under the same policy without sandbox, inline for the print frame (decision 003)", async () => {
    const row = await storeGenerated(ctx, new TextEncoder().encode("%PDF-1.7"), { contentType: "application/pdf", ownerType: "order", ownerId: "55", kind: "bol" });
    const res = await download(await signFileUrl(ctx, row.key));
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="bol.pdf"');
    expect(files.objects.get(row.key)!.customMetadata.origin).toBe("generated");
  });
});

describe("uploads: the one check, the served headers and the cleaned name (decision 025)", () => {
  const SCRIPTED_PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const CLEAN_PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const SCRIPTED_PNG = new Uint8Array([...PNG, ...new TextEncoder().encode("<html><script>alert(1)</script></html>")]);

  it.each([
    ["a PDF with /OpenAction /JavaScript", SCRIPTED_PDF, "scripted.pdf", /^File rejected: PDFs with scripts, launch actions or embedded files are not accepted \(scripted\.pdf\)$/],
    ["a PNG carrying <html><script>", SCRIPTED_PNG, "pixel.png", /^File rejected: The file also contains HTML or script \(pixel\.png\)$/],
  ])("storeUpload refuses %s with 415 and the reason, storing nothing", async (_name, bytes, name, message) => {
    const before = { objects: files.objects.size, rows: (await ctx.db.select().from(storedFiles)).length };
    const res = await caught(storeUpload(ctx, new File([bytes], name), { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "60", kind: "capture-attachment" }));
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, error: expect.stringMatching(message), filename: name });
    expect(files.objects.size).toBe(before.objects);
    expect((await ctx.db.select().from(storedFiles)).length).toBe(before.rows);
  });

  it("serves an uploaded PDF as an attachment in a sandbox with nothing allowed, even on an inline link", async () => {
    const row = await storeUpload(ctx, new File([CLEAN_PDF], "licence.pdf"), { rule: IMAGE_OR_PDF, ownerType: "application", ownerId: "61", kind: "application-document" });
    for (const link of [await signFileUrl(ctx, row.key, { filename: row.filename }), await signFileUrl(ctx, row.key, { filename: row.filename, download: true })]) {
      const res = await download(link);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="licence.pdf"');
      expect(res.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      // The in-app viewer fetches the bytes: an attachment is still readable by pdf.js.
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(CLEAN_PDF);
    }
  });

  it("treats an object stored before the origin marker as an upload unless its kind is one we generate", async () => {
    await files.put("application-document/2025/03/legacy.pdf", CLEAN_PDF, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { filename: "old.pdf" } });
    await files.put("release-order/2025/03/legacy.pdf", CLEAN_PDF, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { filename: "Release Order.pdf" } });
    const upload = await download(await signFileUrl(ctx, "application-document/2025/03/legacy.pdf"));
    expect(upload.headers.get("content-disposition")).toBe('attachment; filename="old.pdf"');
    expect(upload.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    const ours = await download(await signFileUrl(ctx, "release-order/2025/03/legacy.pdf"));
    expect(ours.headers.get("content-disposition")).toBe('inline; filename="Release Order.pdf"');
    expect(ours.headers.get("content-security-policy")).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
  });

  it("stores a name without its bidirectional and control characters: photo\u202Egnp.exe is photognp.exe", async () => {
    const row = await storeUpload(ctx, new File([PNG], "photo\u202Egnp.exe"), { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "62", kind: "capture-attachment" });
    expect(row.filename).toBe("photognp.exe");
    expect(files.objects.get(row.key)!.customMetadata.filename).toBe("photognp.exe");
    const res = await download(await signFileUrl(ctx, row.key, { filename: row.filename }));
    expect(res.headers.get("content-disposition")).toBe('inline; filename="photognp.exe"');
  });

  it("cleans a name stored before the rule when it is sent in Content-Disposition", async () => {
    await files.put("capture-attachment/2025/03/old-name.png", PNG, { httpMetadata: { contentType: "image/png" }, customMetadata: { filename: "invoice\u202Efdp.exe\u0085", origin: "upload" } });
    const res = await download(await signFileUrl(ctx, "capture-attachment/2025/03/old-name.png"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('inline; filename="invoicefdp.exe"');
  });
});
