// The upload check inside workerd (decision 025): pdf-lib reads a PDF's compressed object streams in the
// production runtime, storeUpload refuses active content before R2 is touched, and uploads are served sandboxed.
import { env } from "cloudflare:workers";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { findActiveContent } from "~/domain/documents/active-content";
import { DomainError } from "~/domain/errors";
import type { AppContext } from "~/lib/context.server";
import { parseEnv } from "~/lib/env.server";
import { IMAGE_OR_PDF, signFileUrl, storeUpload } from "~/lib/files.server";
import { loader } from "~/routes/files.$key";

const bindings = env as unknown as Record<string, unknown> & { FILES: R2Bucket };

function context(): AppContext {
  const db = {
    insert: () => ({ values: (v: Record<string, unknown>) => ({ returning: async () => [{ id: 1, ...v }] }) }),
  } as unknown as AppContext["db"];
  return { env: parseEnv(bindings), db, files: bindings.FILES, now: () => new Date(), waitUntil: () => {} };
}

async function packedPdf(script: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  if (script) doc.catalog.set(PDFName.of("OpenAction"), doc.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") }));
  return doc.save({ useObjectStreams: true });
}

describe("active content (workerd)", () => {
  it("finds a script packed in a compressed object stream, and passes the same PDF without it", async () => {
    expect(await findActiveContent(await packedPdf(true), "application/pdf")).toMatch(/scripts/);
    expect(await findActiveContent(await packedPdf(false), "application/pdf")).toBeNull();
  });

  it("storeUpload refuses the scripted PDF with 415 and writes no object; a clean one is served as a sandboxed attachment", async () => {
    const ctx = context();
    const before = (await bindings.FILES.list()).objects.length;
    const refused = await storeUpload(ctx, await packedPdf(true), { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "1", kind: "capture-attachment", filename: "a.pdf" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).status).toBe(415);
    expect((await bindings.FILES.list()).objects.length).toBe(before);

    const row = await storeUpload(ctx, await packedPdf(false), { rule: IMAGE_OR_PDF, ownerType: "order", ownerId: "1", kind: "capture-attachment", filename: "ok.pdf" });
    const res = await loader({ request: new Request(await signFileUrl(ctx, row.key)), context: { app: ctx } as AppLoadContext, params: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="ok.pdf"');
    expect(res.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    await res.arrayBuffer();
  });
});
