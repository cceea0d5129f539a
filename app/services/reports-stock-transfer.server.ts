// Stock Transfer Receiving Reports (spec 002 §5, §7): the multipart submission (`data` + repeated `photos`)
// checked whole before anything is stored, idempotent under a retry; the list with filters and pages in SQL;
// the detail; the free status change with its audit event; photo links; a damaged-items alert for the
// receiving warehouse's managers.
import { and, eq, gte, lte, or, sql } from "drizzle-orm";
import { idempotencyKeys, locations, notifications, roleGrants, roles, stockTransferReports, storedFiles, users } from "../../db/schema";
import type { ActedAt } from "~/domain/acted-at";
import { MESSAGES, STOCK_TRANSFER_MAX_PHOTOS, STOCK_TRANSFER_PHOTO_BYTES, type StockTransferStatus } from "~/domain/reports/constants";
import type { ReportSubmitted } from "~/domain/reports/contract";
import type { StockTransferListQuery } from "~/domain/reports/list";
import { stockTransferDataSchema } from "~/domain/reports/schemas";
import {
  damagedItems,
  draftOf,
  itemRecords,
  signatureBase64,
  stockTransferErrors,
  type StockTransferItemRecord,
} from "~/domain/reports/stock-transfer";
import { ConflictError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "~/domain/errors";
import { sniffContentType } from "~/domain/files/sniff";
import type { AppContext } from "~/lib/context.server";
import { sha256Hex } from "~/lib/crypto.server";
import { cleanFilename, signFileUrl, STOCK_TRANSFER_PHOTO, storeUpload, type UploadRule } from "~/lib/files.server";
import { FORM_OVERHEAD_BYTES, fieldErrorsOf, hasLoneSurrogate, parseFormData } from "~/lib/http.server";
import { idempotencyKeyOf, requestFingerprint, withIdempotency } from "~/lib/idempotency.server";
import type { Viewer } from "~/lib/session.server";
import { diffFields, updateVersioned } from "~/lib/writes.server";
import { likePattern, reportPage, reportPhotoLink, reportScopeWhere } from "./reports-common.server";

export const STOCK_TRANSFER_OWNER = "stock-transfer-report";
const SIGNATURE_RULE: UploadRule = { accept: ["image/png"], maxBytes: 512 * 1024 };
// One photo over the limit still parses, so its count and size get the spec's messages rather than a bare 413.
const FORM_LIMIT = (STOCK_TRANSFER_MAX_PHOTOS + 1) * STOCK_TRANSFER_PHOTO_BYTES + 1024 * 1024 + FORM_OVERHEAD_BYTES;

type Row = typeof stockTransferReports.$inferSelect;

export type StockTransferReport = {
  _id: number;
  id: number;
  dateReceived: string;
  transferReference: string;
  receivingLocation: string;
  transferFrom: string;
  receivedBy: string;
  items: StockTransferItemRecord[];
  productCondition: string;
  notesComments: string;
  signatureType: "draw" | "type";
  /** A short-lived link to the drawn signature (the stored PNG), or null. */
  signatureDrawn: string | null;
  signatureTyped: string | null;
  photos: { s3Key: string; filename: string; originalName: string; size: number }[];
  status: StockTransferStatus;
  submittedAt: string;
  submittedBy: string;
  version: number;
};

async function toReport(ctx: AppContext, row: Row): Promise<StockTransferReport> {
  return {
    _id: row.id,
    id: row.id,
    dateReceived: row.dateReceived,
    transferReference: row.transferReference,
    receivingLocation: row.receivingLocation,
    transferFrom: row.transferFrom,
    receivedBy: row.receivedBy,
    items: row.items,
    productCondition: row.productCondition,
    notesComments: row.notesComments,
    signatureType: row.signatureType,
    signatureDrawn: row.signatureKey ? await signFileUrl(ctx, row.signatureKey) : null,
    signatureTyped: row.signatureTyped,
    photos: row.photos.map((p) => ({ s3Key: p.key, filename: p.filename, originalName: p.originalName, size: p.size })),
    status: row.status,
    submittedAt: row.submittedAt,
    submittedBy: row.submittedBy,
    version: row.version,
  };
}

// ---------------------------------------------------------------- submission

export type StockTransferSubmission = {
  data: ReturnType<typeof draftOf>;
  photos: { file: File; bytes: Uint8Array; name: string; sha256: string }[];
  signature: Uint8Array | null;
  fingerprint: string;
};

function validationOf(errors: Record<string, string>): ValidationError {
  const fieldErrors = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]));
  return new ValidationError(Object.values(errors)[0] ?? MESSAGES.stockTransferInvalid, fieldErrors);
}

function decodeBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Reads and checks the whole submission before anything is written: the `data` JSON against every rule of
 * §5, then the photos (count, size, and type from the bytes) and the drawn signature (a PNG).
 */
export async function parseStockTransferSubmission(request: Request): Promise<StockTransferSubmission> {
  const form = await parseFormData(request, FORM_LIMIT);
  const rawData = form.get("data");
  if (typeof rawData !== "string" || !rawData.trim()) throw new ValidationError("The form's data field is missing", { data: ["required"] });
  let json: unknown;
  try {
    json = JSON.parse(rawData);
  } catch {
    throw new ValidationError("The form's data field is not valid JSON");
  }
  if (hasLoneSurrogate(json)) throw new ValidationError("Text must be valid Unicode (a lone surrogate or NUL escape was sent)");
  const parsed = stockTransferDataSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ValidationError(`Invalid input: ${first?.path.join(".") || "data"}: ${first?.message ?? "bad request"}`, fieldErrorsOf(parsed.error));
  }
  const data = draftOf(parsed.data);
  const errors = stockTransferErrors(data);
  if (Object.keys(errors).length) throw validationOf(errors);

  const parts = form.getAll("photos");
  if (parts.some((p) => typeof p === "string")) throw new ValidationError("photos must be files");
  const files = parts as File[];
  if (files.length > STOCK_TRANSFER_MAX_PHOTOS) throw new ValidationError(MESSAGES.tooManyPhotos, { photos: [MESSAGES.tooManyPhotos] });
  const photos: StockTransferSubmission["photos"] = [];
  for (const file of files) {
    const name = cleanFilename(file.name, "photo");
    if (file.size > STOCK_TRANSFER_PHOTO_BYTES) throw new PayloadTooLargeError(MESSAGES.photoTooLarge(name));
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffContentType(bytes);
    if (!type || !STOCK_TRANSFER_PHOTO.accept.includes(type)) throw new UnsupportedMediaTypeError(MESSAGES.photoType(name));
    photos.push({ file, bytes, name, sha256: await sha256Hex(bytes) });
  }

  let signature: Uint8Array | null = null;
  if (data.signatureType === "draw") {
    const bytes = decodeBase64(signatureBase64(data.signatureDrawn) ?? "");
    if (sniffContentType(bytes) !== "image/png" || bytes.byteLength > SIGNATURE_RULE.maxBytes) {
      throw new ValidationError(MESSAGES.signature, { signatureDrawn: [MESSAGES.signature] });
    }
    signature = bytes;
  }
  const fingerprint = await requestFingerprint({ data: parsed.data, photos: photos.map((p) => [p.name, p.sha256]) });
  return { data, photos, signature, fingerprint };
}

/** The members who manage the receiving warehouse: non-admin roles holding stockTransferReports:update there. */
async function receivingManagers(ctx: AppContext, locationName: string): Promise<number[]> {
  const [loc] = await ctx.db.select({ id: locations.id }).from(locations).where(eq(locations.name, locationName)).limit(1);
  if (!loc) return [];
  const rows = await ctx.db
    .select({ id: users.id, locationIds: users.locationIds })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(roleGrants, and(eq(roleGrants.roleId, roles.id), eq(roleGrants.key, "stockTransferReports:update")))
    .where(eq(roles.isAdmin, false));
  return rows.filter((r) => r.locationIds.includes(loc.id)).map((r) => r.id);
}

