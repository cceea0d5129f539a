// Warehouse capture (spec 001 §2–§5, §7, §8): a printed name, a signature and attachments saved once per order
// by a warehouse employee (assignment scope), then only more attachments. Files are checked in full (size,
// type from the bytes, no embedded HTML, script or archive) before the first one is stored, and a write that
// fails after storing removes what it stored: nothing is half-written.
import { and, asc, eq } from "drizzle-orm";
import { idempotencyKeys, pickListStatus, storedFiles, warehouseCaptures } from "../../db/schema";
import type { ActedAt } from "~/domain/acted-at";
import { hasAnyGrant, type GrantKey } from "~/domain/access/roles";
import { activeContentReason, ACTIVE_CONTENT_PREFIX } from "~/domain/documents/active-content";
import { ATTACHMENT_MAX_BYTES, CAPTURE_MESSAGES, MAX_ATTACHMENTS, type CaptureData, type CaptureFile } from "~/domain/documents/capture";
import type { CaptureAttachmentsAdded, CaptureSaved } from "~/domain/documents/contract";
import { parsePngDataUrl, SIGNATURE_MAX_BYTES, SIGNATURE_MESSAGES } from "~/domain/documents/signature";
import { ConflictError, DomainError, ForbiddenError, ValidationError } from "~/domain/errors";
import { sniffContentType, type SniffedType } from "~/domain/files/sniff";
import type { AppContext } from "~/lib/context.server";
import { sha256Hex } from "~/lib/crypto.server";
import { cleanFilename, IMAGE_OR_PDF, signFileUrl, storeUpload, type StoredFile } from "~/lib/files.server";
import { requestFingerprint, withIdempotency } from "~/lib/idempotency.server";
import type { Viewer } from "~/lib/session.server";
import { actorName, recordAudit } from "~/lib/writes.server";
import { discardFile, DOCUMENT_LINK_TTL_SECONDS } from "./bol.server";
import { orderFacts } from "./floor-conflicts.server";
import { getOrderForViewer, type OrderRow } from "./orders.server";

/** Reading a capture: the employee it is assigned to, and the office (who assign and answer for orders). */
export const CAPTURE_READ_GRANTS: readonly GrantKey[] = ["warehouse:capture", "orders:update"];
export const CAPTURE_WRITE_GRANTS: readonly GrantKey[] = ["warehouse:capture"];

const SIGNATURE_KIND = "capture-signature";
const ATTACHMENT_KIND = "capture-attachment";

type CheckedFile = { bytes: Uint8Array; type: SniffedType; filename: string; sha256: string };

function mb(bytes: number) {
  return Number.isInteger(bytes / 1048576) ? String(bytes / 1048576) : (bytes / 1048576).toFixed(1);
}

/** One upload checked in full: 413 over the limit, 400 empty, 415 not an accepted type or carrying active content. */
async function checkFile(file: File, accept: readonly string[], maxBytes: number, fallback: string): Promise<CheckedFile> {
  const filename = cleanFilename(file.name, fallback);
  if (file.size > maxBytes) throw new DomainError(413, `File ${filename} is too large. Maximum size is ${mb(maxBytes)}MB.`, { filename });
  if (file.size === 0) throw new ValidationError(`File ${filename} is empty`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffContentType(bytes);
  if (!type || !accept.includes(type)) throw new DomainError(415, "Unsupported file type", { filename, accepted: accept });
  const reason = activeContentReason(bytes, type);
  if (reason) throw new DomainError(415, `${ACTIVE_CONTENT_PREFIX} ${reason} (${filename})`, { filename });
  return { bytes, type, filename, sha256: await sha256Hex(bytes) };
}

async function checkSignature(value: FormDataEntryValue | null): Promise<CheckedFile> {
  if (value === null || value === "") throw new ValidationError(SIGNATURE_MESSAGES.required, { signature: [SIGNATURE_MESSAGES.required] });
  if (typeof value === "string") {
    // API clients may send the pad's data URL as a text field instead of a file.
    const parsed = parsePngDataUrl(value);
    if (!parsed.ok) throw new ValidationError(parsed.error, { signature: [parsed.error] });
    const reason = activeContentReason(parsed.bytes, "image/png");
    if (reason) throw new DomainError(415, `${ACTIVE_CONTENT_PREFIX} ${reason} (signature.png)`);
    return { bytes: parsed.bytes, type: "image/png", filename: "signature.png", sha256: await sha256Hex(parsed.bytes) };
  }
  try {
    return await checkFile(value, ["image/png"], SIGNATURE_MAX_BYTES, "signature.png");
  } catch (error) {
    if (error instanceof DomainError && error.status === 415 && !error.message.startsWith(ACTIVE_CONTENT_PREFIX)) {
      throw new ValidationError(SIGNATURE_MESSAGES.notPng, { signature: [SIGNATURE_MESSAGES.notPng] });
    }
    throw error;
  }
}

async function checkAttachments(form: FormData, required: boolean): Promise<CheckedFile[]> {
  const entries = form.getAll("attachments");
  if (entries.some((e) => typeof e === "string" && e !== "")) throw new ValidationError("Attachments must be files");
  const files = entries.filter((e): e is File => typeof e !== "string" && e.size >= 0 && !(e.size === 0 && e.name === ""));
  if (required && files.length === 0) throw new ValidationError(CAPTURE_MESSAGES.noAttachments, { attachments: [CAPTURE_MESSAGES.noAttachments] });
  if (files.length > MAX_ATTACHMENTS) throw new ValidationError(CAPTURE_MESSAGES.tooManyAttachments(MAX_ATTACHMENTS));
  const checked: CheckedFile[] = [];
  for (const [i, f] of files.entries()) checked.push(await checkFile(f, IMAGE_OR_PDF.accept, ATTACHMENT_MAX_BYTES, `attachment-${i + 1}`));
  return checked;
}

/** Stores checked files; if any fails, the ones already stored are removed and the error goes on. */
async function storeAll(ctx: AppContext, viewer: Viewer, order: OrderRow, files: { file: CheckedFile; kind: string }[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const { file, kind } of files) {
      stored.push(
        await storeUpload(ctx, file.bytes, {
          rule: { accept: [file.type], maxBytes: Math.max(ATTACHMENT_MAX_BYTES, SIGNATURE_MAX_BYTES) },
          ownerType: "order",
          ownerId: String(order.id),
          kind,
          filename: file.filename,
          createdBy: viewer.email,
        }),
      );
    }
    return stored;
  } catch (error) {
    await Promise.all(stored.map((s) => discardFile(ctx, s.key)));
    throw error;
  }
}

