// Devanning Reports (spec 002 §5, §7): one group's photos uploaded at a time (kept as the uploader's pending
// files), the report as JSON naming them, checked against every rule and idempotent under a retry; the list
// with filters and pages in SQL; approve or reject a pending report, recording the signed-in reviewer.
import { and, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { devanningReports, idempotencyKeys, storedFiles, type ReportPhoto } from "../../db/schema";
import type { ActedAt } from "~/domain/acted-at";
import { DEVANNING_MAX_PHOTOS_PER_GROUP, MESSAGES, PHOTO_GROUPS, type DevanningStatus, type PhotoGroup } from "~/domain/reports/constants";
import { devanningErrors, devanningRecord, photoCounts, type DevanningPhoto } from "~/domain/reports/devanning";
import type { DevanningPhotosUploaded, ReportSubmitted } from "~/domain/reports/contract";
import type { DevanningReportInput, DevanningReview } from "~/domain/reports/schemas";
import type { DevanningListQuery } from "~/domain/reports/list";
import { ConflictError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "~/domain/errors";
import { isImageType, sniffContentType } from "~/domain/files/sniff";
import type { AppContext } from "~/lib/context.server";
import { sha256Hex } from "~/lib/crypto.server";
import { cleanFilename, DEVANNING_PHOTO, refuseActiveContent, storeUpload } from "~/lib/files.server";
import { FORM_OVERHEAD_BYTES, parseFormData } from "~/lib/http.server";
import { idempotencyKeyOf, requestFingerprint, withIdempotency } from "~/lib/idempotency.server";
import type { Viewer } from "~/lib/session.server";
import { actorName, diffFields, updateVersioned } from "~/lib/writes.server";
import { likePattern, reportPage, reportPhotoLink, reportScopeWhere } from "./reports-common.server";

export const DEVANNING_OWNER = "devanning-report";
export const DEVANNING_UPLOAD_OWNER = "devanning-upload";
// One group per call; the phone sends one resized photo at a time, an older client a whole group. Kept under
// the platform's 100 MB request limit.
const UPLOAD_FORM_LIMIT = 90 * 1024 * 1024 + FORM_OVERHEAD_BYTES;

type Row = typeof devanningReports.$inferSelect;

function photoOut(p: ReportPhoto): DevanningPhoto {
  return { filename: p.key, originalName: p.originalName, path: p.key, size: p.size };
}

function toReport(row: Row) {
  const photos = Object.fromEntries(PHOTO_GROUPS.map((g) => [g, (row.photos[g] ?? []).map(photoOut)])) as Record<PhotoGroup, DevanningPhoto[]>;
  return {
    _id: row.id,
    id: row.id,
    containerNumber: row.containerNumber,
    cargoDetails: { ...row.cargoDetails, managementSign: row.managementSign ?? "" },
    warehouseInfo: row.warehouseInfo,
    totalsCalculation: row.totalsCalculation,
    containerInfo: row.containerInfo,
    inventoryDetails: row.inventoryDetails,
    environmentalCheck: row.environmentalCheck,
    photos,
    status: row.status,
    submittedAt: row.submittedAt,
    submittedBy: row.submittedBy,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt,
    notes: row.notes,
    version: row.version,
  };
}
export type DevanningReport = ReturnType<typeof toReport>;

// ---------------------------------------------------------------- photo uploads

/**
 * POST upload-photos: the files of one group under its name. Every file is checked (an image by its bytes,
 * at most 10 MB) before any is stored; they are kept as the uploader's pending files until a report names them.
 */
export async function uploadDevanningPhotos(ctx: AppContext, viewer: Viewer, request: Request): Promise<Response> {
  const key = idempotencyKeyOf(request);
  const form = await parseFormData(request, UPLOAD_FORM_LIMIT);
  const groups = [...new Set([...form.keys()])];
  const group = groups.find((g): g is PhotoGroup => (PHOTO_GROUPS as readonly string[]).includes(g));
  if (!group || groups.length !== 1) throw new ValidationError(`Send the files of one group, named ${PHOTO_GROUPS.join(", ")}`);
  const parts = form.getAll(group);
  if (parts.some((p) => typeof p === "string")) throw new ValidationError(`${group} must be files`);
  const files = parts as File[];
  if (files.length === 0) throw new ValidationError("No files were sent");
  if (files.length > DEVANNING_MAX_PHOTOS_PER_GROUP) throw new ValidationError(`At most ${DEVANNING_MAX_PHOTOS_PER_GROUP} photos per group`);
  const checked: { bytes: Uint8Array; name: string; sha256: string }[] = [];
  for (const file of files) {
    const name = cleanFilename(file.name, "photo");
    if (file.size > DEVANNING_PHOTO.maxBytes) throw new PayloadTooLargeError(MESSAGES.skippedFiles);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffContentType(bytes);
    if (!type || !isImageType(type) || !DEVANNING_PHOTO.accept.includes(type)) throw new UnsupportedMediaTypeError(MESSAGES.skippedFiles);
    await refuseActiveContent(bytes, type, name);
    checked.push({ bytes, name, sha256: await sha256Hex(bytes) });
  }
  const fingerprint = await requestFingerprint({ group, files: checked.map((c) => [c.name, c.sha256]) });
  return withIdempotency(ctx, `reports.devanning-upload:${viewer.email}`, key, fingerprint, async () => {
    const out: DevanningPhoto[] = [];
    for (const c of checked) {
      const file = await storeUpload(ctx, c.bytes, { rule: DEVANNING_PHOTO, ownerType: DEVANNING_UPLOAD_OWNER, ownerId: viewer.email, kind: "devanning-photo", filename: c.name, createdBy: viewer.email });
      out.push({ filename: file.key, originalName: file.filename, path: file.key, size: file.size });
    }
    return { status: 200, body: { success: true, group, files: out } satisfies DevanningPhotosUploaded };
  });
}

// ---------------------------------------------------------------- submission

function validationOf(errors: Record<string, string>): ValidationError {
  const fieldErrors = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]));
  return new ValidationError(Object.values(errors)[0] ?? MESSAGES.devanningInvalid, fieldErrors);
}

