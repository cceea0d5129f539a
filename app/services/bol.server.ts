// Bills of lading (spec 001 §3, §5, §7): reading an order's BOL (bol:view), creating or updating it with its PDF
// (bol:create). Also the order facts every dock document prints (lines, warehouse label).
import { eq } from "drizzle-orm";
import { bols, idempotencyKeys, locations, orderLines, storedFiles } from "../../db/schema";
import { hasGrant } from "~/domain/access/roles";
import { BOL_MESSAGES, type BolBody } from "~/domain/documents/bol";
import type { BolData, BolSaved } from "~/domain/documents/contract";
import { ForbiddenError } from "~/domain/errors";
import type { AppContext } from "~/lib/context.server";
import { signFileUrl, storeGenerated } from "~/lib/files.server";
import { requestFingerprint, withIdempotency } from "~/lib/idempotency.server";
import { renderBolPdf } from "~/lib/bol-pdf.server";
import type { Viewer } from "~/lib/session.server";
import { actorName, recordAudit } from "~/lib/writes.server";
import { getOrderForViewer, type OrderRow } from "./orders.server";

export const DOCUMENT_LINK_TTL_SECONDS = 300;

export type DocumentLine = { sku: string; description: string; quantity: number };

/** The order's lines as documents print them (no prices: dock documents never show money). */
export function documentLines(ctx: AppContext, orderId: number): Promise<DocumentLine[]> {
  return ctx.db
    .select({ sku: orderLines.sku, description: orderLines.description, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.position, orderLines.id);
}

/** 'Main Warehouse (NY-MAIN)', or the id alone when the location is unknown. */
export async function warehouseLabel(ctx: AppContext, id: string): Promise<string> {
  if (!id) return "";
  const [row] = await ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, id)).limit(1);
  return row?.name ? `${row.name} (${id})` : id;
}

type BolRow = typeof bols.$inferSelect;