/** Saving a capture is warehouse:capture's (the route checks it before reading the form, so the refusal is a 403). */
export function requireCaptureGrant(viewer: Viewer) {
  if (!viewer.isAdmin && !hasAnyGrant(viewer.grants, CAPTURE_WRITE_GRANTS)) throw new ForbiddenError(CAPTURE_MESSAGES.captureDenied);
}

async function captureRow(ctx: AppContext, orderId: number) {
  const [row] = await ctx.db.select().from(warehouseCaptures).where(eq(warehouseCaptures.orderId, orderId)).limit(1);
  return row;
}

async function fileView(ctx: AppContext, f: Pick<StoredFile, "key" | "filename" | "contentType" | "size" | "createdAt">): Promise<CaptureFile> {
  return {
    s3Key: f.key,
    url: await signFileUrl(ctx, f.key, { ttlSeconds: DOCUMENT_LINK_TTL_SECONDS, filename: f.filename }),
    filename: f.filename,
    contentType: f.contentType,
    size: f.size,
    createdAt: f.createdAt,
  };
}

async function captureData(ctx: AppContext, order: OrderRow): Promise<CaptureData | null> {
  const row = await captureRow(ctx, order.id);
  if (!row) return null;
  const [attachments, [pick]] = await Promise.all([
    ctx.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.ownerType, "order"), eq(storedFiles.ownerId, String(order.id)), eq(storedFiles.kind, ATTACHMENT_KIND)))
      .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id)),
    ctx.db.select({ completedAt: pickListStatus.completedAt }).from(pickListStatus).where(eq(pickListStatus.orderId, order.id)).limit(1),
  ]);
  return {
    savedAt: row.savedAt,
    signedByName: row.signedByName,
    capturedBy: row.capturedBy,
    signature: { s3Key: row.signatureKey, url: await signFileUrl(ctx, row.signatureKey, { ttlSeconds: DOCUMENT_LINK_TTL_SECONDS, filename: "signature.png" }) },
    attachments: await Promise.all(attachments.map((a) => fileView(ctx, a))),
    pickListCompleted: !!pick?.completedAt,
    pickListCompletedAt: pick?.completedAt ?? null,
  };
}

/** GET /api/warehouse/{id}/capture: {success, exists, data}. */
export async function getCapture(ctx: AppContext, viewer: Viewer, ref: string) {
  const order = await getOrderForViewer(ctx, viewer, ref, CAPTURE_READ_GRANTS);
  const data = await captureData(ctx, order);
  return { success: true as const, exists: !!data, data };
}

/**
 * POST /api/warehouse/{id}/capture (multipart: signedByName, signature, attachments): saves the capture once.
 * 409 when one exists (the screen switches to adding photos); a retry with the same Idempotency-Key gets the
 * first answer instead.
 */