/**
 * POST /api/devanning-reports: every rule of §5 (the same function as the form), then each named photo must be
 * one of the viewer's own pending uploads. The report, the photos' new owner and the idempotency record are
 * one transaction. Status, submitter and reviewer come from the server, never the body.
 */
export async function createDevanningReport(ctx: AppContext, viewer: Viewer, body: DevanningReportInput, key: string | null, actedAt?: ActedAt): Promise<Response> {
  const counts = photoCounts(body.photos);
  const errors = devanningErrors(body, counts);
  if (Object.keys(errors).length) throw validationOf(errors);
  const named = PHOTO_GROUPS.flatMap((g) => body.photos[g].map((p) => ({ group: g, key: p.path || p.filename })));
  const keys = named.map((n) => n.key);
  if (new Set(keys).size !== keys.length) throw new ValidationError("A photo is named twice");
  const fingerprint = await requestFingerprint(body);
  return withIdempotency(ctx, `reports.devanning:${viewer.email}`, key, fingerprint, async (remember) => {
    const files = keys.length
      ? await ctx.db
          .select()
          .from(storedFiles)
          .where(and(inArray(storedFiles.key, keys), eq(storedFiles.ownerType, DEVANNING_UPLOAD_OWNER), eq(storedFiles.ownerId, viewer.email)))
      : [];
    const byKey = new Map(files.map((f) => [f.key, f]));
    const missing = keys.find((k) => !byKey.has(k));
    if (missing) throw new ValidationError("A photo was not uploaded or belongs to another report. Upload it again.", { photos: [missing] });
    const photos = Object.fromEntries(PHOTO_GROUPS.map((g) => [g, [] as ReportPhoto[]])) as Record<PhotoGroup, ReportPhoto[]>;
    for (const n of named) {
      const f = byKey.get(n.key)!;
      photos[n.group].push({ key: f.key, filename: f.key, originalName: f.filename, size: f.size });
    }
    const record = devanningRecord(body);
    // When the report was submitted on the phone (X-Acted-At, decision 040): lists, exports and the PDF read it.
    const at = actedAt ? actedAt() : ctx.now().toISOString();
    const id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(devanningReports)
        .values({ ...record, photos, status: "pending", submittedAt: at, submittedBy: viewer.email, notes: "" })
        .returning({ id: devanningReports.id });
      const reportId = row!.id;
      if (keys.length) {
        await tx
          .update(storedFiles)
          .set({ ownerType: DEVANNING_OWNER, ownerId: String(reportId) })
          .where(and(inArray(storedFiles.key, keys), eq(storedFiles.ownerType, DEVANNING_UPLOAD_OWNER)));
      }
      const result = { status: 201, body: { success: true, message: MESSAGES.devanningSubmitted, id: reportId, report: { _id: reportId, id: reportId } } satisfies ReportSubmitted };
      for (const r of remember(result)) await tx.insert(idempotencyKeys).values(r);
      return reportId;
    });
    return { status: 201, body: { success: true, message: MESSAGES.devanningSubmitted, id, report: { _id: id, id } } satisfies ReportSubmitted };
  });
}

export function devanningIdempotencyKey(request: Request): string | null {
  return idempotencyKeyOf(request);
}