function toData(row: BolRow): BolData {
  return {
    totalPackages: row.totalPackages,
    totalPallets: row.totalPallets,
    netWeightLbs: row.netWeightLbs,
    grossWeightLbs: row.grossWeightLbs,
    comments: row.comments,
    instructions: row.instructions,
    placeOfDischarge: row.placeOfDischarge,
    placeOfDelivery: row.placeOfDelivery,
    chargeType: row.chargeType,
    freightCarrier: row.freightCarrier,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

function bolFilename(orderNumber: string) {
  return `bol-${orderNumber}.pdf`;
}

async function bolRow(ctx: AppContext, orderId: number): Promise<BolRow | undefined> {
  const [row] = await ctx.db.select().from(bols).where(eq(bols.orderId, orderId)).limit(1);
  return row;
}

/** GET …/bol: whether the order has a BOL, its fields and a 5-minute link to its PDF. */
export async function getBol(ctx: AppContext, viewer: Viewer, ref: string) {
  const order = await getOrderForViewer(ctx, viewer, ref, ["bol:view"]);
  const row = await bolRow(ctx, order.id);
  if (!row) return { success: true as const, exists: false, data: null, presignedUrl: null };
  const presignedUrl = row.fileKey
    ? await signFileUrl(ctx, row.fileKey, { ttlSeconds: DOCUMENT_LINK_TTL_SECONDS, filename: bolFilename(order.orderNumber) })
    : null;
  return { success: true as const, exists: true, data: toData(row), presignedUrl };
}

/**
 * POST …/bol: creates the order's BOL (or replaces its fields when one exists), renders its PDF and answers
 * the link. The PDF is stored before the row points at it; if the row cannot be written the file goes again.
 * A retry with the same Idempotency-Key answers the first result.
 */
/** Creating a BOL is bol:create's (the route checks it before reading the body, so the refusal is a 403). */
export function requireBolCreate(viewer: Viewer): void {
  if (!hasGrant(viewer.grants, "bol:create") && !viewer.isAdmin) throw new ForbiddenError(BOL_MESSAGES.createDenied);
}

export async function saveBol(ctx: AppContext, viewer: Viewer, ref: string, body: BolBody, idempotencyKey: string | null): Promise<Response> {
  requireBolCreate(viewer);
  const order = await getOrderForViewer(ctx, viewer, ref, ["bol:create"]);
  const fingerprint = await requestFingerprint(body);
  return withIdempotency(ctx, `bol.save:${order.id}:${viewer.email}`, idempotencyKey, fingerprint, async (remember) => {
    const before = await bolRow(ctx, order.id);
    const at = ctx.now().toISOString();
    const by = actorName(viewer);
    const bytes = await renderBol(ctx, order, body, before?.createdAt ?? at, by);
    const file = await storeGenerated(ctx, bytes, {
      contentType: "application/pdf",
      ownerType: "order",
      ownerId: String(order.id),
      kind: "bol",
      filename: bolFilename(order.orderNumber),
      createdBy: viewer.email,
    });
    const fields = {
      totalPackages: body.totalPackages,
      totalPallets: body.totalPallets,
      netWeightLbs: body.netWeightLbs,
      grossWeightLbs: body.grossWeightLbs,
      comments: body.comments,
      instructions: body.instructions,
      placeOfDischarge: body.placeOfDischarge,
      placeOfDelivery: body.placeOfDelivery,
      chargeType: body.chargeType,
      freightCarrier: body.freightCarrier,
    };
    const presignedUrl = await signFileUrl(ctx, file.key, { ttlSeconds: DOCUMENT_LINK_TTL_SECONDS, filename: bolFilename(order.orderNumber) });
    const data: BolData = {
      ...fields,
      createdBy: before?.createdBy ?? by,
      createdAt: before?.createdAt ?? at,
      updatedAt: at,
      version: (before?.version ?? 0) + 1,
    };
    const result = { status: 200, body: { success: true, presignedUrl, data } satisfies BolSaved };
    try {
      await ctx.db.batch([
        ctx.db
          .insert(bols)
          .values({ orderId: order.id, ...fields, fileKey: file.key, createdBy: by, createdAt: at, updatedAt: at, version: 1 })
          .onConflictDoUpdate({ target: bols.orderId, set: { ...fields, fileKey: file.key, updatedAt: at, version: data.version } }),
        recordAudit(ctx.db, viewer, at, {
          entityType: "order",
          entityId: order.orderNumber,
          action: before ? "bol.update" : "bol.create",
          changes: Object.entries(fields)
            .filter(([k, v]) => !before || before[k as keyof typeof fields] !== v)
            .map(([field, after]) => ({ field: `bol.${field}`, before: before ? before[field as keyof typeof fields] : null, after })),
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

async function renderBol(ctx: AppContext, order: OrderRow, body: BolBody, createdAt: string, createdBy: string) {
  const [lines, warehouse] = await Promise.all([documentLines(ctx, order.id), warehouseLabel(ctx, order.warehouseLocation)]);
  return renderBolPdf({
    orderNumber: order.orderNumber,
    orderDate: order.orderDate,
    customerName: order.customerName,
    addressLines: order.address.lines,
    warehouse,
    freightCarrier: body.freightCarrier || order.truckingCompany || "",
    placeOfDischarge: body.placeOfDischarge,
    placeOfDelivery: body.placeOfDelivery,
    chargeType: body.chargeType,
    totalPackages: body.totalPackages,
    totalPallets: body.totalPallets,
    netWeightLbs: body.netWeightLbs,
    grossWeightLbs: body.grossWeightLbs,
    comments: body.comments,
    instructions: body.instructions,
    createdAt,
    createdBy,
    lines,
  });
}

/** Removes a stored file and its record (a write that failed after the file went up must leave nothing). */
export async function discardFile(ctx: AppContext, key: string): Promise<void> {
  await ctx.files.delete(key).catch(() => undefined);
  await ctx.db.delete(storedFiles).where(eq(storedFiles.key, key)).catch(() => undefined);
}
