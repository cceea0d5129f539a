// The release order (pick list PDF): generating it into R2, its status, signed links, and emailing it to
// the warehouse's routing (spec 001 'Pick list': not generated, then generated, then emailed; email can be
// re-enabled by admin or logistics-manager).
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { emailRouting, inventoryItems, locations, orderLines, pickListStatus, settings } from "../../db/schema";
import { resolveRecipients } from "~/domain/pick-list/recipients";
import type { AppContext } from "~/lib/context.server";
import { sendEmail } from "~/lib/email.server";
import { signFileUrl, storeGenerated } from "~/lib/files.server";
import { NotFoundError } from "~/domain/errors";
import { fail } from "~/lib/http.server";
import { actorName, recordAudit } from "~/lib/writes.server";
import { renderPickListPdf } from "~/lib/pick-list-pdf.server";
import type { Viewer } from "~/lib/session.server";
import { missingUnits } from "~/domain/picking/short-reasons";
import { latestPickVerified, type PickOrder } from "./pick-list.server";

export const PRINT_DENIED = "You do not have permission to print pick lists.";
export const NO_RECIPIENTS = "no email recipients";
export const ALREADY_EMAILED = "Release Order already emailed";
export const EMAILED_OK = "Release Order emailed successfully.";
export const RELEASE_ORDER_LINK_TTL_SECONDS = 300;
export const NOT_GENERATED = "No pick list has been generated for this order yet";
export const FORCE_NEEDS_POST = "Regenerating a pick list needs POST (GET never writes)";

/** POST body of …/release-order (spec 001); an empty body is fine. The names only label the audit entry. */
export const pickListBodySchema = z.object({
  userName: z.string().max(200).optional().nullable(),
  userFirstName: z.string().max(200).optional().nullable(),
  userEmail: z.string().max(320).optional().nullable(),
  force: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
});
export type PickListBody = z.infer<typeof pickListBodySchema>;

/**
 * For `authorize(...).catch(asPrintDenied)`: the guard's 403 becomes the spec's message for pick list
 * printing; 401s and everything else pass through unchanged.
 */
export function asPrintDenied(thrown: unknown): never {
  if (thrown instanceof Response && thrown.status === 403) {
    throw Response.json({ success: false, error: PRINT_DENIED }, { status: 403, headers: thrown.headers });
  }
  throw thrown;
}

export { RELEASE_ORDER_READ_GRANTS } from "~/domain/pick-list/grants";

export type PickListFileStatus = {
  hasReleaseOrder: boolean;
  generatedAt: string | null;
  generatedBy: string | null;
  fileKey: string | null;
  emailedAt: string | null;
  emailEnabled: boolean;
  completedAt: string | null;
};

export async function getPickListStatus(ctx: AppContext, orderId: number): Promise<PickListFileStatus> {
  const [row] = await ctx.db.select().from(pickListStatus).where(eq(pickListStatus.orderId, orderId)).limit(1);
  return {
    hasReleaseOrder: !!row?.hasReleaseOrder && !!row.fileKey,
    generatedAt: row?.generatedAt ?? null,
    generatedBy: row?.generatedBy ?? null,
    fileKey: row?.fileKey ?? null,
    emailedAt: row?.emailedAt ?? null,
    emailEnabled: row?.emailEnabled ?? true,
    completedAt: row?.completedAt ?? null,
  };
}

function pickListFilename(orderNumber: string) {
  return `release-order-${orderNumber}.pdf`;
}

async function locationName(ctx: AppContext, id: string): Promise<string | null> {
  if (!id) return null;
  const [row] = await ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, id)).limit(1);
  return row?.name ?? null;
}