export function damagedAlertMessage(report: { transferReference: string; transferFrom: string; receivingLocation: string; receivedBy: string }, damaged: StockTransferItemRecord[]): string {
  const units = damaged.reduce((sum, i) => sum + (i.damagedQuantity ?? 0), 0);
  const skus = damaged.map((i) => `${i.itemSku} (${i.damagedQuantity})`).join(", ");
  return `Stock transfer ${report.transferReference} from ${report.transferFrom} arrived at ${report.receivingLocation} with ${units} damaged unit${units === 1 ? "" : "s"}: ${skus}. Received by ${report.receivedBy}.`;
}

/**
 * Stores the photos and the signature, then writes the report, the damaged-items alerts and the idempotency
 * record in one transaction. A retry with the same Idempotency-Key answers the first result and writes nothing.
 */
export async function createStockTransferReport(ctx: AppContext, viewer: Viewer, request: Request, actedAt?: ActedAt): Promise<Response> {
  const key = idempotencyKeyOf(request);
  const submission = await parseStockTransferSubmission(request);
  return withIdempotency(ctx, `reports.stock-transfer:${viewer.email}`, key, submission.fingerprint, async (remember) => {
    const { data } = submission;
    const at = ctx.now().toISOString();
    // When the report was submitted on the phone (X-Acted-At, decision 040): lists, exports and the PDF read it.
    const submittedAt = actedAt ? actedAt() : at;
    const stored: string[] = [];
    try {
      const photos = [];
      for (const p of submission.photos) {
        const file = await storeUpload(ctx, p.bytes, { rule: STOCK_TRANSFER_PHOTO, ownerType: "stock-transfer-upload", ownerId: viewer.email, kind: "stock-transfer-photo", filename: p.name, createdBy: viewer.email });
        stored.push(file.key);
        photos.push({ key: file.key, filename: file.key, originalName: p.name, size: file.size });
      }
      let signatureKey: string | null = null;
      if (submission.signature) {
        const file = await storeUpload(ctx, submission.signature, { rule: SIGNATURE_RULE, ownerType: "stock-transfer-upload", ownerId: viewer.email, kind: "report-signature", filename: "signature.png", createdBy: viewer.email });
        stored.push(file.key);
        signatureKey = file.key;
      }
      const items = itemRecords(data.items);
      const damaged = damagedItems(items);
      const record = {
        dateReceived: data.dateReceived.trim(),
        transferReference: data.transferReference.trim(),
        receivingLocation: data.receivingLocation.trim(),
        transferFrom: data.transferFrom.trim(),
        receivedBy: data.receivedBy.trim(),
        items,
        productCondition: data.productCondition as "excellent" | "acceptable" | "damaged",
        notesComments: data.notesComments.trim(),
        signatureType: data.signatureType,
        signatureKey,
        signatureTyped: data.signatureType === "type" ? data.signatureTyped.trim() : null,
        photos,
        status: "submitted" as const,
        submittedAt,
        submittedBy: viewer.email,
      };
      const managers = damaged.length ? await receivingManagers(ctx, record.receivingLocation) : [];
      const id = await ctx.db.transaction(async (tx) => {
        const [row] = await tx.insert(stockTransferReports).values(record).returning({ id: stockTransferReports.id });
        const reportId = row!.id;
        if (stored.length) {
          await tx.update(storedFiles).set({ ownerType: STOCK_TRANSFER_OWNER, ownerId: String(reportId) }).where(sql`${storedFiles.key} IN ${stored}`);
        }
        if (damaged.length) {
          const alert = {
            type: "warning" as const,
            title: "Damaged items received",
            message: damagedAlertMessage(record, damaged),
            priority: "high" as const,
            category: "system" as const,
            createdBy: viewer.email,
            createdAt: at,
          };
          // The receiving warehouse's managers; when none is linked to it, everyone who manages stock transfers.
          if (managers.length) await tx.insert(notifications).values(managers.map((userId) => ({ ...alert, userId })));
          else await tx.insert(notifications).values({ ...alert, audienceGrant: "stockTransferReports:update" });
        }
        const result = { status: 201, body: { success: true, message: MESSAGES.stockTransferSubmitted, id: reportId, report: { _id: reportId, id: reportId } } satisfies ReportSubmitted };
        for (const r of remember(result)) await tx.insert(idempotencyKeys).values(r);
        return reportId;
      });
      return { status: 201, body: { success: true, message: MESSAGES.stockTransferSubmitted, id, report: { _id: id, id } } satisfies ReportSubmitted };
    } catch (error) {
      // Nothing refers to the stored objects when the write did not commit: remove them rather than leak storage.
      for (const k of stored) {
        await ctx.files.delete(k).catch(() => undefined);
        await ctx.db.delete(storedFiles).where(eq(storedFiles.key, k)).catch(() => undefined);
      }
      throw error;
    }
  });
}

