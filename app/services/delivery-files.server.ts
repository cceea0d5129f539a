// The delivery's files (signature, delivery order PDF, COD and issue photos) stored so that a crash never leaves
// a file without its row or a row without its file (decision 026): the object is put first under a key named by
// its day, order and bytes (a retry of the same bytes overwrites it), its stored_files row commits in the same
// transaction as the write that uses it, and housekeeping sweeps objects of finished days that no row names.
import { inArray, eq } from "drizzle-orm";
import { settings, storedFiles } from "../../db/schema";
import { EXTENSION_BY_TYPE, sniffContentType } from "~/domain/files/sniff";
import { sha256Hex } from "~/lib/crypto.server";
import type { Database } from "~/lib/db.server";
import { cleanFilename, refuseActiveContent } from "~/lib/files.server";
import { fail } from "~/lib/http.server";

export const DELIVERY_OWNER = "delivery";
export const COD_KIND = "delivery-cod";
export const ISSUE_KIND = "delivery-issue";
export const SIGNATURE_KIND = "delivery-signature";
export const DO_KIND = "delivery-order";
export const DELIVERY_FILE_KINDS = [SIGNATURE_KIND, DO_KIND, COD_KIND, ISSUE_KIND] as const;
export type DeliveryFileKind = (typeof DELIVERY_FILE_KINDS)[number];

const DAY_MS = 24 * 3600_000;
/** Longer than any request runs: a day's folder takes no new object once this long has passed since midnight UTC. */
export const SWEEP_GRACE_MS = 30 * 60_000;
/** How far back a sweep reaches when it has not run for a while (or ever). */
export const SWEEP_MAX_DAYS = 31;
/** The last UTC day (YYYY-MM-DD) whose delivery folders have been swept. */
export const SWEPT_THROUGH_SETTING = "housekeeping.deliveryFilesSweptThrough";

export type PendingFile = typeof storedFiles.$inferInsert & { key: string };

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function dayFolder(kind: DeliveryFileKind, day: string): string {
  return `${kind}/${day.replace(/-/g, "/")}/`;
}

/** `delivery-signature/2025/06/18/{orderId}-{sha256 prefix}.png`: the same bytes for the same order on the same day land on one key. */
export function deliveryFileKey(kind: DeliveryFileKind, orderId: number, now: Date, sha256: string, ext: string): string {
  return `${dayFolder(kind, utcDay(now.getTime()))}${orderId}-${sha256.slice(0, 32)}.${ext}`;
}

/**
 * Puts the bytes and answers the stored_files row for the caller to insert, with recordDeliveryFile, inside the
 * transaction that references the key. The type comes from the bytes (415 unless one of `accept`); what a
 * client sent (`origin: "upload"`: photos, the drawn signature) passes storeUpload's active-content rule first
 * and is marked so, which decides how it is served (app/lib/files.server.ts).
 */
export async function putDeliveryFile(
  ctx: { files: R2Bucket; now: () => Date },
  bytes: Uint8Array,
  file: { kind: DeliveryFileKind; orderId: number; origin: "upload" | "generated"; accept: readonly string[]; filename?: string; createdBy: string },
): Promise<PendingFile> {
  const contentType = sniffContentType(bytes);
  const label = cleanFilename(file.filename, "file");
  if (!contentType || !file.accept.includes(contentType)) fail(415, "Unsupported file type", { filename: label, accepted: file.accept });
  if (file.origin === "upload") await refuseActiveContent(bytes, contentType, label);
  const ext = EXTENSION_BY_TYPE[contentType];
  const sha256 = await sha256Hex(bytes);
  const now = ctx.now();
  const key = deliveryFileKey(file.kind, file.orderId, now, sha256, ext);
  const filename = cleanFilename(file.filename, `${file.kind}.${ext}`);
  await ctx.files.put(key, bytes, { httpMetadata: { contentType }, customMetadata: { filename, sha256, origin: file.origin }, sha256 });
  return {
    key,
    ownerType: DELIVERY_OWNER,
    ownerId: String(file.orderId),
    kind: file.kind,
    filename,
    contentType,
    size: bytes.byteLength,
    sha256,
    createdBy: file.createdBy,
    createdAt: now.toISOString(),
  };
}

/** The row of a put file, for the caller's transaction; the same bytes stored again keep the first row. */
export function recordDeliveryFile(tx: Pick<Database, "insert">, file: PendingFile) {
  return tx.insert(storedFiles).values(file).onConflictDoNothing({ target: storedFiles.key });
}

export type SweepResult = { daysSwept: number; orphansRemoved: number };

async function sweepFolder(ctx: { db: Database; files: R2Bucket }, prefix: string): Promise<number> {
  let removed = 0;
  let cursor: string | undefined;
  do {
    const page = await ctx.files.list({ prefix, cursor, limit: 1000 });
    const listed = page.objects.map((o) => o.key);
    const known = new Set<string>();
    for (let i = 0; i < listed.length; i += 100) {
      const chunk = listed.slice(i, i + 100);
      for (const r of await ctx.db.select({ key: storedFiles.key }).from(storedFiles).where(inArray(storedFiles.key, chunk))) known.add(r.key);
    }
    const orphans = listed.filter((k) => !known.has(k));
    if (orphans.length) await ctx.files.delete(orphans);
    removed += orphans.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}

/**
 * Removes the delivery objects that no stored_files row names, from each day folder that can no longer take a
 * write (ended SWEEP_GRACE_MS ago) and was not swept before: what a request killed between its put and its
 * commit left behind. Today's folder is never touched, so a retry's put can never race the sweep's delete.
 */
export async function sweepOrphanDeliveryFiles(ctx: { db: Database; files: R2Bucket; now: () => Date }): Promise<SweepResult> {
  const now = ctx.now().getTime();
  const lastClosed = utcDay(now - SWEEP_GRACE_MS - DAY_MS);
  const [marker] = await ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, SWEPT_THROUGH_SETTING)).limit(1);
  const sweptThrough = typeof marker?.value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(marker.value) ? marker.value : null;
  const earliest = utcDay(Date.parse(`${lastClosed}T00:00:00Z`) - (SWEEP_MAX_DAYS - 1) * DAY_MS);
  let day = sweptThrough && sweptThrough >= earliest ? utcDay(Date.parse(`${sweptThrough}T00:00:00Z`) + DAY_MS) : earliest;
  if (day > lastClosed) return { daysSwept: 0, orphansRemoved: 0 };
  let daysSwept = 0;
  let orphansRemoved = 0;
  for (; day <= lastClosed; day = utcDay(Date.parse(`${day}T00:00:00Z`) + DAY_MS)) {
    for (const kind of DELIVERY_FILE_KINDS) orphansRemoved += await sweepFolder(ctx, dayFolder(kind, day));
    daysSwept++;
  }
  const at = new Date(now).toISOString();
  await ctx.db
    .insert(settings)
    .values({ key: SWEPT_THROUGH_SETTING, value: lastClosed, updatedAt: at })
    .onConflictDoUpdate({ target: settings.key, set: { value: lastClosed, updatedAt: at } });
  return { daysSwept, orphansRemoved };
}