/** Renders the PDF for an order as it is now. */
export async function renderPickList(ctx: AppContext, order: PickOrder, generatedBy: string, generatedAt: string): Promise<Uint8Array> {
  const [rows, warehouseName, saved] = await Promise.all([
    ctx.db
      .select({ lineItemId: orderLines.lineItemId, sku: orderLines.sku, bin: inventoryItems.bin, description: orderLines.description, quantity: orderLines.quantity })
      .from(orderLines)
      .leftJoin(inventoryItems, eq(inventoryItems.sku, orderLines.sku))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(orderLines.position, orderLines.id),
    locationName(ctx, order.warehouseLocation),
    latestPickVerified(ctx, order.orderNumber),
  ]);
  // The latest saved pick's short lines print as 'Short n — Reason' (issue 13).
  const results = new Map((saved?.payload.results ?? []).map((r) => [r.lineItemId, r]));
  const lines = rows.map(({ lineItemId, ...line }) => {
    const result = results.get(lineItemId);
    const missing = result ? missingUnits(result) : 0;
    return { ...line, short: missing ? { missing, reason: result?.reason ?? null } : null };
  });
  return renderPickListPdf({
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    orderDate: order.orderDate,
    warehouse: warehouseName ? `${warehouseName} (${order.warehouseLocation})` : order.warehouseLocation,
    orderType: order.orderType,
    // Absent only for a viewer whose scope hides trucking; printers reach every order, so it is present here.
    truckingCompany: order.truckingCompany ?? "",
    assignment: order.warehouseAssignment,
    notes: order.notes,
    generatedAt: `${generatedAt.slice(0, 16).replace("T", " ")} UTC`,
    generatedBy,
    lines,
  });
}

/**
 * The stored release order, generated when none exists or when forced. The generator is the signed-in
 * viewer (the body's names are client claims and only land in the audit entry).
 */
export async function ensurePickList(
  ctx: AppContext,
  viewer: Viewer,
  order: PickOrder,
  opts: { force?: boolean; body?: PickListBody } = {},
): Promise<{ fileKey: string; generatedAt: string; generated: boolean }> {
  const status = await getPickListStatus(ctx, order.id);
  if (status.hasReleaseOrder && status.fileKey && !opts.force && (await ctx.files.head(status.fileKey))) {
    return { fileKey: status.fileKey, generatedAt: status.generatedAt ?? "", generated: false };
  }
  const generatedAt = ctx.now().toISOString();
  const generatedBy = actorName(viewer);
  const bytes = await renderPickList(ctx, order, generatedBy, generatedAt);
  const file = await storeGenerated(ctx, bytes, {
    contentType: "application/pdf",
    ownerType: "order",
    ownerId: String(order.id),
    kind: "release-order",
    filename: pickListFilename(order.orderNumber),
    createdBy: viewer.email,
  });
  await ctx.db.batch([
    ctx.db
      .insert(pickListStatus)
      .values({ orderId: order.id, hasReleaseOrder: true, generatedAt, fileKey: file.key, generatedBy })
      .onConflictDoUpdate({
        target: pickListStatus.orderId,
        set: { hasReleaseOrder: true, generatedAt, fileKey: file.key, generatedBy, version: sql`${pickListStatus.version} + 1` },
      }),
    // The actor is the session's identity; the names a client puts in the body are not recorded.
    recordAudit(ctx.db, viewer, generatedAt, {
      entityType: "order",
      entityId: order.orderNumber,
      action: status.hasReleaseOrder ? "release-order.regenerate" : "release-order.generate",
      changes: [{ field: "releaseOrderGeneratedAt", before: status.generatedAt, after: generatedAt }],
    }),
  ]);
  return { fileKey: file.key, generatedAt, generated: true };
}

/** The stored pick list's link without generating anything (GET never writes): 404 when there is none yet. */
export async function existingPickList(ctx: AppContext, order: PickOrder): Promise<{ fileKey: string; generatedAt: string }> {
  const status = await getPickListStatus(ctx, order.id);
  if (!status.hasReleaseOrder || !status.fileKey || !(await ctx.files.head(status.fileKey))) throw new NotFoundError(NOT_GENERATED);
  return { fileKey: status.fileKey, generatedAt: status.generatedAt ?? "" };
}

export function pickListUrl(ctx: AppContext, order: Pick<PickOrder, "orderNumber">, fileKey: string): Promise<string> {
  return signFileUrl(ctx, fileKey, { ttlSeconds: RELEASE_ORDER_LINK_TTL_SECONDS, filename: pickListFilename(order.orderNumber) });
}

async function defaultCc(ctx: AppContext): Promise<string[]> {
  const [row] = await ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, "email.defaultCc")).limit(1);
  const parsed = z.array(z.string()).safeParse(row?.value);
  return parsed.success ? parsed.data : [];
}

