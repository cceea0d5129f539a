// Products & Barcodes (issue 13, admin): each SKU's bin and its barcodes. Search by SKU, description or
// code, 25 a page; set a bin; add a barcode (checked by barcodeError / caseQuantityError, unique by its
// match key: 409 'This barcode is already on SKU X'); remove one. Audited.
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { inventoryItems, productBarcodes } from "../../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors";
import { BARCODE_MAX_LENGTH, barcodeError, barcodeKey, caseQuantityError, type BarcodeKind } from "~/domain/picking/barcodes";
import { BIN_MAX_LENGTH, binError, normalizeBin } from "~/domain/picking/bins";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { recordAudit } from "~/lib/writes.server";

type Ctx = Pick<AppContext, "db">;
type AdminCtx = Pick<AppContext, "db" | "now">;

export const PRODUCTS_PAGE_SIZE = 25;

export type ProductBarcodeView = { id: number; code: string; key: string; kind: BarcodeKind; quantity: number };
export type ProductView = { sku: string; description: string; bin: string | null; onHand: number; barcodes: ProductBarcodeView[] };
export type ProductPage = { data: ProductView[]; total: number; page: number; pageSize: number };

export const productQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

function likeContains(value: string) {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of SKUs (by SKU) matching `q` in the SKU, the description, a code as entered or its match key. */
export async function listProducts(ctx: Ctx, { q = "", page = 1 }: { q?: string; page?: number }): Promise<ProductPage> {
  const like = q ? likeContains(q) : null;
  const where = like
    ? or(
        sql`lower(${inventoryItems.sku}) LIKE ${like} ESCAPE '\\'`,
        sql`lower(${inventoryItems.description}) LIKE ${like} ESCAPE '\\'`,
        sql`${inventoryItems.sku} IN (SELECT ${productBarcodes.sku} FROM ${productBarcodes}
          WHERE lower(${productBarcodes.code}) LIKE ${like} ESCAPE '\\' OR ${productBarcodes.codeKey} = ${barcodeKey(q)})`,
      )
    : undefined;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ sku: inventoryItems.sku, description: inventoryItems.description, bin: inventoryItems.bin, onHand: inventoryItems.quantityOnHand })
      .from(inventoryItems)
      .where(where)
      .orderBy(asc(inventoryItems.sku))
      .limit(PRODUCTS_PAGE_SIZE)
      .offset((page - 1) * PRODUCTS_PAGE_SIZE),
    ctx.db.select({ n: sql<number>`count(*)` }).from(inventoryItems).where(where),
  ]);
  const codes = rows.length
    ? await ctx.db.select().from(productBarcodes).where(inArray(productBarcodes.sku, rows.map((r) => r.sku))).orderBy(asc(productBarcodes.id))
    : [];
  return {
    data: rows.map((r) => ({ ...r, barcodes: codes.filter((c) => c.sku === r.sku).map(barcodeView) })),
    total: Number(count?.n ?? 0),
    page,
    pageSize: PRODUCTS_PAGE_SIZE,
  };
}

function barcodeView(c: typeof productBarcodes.$inferSelect): ProductBarcodeView {
  return { id: c.id, code: c.code, key: c.codeKey, kind: c.kind, quantity: c.quantity };
}

async function findProduct(ctx: Ctx, sku: string): Promise<ProductView> {
  const [row] = await ctx.db
    .select({ sku: inventoryItems.sku, description: inventoryItems.description, bin: inventoryItems.bin, onHand: inventoryItems.quantityOnHand })
    .from(inventoryItems)
    .where(eq(inventoryItems.sku, sku))
    .limit(1);
  if (!row) throw new NotFoundError("Product not found");
  const codes = await ctx.db.select().from(productBarcodes).where(eq(productBarcodes.sku, sku)).orderBy(asc(productBarcodes.id));
  return { ...row, barcodes: codes.map(barcodeView) };
}

export const binBodySchema = z.object({ bin: z.string().max(BIN_MAX_LENGTH * 2).nullable() }).strict();

export async function setBin(ctx: AdminCtx, actor: Viewer, sku: string, body: z.infer<typeof binBodySchema>): Promise<ProductView> {
  const error = binError(body.bin);
  if (error) throw new ValidationError(error, { bin: [error] });
  const before = await findProduct(ctx, sku);
  const bin = normalizeBin(body.bin);
  if (bin === before.bin) return before;
  const at = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db.update(inventoryItems).set({ bin, updatedAt: at }).where(eq(inventoryItems.sku, sku)),
    recordAudit(ctx.db, actor, at, { entityType: "product", entityId: sku, action: "update", changes: [{ field: "bin", before: before.bin, after: bin }] }),
  ]);
  return { ...before, bin };
}

export const barcodeBodySchema = z
  .object({
    code: z.string().max(BARCODE_MAX_LENGTH * 2),
    kind: z.enum(["unit", "case"]).default("unit"),
    quantity: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict();

async function ownerOf(ctx: Ctx, key: string): Promise<string | null> {
  const [row] = await ctx.db.select({ sku: productBarcodes.sku }).from(productBarcodes).where(eq(productBarcodes.codeKey, key)).limit(1);
  return row?.sku ?? null;
}

export async function addBarcode(ctx: AdminCtx, actor: Viewer, sku: string, body: z.infer<typeof barcodeBodySchema>): Promise<ProductView> {
  const codeError = barcodeError(body.code);
  if (codeError) throw new ValidationError(codeError, { code: [codeError] });
  const quantity = body.kind === "unit" ? (body.quantity ?? 1) : (body.quantity ?? 0);
  const qtyError = caseQuantityError(body.kind, quantity);
  if (qtyError) throw new ValidationError(qtyError, { quantity: [qtyError] });
  await findProduct(ctx, sku);
  const code = body.code.trim();
  const key = barcodeKey(code);
  const taken = await ownerOf(ctx, key);
  if (taken) throw new ConflictError(`This barcode is already on SKU ${taken}`);
  const at = ctx.now().toISOString();
  try {
    await ctx.db.batch([
      ctx.db.insert(productBarcodes).values({ sku, code, codeKey: key, kind: body.kind, quantity, createdAt: at, updatedAt: at }),
      recordAudit(ctx.db, actor, at, { entityType: "product", entityId: sku, action: "barcode.add", changes: [{ field: "barcode", before: null, after: `${code} (${body.kind}${body.kind === "case" ? ` of ${quantity}` : ""})` }] }),
    ]);
  } catch (error) {
    // Added by someone else between the check and the insert: the unique key refused it.
    const owner = await ownerOf(ctx, key);
    if (owner) throw new ConflictError(`This barcode is already on SKU ${owner}`);
    throw error;
  }
  return findProduct(ctx, sku);
}

export async function removeBarcode(ctx: AdminCtx, actor: Viewer, sku: string, id: number): Promise<ProductView> {
  const [row] = await ctx.db.select().from(productBarcodes).where(and(eq(productBarcodes.id, id), eq(productBarcodes.sku, sku))).limit(1);
  if (!row) throw new NotFoundError("Barcode not found");
  const at = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db.delete(productBarcodes).where(eq(productBarcodes.id, id)),
    recordAudit(ctx.db, actor, at, { entityType: "product", entityId: sku, action: "barcode.remove", changes: [{ field: "barcode", before: `${row.code} (${row.kind})`, after: null }] }),
  ]);
  return findProduct(ctx, sku);
}
