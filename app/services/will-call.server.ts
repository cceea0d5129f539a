// The Will Call document (spec 001 §2, §4, §7): generated from a printed name and a signature (drawn in the
// dialog, or the order's warehouse capture signature), stored, and answered as a 5-minute link.
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { idempotencyKeys, storedFiles, warehouseCaptures } from "../../db/schema";
import type { ActedAt } from "~/domain/acted-at";
import { CAPTURE_MESSAGES, WILL_CALL_MESSAGES, willCallTitle } from "~/domain/documents/capture";
import type { WillCallGenerated } from "~/domain/documents/contract";
import { parsePngDataUrl, SIGNATURE_MESSAGES } from "~/domain/documents/signature";
import { ValidationError } from "~/domain/errors";
import type { AppContext } from "~/lib/context.server";
import { signFileUrl, storeGenerated } from "~/lib/files.server";
import { requestFingerprint, withIdempotency } from "~/lib/idempotency.server";
import type { Viewer } from "~/lib/session.server";
import { renderWillCallPdf } from "~/lib/will-call-pdf.server";
import { actorName, recordAudit } from "~/lib/writes.server";
import { discardFile, DOCUMENT_LINK_TTL_SECONDS, documentLines, warehouseLabel } from "./bol.server";
import { orderFacts } from "./floor-conflicts.server";
import { getOrderForViewer, type OrderRow } from "./orders.server";

export const WILL_CALL_GRANTS = ["willcall:create"] as const;

/** POST …/will-call: the printed name, and the signature as a drawn PNG or the key of the order's capture signature. */
export const willCallBodySchema = z
  .object({
    signedByName: z
      .string({ error: CAPTURE_MESSAGES.willCallNameRequired })
      .trim()
      .min(1, CAPTURE_MESSAGES.willCallNameRequired)
      .max(200, "At most 200 characters"),
    signatureS3Key: z.string().trim().max(300).optional().nullable(),
    signatureImageDataUrl: z.string().max(2_000_000).optional().nullable(),
  })
  .strict();
export type WillCallBody = z.infer<typeof willCallBodySchema>;

/** Today in the warehouse's time zone (Eastern), as printed on the document: 'June 18, 2025'. */
export function easternDate(now: Date): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", year: "numeric", month: "long", day: "numeric" }).format(now);
}

function filename(orderNumber: string) {
  return `will-call-${orderNumber}.pdf`;
}

/**
 * The signature's bytes: a drawn PNG data URL, or the order's own capture signature (by its key, or with
 * only the name, as the capture screen calls it). A key of any other file is refused: a caller must not
 * print someone else's stored file into a document.
 */
async function signatureBytes(ctx: AppContext, order: OrderRow, body: WillCallBody): Promise<{ bytes: Uint8Array; source: string }> {
  if (body.signatureImageDataUrl) {
    const parsed = parsePngDataUrl(body.signatureImageDataUrl);
    if (!parsed.ok) throw new ValidationError(parsed.error, { signatureImageDataUrl: [parsed.error] });
    return { bytes: parsed.bytes, source: "drawn" };
  }
  const [capture] = await ctx.db
    .select({ signatureKey: warehouseCaptures.signatureKey })
    .from(warehouseCaptures)
    .where(eq(warehouseCaptures.orderId, order.id))
    .limit(1);
  if (body.signatureS3Key && body.signatureS3Key !== capture?.signatureKey) {
    throw new ValidationError(WILL_CALL_MESSAGES.signatureKeyUnknown, { signatureS3Key: [WILL_CALL_MESSAGES.signatureKeyUnknown] });
  }
  if (!capture) throw new ValidationError(SIGNATURE_MESSAGES.required, { signatureImageDataUrl: [SIGNATURE_MESSAGES.required] });
  const object = await ctx.files.get(capture.signatureKey);
  if (!object) throw new ValidationError(SIGNATURE_MESSAGES.required);
  return { bytes: new Uint8Array(await object.arrayBuffer()), source: "capture" };
}

/** POST …/will-call: renders and stores the document; a retry with the same Idempotency-Key answers the first. */
export async function generateWillCall(ctx: AppContext, viewer: Viewer, ref: string, body: WillCallBody, idempotencyKey: string | null, actedAt?: ActedAt): Promise<Response> {
  const order = await getOrderForViewer(ctx, viewer, ref, WILL_CALL_GRANTS);
  const fingerprint = await requestFingerprint(body);
  return withIdempotency(ctx, `will-call:${order.id}:${viewer.email}`, idempotencyKey, fingerprint, async (remember) => {
    const signature = await signatureBytes(ctx, order, body);
    const now = ctx.now();
    const at = now.toISOString();
    // When the customer signed on the phone (decision 040): the signed date and the history's time.
    const acted = actedAt?.fromPhone ? actedAt((await orderFacts(ctx, order.id)).createdAt) : at;
    const by = actorName(viewer);
    const [lines, warehouse] = await Promise.all([documentLines(ctx, order.id), warehouseLabel(ctx, order.warehouseLocation)]);
    const bytes = await renderWillCallPdf({
      title: willCallTitle(order.orderNumber),
      orderNumber: order.orderNumber,
      customerName: order.customerName,
      orderDate: order.orderDate,
      warehouse,
      signedByName: body.signedByName,
      signedDate: easternDate(new Date(acted)),
      signaturePng: signature.bytes,
      generatedBy: by,
      lines,
    });
    const file = await storeGenerated(ctx, bytes, {
      contentType: "application/pdf",
      ownerType: "order",
      ownerId: String(order.id),
      kind: "will-call",
      filename: filename(order.orderNumber),
      createdBy: viewer.email,
    });
    const presignedUrl = await signFileUrl(ctx, file.key, { ttlSeconds: DOCUMENT_LINK_TTL_SECONDS, filename: filename(order.orderNumber) });
    const result = { status: 200, body: { success: true, presignedUrl, generatedAt: at } satisfies WillCallGenerated };
    try {
      await ctx.db.batch([
        recordAudit(ctx.db, viewer, at, {
          entityType: "order",
          entityId: order.orderNumber,
          action: "will-call.generate",
          actedAt: acted,
          changes: [{ field: "willCall", before: null, after: { signedByName: body.signedByName, signature: signature.source } }],
        }),
        ...remember(result).map((r) => ctx.db.insert(idempotencyKeys).values(r)),
      ]);
    } catch (error) {
      await discardFile(ctx, file.key);
      throw error;
    }
    return result;
  });
}

/**
 * GET …/will-call: the latest Will Call document of the order, or exists:false before the first (an answer,
 * not a 404: the order detail asks on every open, and "none yet" is not an error).
 */
export async function latestWillCall(ctx: AppContext, viewer: Viewer, ref: string) {
  const order = await getOrderForViewer(ctx, viewer, ref, WILL_CALL_GRANTS);
  const [file] = await ctx.db
    .select({ key: storedFiles.key, createdAt: storedFiles.createdAt })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerType, "order"), eq(storedFiles.ownerId, String(order.id)), eq(storedFiles.kind, "will-call")))
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id))
    .limit(1);
  if (!file) return { success: true as const, exists: false, presignedUrl: null, generatedAt: null };
  return {
    success: true as const,
    exists: true,
    presignedUrl: await signFileUrl(ctx, file.key, { ttlSeconds: DOCUMENT_LINK_TTL_SECONDS, filename: filename(order.orderNumber) }),
    generatedAt: file.createdAt,
  };
}