// ---------------------------------------------------------------- reading

async function scopeWhere(ctx: AppContext, viewer: Viewer) {
  return reportScopeWhere(ctx, viewer, "stockTransferReports:view", { location: stockTransferReports.receivingLocation, submittedBy: stockTransferReports.submittedBy });
}

/** The reports the list holds for a query, within the viewer's scope: the list's and the CSV export's condition. */
export async function stockTransferListWhere(ctx: AppContext, viewer: Viewer, q: Omit<StockTransferListQuery, "page" | "limit">) {
  const t = stockTransferReports;
  const search = q.search ? likePattern(q.search) : null;
  return and(
    await scopeWhere(ctx, viewer),
    q.status ? eq(t.status, q.status) : undefined,
    q.receivingLocation ? eq(t.receivingLocation, q.receivingLocation) : undefined,
    q.dateFrom ? gte(t.dateReceived, q.dateFrom) : undefined,
    q.dateTo ? lte(t.dateReceived, q.dateTo) : undefined,
    search
      ? or(
          sql`${t.transferReference} LIKE ${search} ESCAPE '\\'`,
          sql`${t.transferFrom} LIKE ${search} ESCAPE '\\'`,
          sql`${t.receivedBy} LIKE ${search} ESCAPE '\\'`,
          sql`${t.receivingLocation} LIKE ${search} ESCAPE '\\'`,
          sql`${t.notesComments} LIKE ${search} ESCAPE '\\'`,
        )
      : undefined,
  );
}

export async function listStockTransferReports(ctx: AppContext, viewer: Viewer, q: StockTransferListQuery) {
  const t = stockTransferReports;
  const where = await stockTransferListWhere(ctx, viewer, q);
  const { rows, ...page } = await reportPage(ctx, t, where, q);
  return { success: true as const, reports: await Promise.all(rows.map((r) => toReport(ctx, r))), ...page };
}

async function findRow(ctx: AppContext, viewer: Viewer, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(stockTransferReports).where(and(eq(stockTransferReports.id, id), await scopeWhere(ctx, viewer))).limit(1);
  if (!row) throw new NotFoundError("Report not found");
  return row;
}

export async function getStockTransferReport(ctx: AppContext, viewer: Viewer, id: number): Promise<StockTransferReport> {
  return toReport(ctx, await findRow(ctx, viewer, id));
}

/** Spec 002 §4: the status moves freely among the four values; each change is an audit event. */
export async function updateStockTransferStatus(ctx: AppContext, viewer: Viewer, id: number, status: StockTransferStatus): Promise<StockTransferReport> {
  const row = await findRow(ctx, viewer, id);
  if (row.status === status) return toReport(ctx, row);
  const at = ctx.now().toISOString();
  const changed = await updateVersioned(ctx.db, stockTransferReports, row, { status }, {
    actor: viewer,
    at,
    input: { entityType: "stock-transfer-report", entityId: String(id), action: "status", changes: diffFields(row, { status }, ["status"]) },
  });
  if (!changed) throw new ConflictError("Someone else changed this report. Reload it and try again.", await toReport(ctx, await findRow(ctx, viewer, id)));
  return toReport(ctx, await findRow(ctx, viewer, id));
}

export async function stockTransferPhotoLink(ctx: AppContext, viewer: Viewer, key: string) {
  const where = await scopeWhere(ctx, viewer);
  return reportPhotoLink(ctx, key, STOCK_TRANSFER_OWNER, async (reportId) => {
    const [row] = await ctx.db.select({ id: stockTransferReports.id }).from(stockTransferReports).where(and(eq(stockTransferReports.id, reportId), where)).limit(1);
    return !!row;
  });
}