/** Recipients for the order's warehouse (routing keyed by location id or name, plus the default CC), or null. */
export async function pickListRecipients(ctx: AppContext, order: Pick<PickOrder, "warehouseLocation">) {
  const name = await locationName(ctx, order.warehouseLocation);
  const keys = [order.warehouseLocation, name].filter((k): k is string => !!k);
  const [entries, cc] = await Promise.all([
    keys.length ? ctx.db.select().from(emailRouting).where(inArray(emailRouting.key, keys)) : Promise.resolve([]),
    defaultCc(ctx),
  ]);
  return resolveRecipients(entries, { id: order.warehouseLocation, name }, cc);
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * Emails the release order once: 400 'no email recipients' when the warehouse has no usable routing,
 * 409 while emailing is disabled (after a send, until an admin or logistics manager re-enables it).
 * The flag is claimed before sending so two clicks cannot send twice; a failed send gives it back.
 */
export async function emailPickList(ctx: AppContext, viewer: Viewer, order: PickOrder): Promise<{ emailedAt: string; to: string[]; cc: string[] }> {
  const recipients = await pickListRecipients(ctx, order);
  if (!recipients) fail(400, NO_RECIPIENTS);
  const before = await getPickListStatus(ctx, order.id);
  if (!before.emailEnabled) fail(409, ALREADY_EMAILED);

  const { fileKey } = await ensurePickList(ctx, viewer, order);
  const claim = await ctx.db
    .update(pickListStatus)
    .set({ emailEnabled: false, version: sql`${pickListStatus.version} + 1` })
    .where(sql`${pickListStatus.orderId} = ${order.id} AND ${pickListStatus.emailEnabled} = 1`)
    .returning({ orderId: pickListStatus.orderId });
  if (!claim.length) fail(409, ALREADY_EMAILED);

  const object = await ctx.files.get(fileKey);
  const content = object ? new Uint8Array(await object.arrayBuffer()) : null;
  const subject = `Release Order ${order.orderNumber} — ${order.customerName || "-"}`;
  const by = actorName(viewer);
  try {
    if (!content) throw new Error("the stored release order is missing");
    await sendEmail(ctx, {
      to: recipients.to,
      cc: recipients.cc,
      subject,
      html: `<p>Please find attached the release order / pick list for order <strong>${escapeHtml(order.orderNumber)}</strong> (${escapeHtml(order.customerName || "-")}).</p><p>Warehouse: ${escapeHtml(order.warehouseLocation || "-")}<br>Order date: ${escapeHtml(order.orderDate)}</p><p>Sent by ${escapeHtml(by)}.</p>`,
      text: `Release order / pick list for order ${order.orderNumber} (${order.customerName || "-"}) is attached.\nWarehouse: ${order.warehouseLocation || "-"}\nSent by ${by}.`,
      attachments: [{ filename: pickListFilename(order.orderNumber), content, contentType: "application/pdf" }],
      related: { type: "order", id: order.orderNumber },
      sentBy: viewer.email,
    });
  } catch (error) {
    await ctx.db.update(pickListStatus).set({ emailEnabled: true }).where(eq(pickListStatus.orderId, order.id));
    console.warn(`release order email for ${order.orderNumber} failed: ${(error as Error).message}`);
    fail(502, "Failed to send email");
  }
  const emailedAt = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db.update(pickListStatus).set({ emailedAt }).where(eq(pickListStatus.orderId, order.id)),
    recordAudit(ctx.db, viewer, emailedAt, {
      entityType: "order",
      entityId: order.orderNumber,
      action: "release-order.email",
      changes: [
        { field: "releaseOrderEmailedAt", before: before.emailedAt, after: emailedAt },
        { field: "pickListRecipients", before: null, after: [...recipients.to, ...recipients.cc] },
      ],
    }),
  ]);
  return { emailedAt, to: recipients.to, cc: recipients.cc };
}

/** Lets the release order be emailed again (grant picklists:email-enable: admins and logistics managers). */
export async function enablePickListEmail(ctx: AppContext, viewer: Viewer, order: PickOrder): Promise<{ emailEnabled: true }> {
  const before = await getPickListStatus(ctx, order.id);
  const at = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db
      .insert(pickListStatus)
      .values({ orderId: order.id, emailEnabled: true })
      .onConflictDoUpdate({ target: pickListStatus.orderId, set: { emailEnabled: true, version: sql`${pickListStatus.version} + 1` } }),
    recordAudit(ctx.db, viewer, at, {
      entityType: "order",
      entityId: order.orderNumber,
      action: "release-order.email-enable",
      changes: [{ field: "releaseOrderEmailEnabled", before: before.emailEnabled, after: true }],
    }),
  ]);
  return { emailEnabled: true };
}