export async function saveCapture(ctx: AppContext, viewer: Viewer, ref: string, form: FormData, idempotencyKey: string | null, actedAt?: ActedAt): Promise<Response> {
  requireCaptureGrant(viewer);
  const order = await getOrderForViewer(ctx, viewer, ref, CAPTURE_WRITE_GRANTS);
  const rawName = form.get("signedByName");
  const signedByName = typeof rawName === "string" ? rawName.trim() : "";
  if (!signedByName) throw new ValidationError(CAPTURE_MESSAGES.nameRequired, { signedByName: [CAPTURE_MESSAGES.nameRequired] });
  if (signedByName.length > 200) throw new ValidationError("Customer name: at most 200 characters", { signedByName: ["At most 200 characters"] });
  const signature = await checkSignature(form.get("signature"));
  const attachments = await checkAttachments(form, false);
  const fingerprint = await requestFingerprint({ signedByName, signature: signature.sha256, attachments: attachments.map((a) => a.sha256) });

  return withIdempotency(ctx, `warehouse.capture:${order.id}:${viewer.email}`, idempotencyKey, fingerprint, async (remember) => {
    if (await captureRow(ctx, order.id)) throw new ConflictError(CAPTURE_MESSAGES.exists);
    const stored = await storeAll(ctx, viewer, order, [
      { file: signature, kind: SIGNATURE_KIND },
      ...attachments.map((file) => ({ file, kind: ATTACHMENT_KIND })),
    ]);
    const at = ctx.now().toISOString();
    // When the employee saved it on the phone (decision 040), never before the order existed.
    const acted = actedAt?.fromPhone ? actedAt((await orderFacts(ctx, order.id)).createdAt) : at;
    const by = actorName(viewer);
    const [sig, ...files] = stored;
    const data: CaptureData = {
      savedAt: acted,
      signedByName,
      capturedBy: by,
      signature: { s3Key: sig!.key, url: await signFileUrl(ctx, sig!.key, { ttlSeconds: DOCUMENT_LINK_TTL_SECONDS, filename: "signature.png" }) },
      attachments: await Promise.all(files.map((f) => fileView(ctx, f))),
      pickListCompleted: false,
      pickListCompletedAt: null,
    };
    const [pick] = await ctx.db.select({ completedAt: pickListStatus.completedAt }).from(pickListStatus).where(eq(pickListStatus.orderId, order.id)).limit(1);
    data.pickListCompleted = !!pick?.completedAt;
    data.pickListCompletedAt = pick?.completedAt ?? null;
    const result = { status: 201, body: { success: true, data } satisfies CaptureSaved };
    try {
      await ctx.db.batch([
        ctx.db.insert(warehouseCaptures).values({ orderId: order.id, signedByName, signatureKey: sig!.key, capturedBy: by, savedAt: acted }),
        recordAudit(ctx.db, viewer, at, {
          entityType: "order",
          entityId: order.orderNumber,
          actedAt: acted,
          action: "warehouse-capture.save",
          changes: [{ field: "warehouseCapture", before: null, after: { signedByName, attachments: files.length } }],
        }),
        ...remember(result).map((r) => ctx.db.insert(idempotencyKeys).values(r)),
      ]);
    } catch (error) {
      await Promise.all(stored.map((s) => discardFile(ctx, s.key)));
      // Lost a race with another save of the same order: the unique order id says it exists.
      if (await captureRow(ctx, order.id)) throw new ConflictError(CAPTURE_MESSAGES.exists);
      throw error;
    }
    return result;
  });
}

/** POST /api/warehouse/{id}/capture/attachments (multipart, repeated 'attachments'): adds files to a saved capture. */
export async function addCaptureAttachments(ctx: AppContext, viewer: Viewer, ref: string, form: FormData, idempotencyKey: string | null, actedAt?: ActedAt): Promise<Response> {
  requireCaptureGrant(viewer);
  const order = await getOrderForViewer(ctx, viewer, ref, CAPTURE_WRITE_GRANTS);
  const attachments = await checkAttachments(form, true);
  const fingerprint = await requestFingerprint({ attachments: attachments.map((a) => a.sha256) });
  return withIdempotency(ctx, `warehouse.capture.attachments:${order.id}:${viewer.email}`, idempotencyKey, fingerprint, async (remember) => {
    if (!(await captureRow(ctx, order.id))) throw new ConflictError(CAPTURE_MESSAGES.noCapture);
    const stored = await storeAll(ctx, viewer, order, attachments.map((file) => ({ file, kind: ATTACHMENT_KIND })));
    const at = ctx.now().toISOString();
    const acted = actedAt?.fromPhone ? actedAt((await orderFacts(ctx, order.id)).createdAt) : at;
    const result = { status: 200, body: { success: true, count: stored.length, data: await Promise.all(stored.map((f) => fileView(ctx, f))) } satisfies CaptureAttachmentsAdded };
    try {
      await ctx.db.batch([
        recordAudit(ctx.db, viewer, at, {
          entityType: "order",
          entityId: order.orderNumber,
          action: "warehouse-capture.attachments",
          actedAt: acted,
          changes: [{ field: "warehouseCaptureAttachments", before: null, after: stored.map((s) => s.filename) }],
        }),
        ...remember(result).map((r) => ctx.db.insert(idempotencyKeys).values(r)),
      ]);
    } catch (error) {
      await Promise.all(stored.map((s) => discardFile(ctx, s.key)));
      throw error;
    }
    return result;
  });
}

