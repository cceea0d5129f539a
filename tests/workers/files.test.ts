// Signed links, upload sniffing and the download route inside workerd, against a real (local) R2 binding.
import { env } from "cloudflare:workers";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { sniffContentType } from "~/domain/files/sniff";
import type { AppContext } from "~/lib/context.server";
import { parseEnv } from "~/lib/env.server";
import { checkFileSignature, contentDisposition, signFileUrl, storeGenerated } from "~/lib/files.server";
import { loader } from "~/routes/files.$key";

const bindings = env as unknown as Record<string, unknown> & { FILES: R2Bucket };
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function context(now: Date): AppContext {
  // The route never touches the database for a request without a session cookie.
  const db = {
    insert: () => ({ values: (v: Record<string, unknown>) => ({ returning: async () => [{ id: 1, ...v }] }) }),
  } as unknown as AppContext["db"];
  return { env: parseEnv(bindings), db, files: bindings.FILES, now: () => now, waitUntil: () => {} };
}

async function get(ctx: AppContext, url: string) {
  const request = new Request(url);
  return loader({ request, context: { app: ctx } as AppLoadContext, params: {} });
}

describe("signFileUrl / checkFileSignature (workerd)", () => {
  const t0 = new Date("2025-03-14T10:00:00Z");
  const ctx = context(t0);

  it("round-trips a link and rejects tampering and expiry", async () => {
    const url = new URL(await signFileUrl(ctx, "bol/2025/03/abc.pdf", { download: true }));
    const key = decodeURIComponent(url.pathname.slice("/files/".length));
    const exp = url.searchParams.get("exp")!;
    const sig = url.searchParams.get("sig")!;
    expect(key).toBe("bol/2025/03/abc.pdf");
    expect(Number(exp)).toBe(t0.getTime() / 1000 + 300);

    expect(await checkFileSignature(ctx, key, exp, sig, true)).toBe("valid");
    expect(await checkFileSignature(ctx, key, exp, sig, false)).toBe("invalid");
    expect(await checkFileSignature(ctx, "bol/2025/03/abd.pdf", exp, sig, true)).toBe("invalid");
    expect(await checkFileSignature(ctx, key, String(Number(exp) + 1), sig, true)).toBe("invalid");
    expect(await checkFileSignature(ctx, key, exp, sig.replace(/^./, (c) => (c === "0" ? "1" : "0")), true)).toBe("invalid");
    expect(await checkFileSignature(ctx, key, exp, null, true)).toBe("invalid");

    const later = context(new Date(t0.getTime() + 300_000));
    expect(await checkFileSignature(later, key, exp, sig, true)).toBe("expired");
  });

  it("does not accept a link signed with another secret", async () => {
    const other = { ...ctx, env: { ...ctx.env, FILE_SIGNING_SECRET: "another-secret-of-enough-length" } };
    const url = new URL(await signFileUrl(other, "k/1.png"));
    expect(await checkFileSignature(ctx, "k/1.png", url.searchParams.get("exp"), url.searchParams.get("sig"), false)).toBe("invalid");
  });
});

describe("sniffContentType (workerd)", () => {
  it("reads the bytes, not the name", () => {
    expect(sniffContentType(PNG)).toBe("image/png");
    expect(sniffContentType(new TextEncoder().encode("<html>"))).toBeNull();
  });
});

describe("GET /files/{key} with the FILES binding (workerd)", () => {
  it("streams a stored file with its type and safe headers", async () => {
    const ctx = context(new Date());
    const row = await storeGenerated(ctx, PNG, { contentType: "image/png", ownerType: "order", ownerId: "1", kind: "signature", filename: "Chữ ký.png" });
    const res = await get(ctx, await signFileUrl(ctx, row.key, { download: true }));
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe(contentDisposition("attachment", "Chữ ký.png"));
    expect(res.headers.get("content-disposition")).toContain("filename*=UTF-8''Ch%E1%BB%AF%20k%C3%BD.png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");

    const stored = await bindings.FILES.head(row.key);
    expect(stored?.customMetadata).toMatchObject({ filename: "Chữ ký.png", sha256: row.sha256 });
  });

  it("answers 403 to a tampered link and 404 to a missing object", async () => {
    const ctx = context(new Date());
    const url = new URL(await signFileUrl(ctx, "signature/2025/01/nothing-here.png"));
    expect((await get(ctx, url.toString())).status).toBe(404);
    url.searchParams.set("dl", "1");
    const res = await get(ctx, url.toString());
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "Invalid file link" });
  });
});