// ---------------------------------------------------------------- reading and review

async function scopeWhere(ctx: AppContext, viewer: Viewer) {
  return reportScopeWhere(ctx, viewer, "devanningReports:view", { location: null, submittedBy: devanningReports.submittedBy });
}

/** The reports the list holds for a query, within the viewer's scope: the list's and the CSV export's condition. */
export async function devanningListWhere(ctx: AppContext, viewer: Viewer, q: Omit<DevanningListQuery, "page" | "limit">) {
  const t = devanningReports;
  const search = q.search ? likePattern(q.search) : null;
  const container = q.containerNumber ? likePattern(q.containerNumber.toUpperCase()) : null;
  return and(
    await scopeWhere(ctx, viewer),
    q.status ? eq(t.status, q.status) : undefined,
    container ? sql`${t.containerNumber} LIKE ${container} ESCAPE '\\'` : undefined,
    q.dateFrom ? gte(t.submittedAt, q.dateFrom) : undefined,
    // Through the whole last day: submittedAt is a full timestamp.
    q.dateTo ? lte(t.submittedAt, `${q.dateTo}T23:59:59.999Z`) : undefined,
    search
      ? or(
          sql`${t.containerNumber} LIKE ${search} ESCAPE '\\'`,
          sql`json_extract(${t.cargoDetails}, '$.productDetail') LIKE ${search} ESCAPE '\\'`,
          sql`json_extract(${t.cargoDetails}, '$.receivableSign') LIKE ${search} ESCAPE '\\'`,
          sql`json_extract(${t.warehouseInfo}, '$.warehouseStaff1') LIKE ${search} ESCAPE '\\'`,
          sql`json_extract(${t.warehouseInfo}, '$.warehouseStaff2') LIKE ${search} ESCAPE '\\'`,
          sql`${t.submittedBy} LIKE ${search} ESCAPE '\\'`,
        )
      : undefined,
  );
}

export async function listDevanningReports(ctx: AppContext, viewer: Viewer, q: DevanningListQuery) {
  const t = devanningReports;
  const where = await devanningListWhere(ctx, viewer, q);
  const { rows, ...page } = await reportPage(ctx, t, where, q);
  return {
    success: true as const,
    reports: rows.map(toReport),
    ...page,
    message: page.total === 0 ? "No devanning reports found" : `${page.total} devanning report${page.total === 1 ? "" : "s"}`,
  };
}

async function findRow(ctx: AppContext, viewer: Viewer, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(devanningReports).where(and(eq(devanningReports.id, id), await scopeWhere(ctx, viewer))).limit(1);
  if (!row) throw new NotFoundError("Report not found");
  return row;
}

export async function getDevanningReport(ctx: AppContext, viewer: Viewer, id: number): Promise<DevanningReport> {
  return toReport(await findRow(ctx, viewer, id));
}

/**
 * Approve or reject (DESIGN §8: pending → approved | rejected only). Approval needs the management signature;
 * the reviewer is the signed-in member, whatever `reviewedBy` the body names.
 */
export async function reviewDevanningReport(ctx: AppContext, viewer: Viewer, id: number, review: DevanningReview): Promise<DevanningReport> {
  const row = await findRow(ctx, viewer, id);
  if (row.status !== "pending") throw new ConflictError(MESSAGES.notPending, toReport(row));
  const signature = review.managementSignature?.trim() ?? "";
  if (review.action === "approve" && !signature) throw new ValidationError(MESSAGES.managementSignature, { managementSignature: [MESSAGES.managementSignature] });
  const at = ctx.now().toISOString();
  const status: DevanningStatus = review.action === "approve" ? "approved" : "rejected";
  const set = { status, reviewedBy: actorName(viewer), reviewedAt: at, managementSign: signature || row.managementSign, notes: review.notes?.trim() ?? "" };
  const changed = await updateVersioned(ctx.db, devanningReports, row, set, {
    actor: viewer,
    at,
    input: { entityType: "devanning-report", entityId: String(id), action: review.action, changes: diffFields(row, set, ["status", "reviewedBy", "reviewedAt", "managementSign", "notes"]) },
  });
  if (!changed) throw new ConflictError(MESSAGES.notPending, toReport(await findRow(ctx, viewer, id)));
  return toReport(await findRow(ctx, viewer, id));
}

export async function devanningPhotoLink(ctx: AppContext, viewer: Viewer, key: string) {
  const where = await scopeWhere(ctx, viewer);
  return reportPhotoLink(ctx, key, DEVANNING_OWNER, async (reportId) => {
    const [row] = await ctx.db.select({ id: devanningReports.id }).from(devanningReports).where(and(eq(devanningReports.id, reportId), where)).limit(1);
    return !!row;
  });
}
