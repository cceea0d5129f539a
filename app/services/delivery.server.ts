// The driver's delivery (spec 001 §4 'Delivery status effects', §7 'Delivery', §8; issue 8): the order a
// driver may deliver (403 'Not authorized for this order' / 404 'Order not found'), its address and meta,
// out for delivery, the COD and issue photos, completion with the delivery order PDF, Help's revert, the
// required proof per order type, delivered quantities and cash collected, and the customer's proof link.
import { and, desc, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { auditEvents, customerApplications, deliveryMeta, idempotencyKeys, notifications, orderLines, orders, settings, storedFiles, type DeliveredLine, type GeoPoint } from "../../db/schema";
import type { GrantKey } from "~/domain/access/roles";
import {
  DEFAULT_REQUIRED_PROOF,
  DELIVERY_MESSAGES,
  PROOF_KINDS,
  PROOF_LINK_TTL_SECONDS,
  RECEIVER_NAME_MAX,
  SHORTFALL_REASON_MAX,
  SIGNATURE_MAX_BYTES,
  deliveredLineProblems,
  deliveryDateProblem,
  deliveryWindow,
  easternTime,
  formatAddress,
  isCashOnDelivery,
  mapPointUrl,
  missingProof,
  missingProofMessage,
  money,
  shortfalls,
  type DeliveryMeta,
  type RequiredProof,
} from "~/domain/delivery/rules";
import { cancelledMeanwhileMessage, laterOf, type ActedAt } from "~/domain/acted-at";
import { chooseProofRecipient, PROOF_LINK_LIMITS, proofLinkLimitMessage, proofLinkRate, sameAddress } from "~/domain/delivery/proof-link";
import { decodePngDataUrl, polyglotProblem } from "~/domain/delivery/upload";
import { ConflictError, DomainError, ForbiddenError, NotFoundError, RateLimitedError, UnprocessableError, UnsupportedMediaTypeError, ValidationError } from "~/domain/errors";
import { ORDER_TYPES } from "~/domain/orders/constants";
import { isCancelled } from "~/domain/orders/status";
import type { AppContext } from "~/lib/context.server";
import { hmacHex, safeEqual, sha256Hex } from "~/lib/crypto.server";
import { renderDeliveryOrderPdf } from "~/lib/delivery-order-pdf.server";
import { sendEmail } from "~/lib/email.server";
import { IMAGES, signFileUrl } from "~/lib/files.server";
import { FORM_OVERHEAD_BYTES, parseFormData, validationFailure } from "~/lib/http.server";
import { requestFingerprint, withIdempotency } from "~/lib/idempotency.server";
import type { Viewer } from "~/lib/session.server";
import { actorName, recordAudit } from "~/lib/writes.server";
import { COD_KIND, DELIVERY_OWNER, DO_KIND, ISSUE_KIND, putDeliveryFile, recordDeliveryFile, SIGNATURE_KIND } from "./delivery-files.server";
import { orderFacts, refuseIfCancelled } from "./floor-conflicts.server";
import { getOrderForViewer, type OrderRow } from "./orders.server";

export { COD_KIND, DELIVERY_OWNER, DO_KIND, ISSUE_KIND, SIGNATURE_KIND };
export const DELIVERY_ORDER_LINK_TTL_SECONDS = 300;
export const REQUIRED_PROOF_SETTING = "delivery.requiredProof";
export const SHORTFALL_AUDIENCE_GRANT: GrantKey = "orders:update";
export const ISSUE_AUDIENCE_GRANT: GrantKey = "help:receive";
export const DELIVERED_STATUS = "1. Delivered/Released";
export const OUT_FOR_DELIVERY_STATUS = "Out for Delivery";

/** Grants of the driver's calls, and of the calls the office may also make (spec 001 §6: delivery order lookup). */
export const PERFORM: GrantKey[] = ["delivery:perform"];
export const LOOKUP: GrantKey[] = ["delivery:perform", "delivery:view-order"];

// ---------------------------------------------------------------- the order

/**
 * The order at `ref` (our id or the order number) if the viewer may deliver or look it up. An order that
 * exists outside the driver's warehouses or order types is the spec's 403 'Not authorized for this order';
 * one that does not exist is 404 'Order not found' (the wizard then retries with the order id).
 */
export async function findDeliveryOrder(ctx: AppContext, viewer: Viewer, ref: string | undefined, grants: readonly GrantKey[] = PERFORM): Promise<OrderRow> {
  const r = (ref ?? "").trim();
  if (!r || r.length > 64) throw new NotFoundError(DELIVERY_MESSAGES.notFound);
  try {
    return await getOrderForViewer(ctx, viewer, r, grants);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    const byRef = /^\d{1,15}$/.test(r) ? or(eq(orders.id, Number(r)), eq(orders.orderNumber, r)) : eq(orders.orderNumber, r);
    const [exists] = await ctx.db.select({ id: orders.id }).from(orders).where(byRef).limit(1);
    if (exists) throw new ForbiddenError(DELIVERY_MESSAGES.notAuthorized);
    throw new NotFoundError(DELIVERY_MESSAGES.notFound);
  }
}

type MetaRow = typeof deliveryMeta.$inferSelect;

async function metaOf(ctx: AppContext, orderId: number): Promise<MetaRow | null> {
  const [row] = await ctx.db.select().from(deliveryMeta).where(eq(deliveryMeta.orderId, orderId)).limit(1);
  return row ?? null;
}

async function linesOf(ctx: AppContext, orderId: number) {
  return ctx.db
    .select({ id: orderLines.id, sku: orderLines.sku, description: orderLines.description, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.position, orderLines.id);
}

async function photosOf(ctx: AppContext, orderId: number) {
  return ctx.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerType, DELIVERY_OWNER), eq(storedFiles.ownerId, String(orderId)), inArray(storedFiles.kind, [COD_KIND, ISSUE_KIND])))
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id));
}

export async function deliveryAddress(order: OrderRow): Promise<{ formatted: string; mapsUrl: string | null }> {
  return { formatted: formatAddress(order.address.lines), mapsUrl: order.address.mapsUrl };
}

export type DeliveryMetaView = DeliveryMeta;

/** The wizard's meta (spec 001 'Delivery meta') with what the door steps need: lines, photos so far, required proof. */
export async function deliveryMetaView(ctx: AppContext, order: OrderRow): Promise<DeliveryMetaView> {
  const [meta, lines, photos, required] = await Promise.all([metaOf(ctx, order.id), linesOf(ctx, order.id), photosOf(ctx, order.id), requiredProofFor(ctx, order.orderType)]);
  const cod = isCashOnDelivery(order.paymentStatus);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    paymentStatus: order.paymentStatus ?? null,
    cashOnDelivery: cod,
    outForDeliveryAt: meta?.outForDeliveryAt ?? null,
    signedByName: meta?.signedByName ?? null,
    deliveryDate: meta?.deliveryDate ?? null,
    deliveryWindow: meta?.deliveryWindow ?? null,
    deliveryCompleteGeo: meta?.deliveryCompleteGeo ?? null,
    hasDeliveryOrder: order.hasDeliveryOrder,
    deliveryCompletedAt: order.deliveryCompletedAt,
    deliveredLines: meta?.deliveredLines ?? null,
    codDueCents: cod ? (meta?.codDueCents ?? order.totalCents ?? null) : null,
    codCollectedCents: meta?.codCollectedCents ?? null,
    photos: { cod: photos.filter((p) => p.kind === COD_KIND).length, issue: photos.filter((p) => p.kind === ISSUE_KIND).length },
    requiredProof: required,
    lines,
  };
}

// ---------------------------------------------------------------- required proof (admin setting)

const proofSchema = z.object(Object.fromEntries(PROOF_KINDS.map((k) => [k, z.boolean()])) as Record<(typeof PROOF_KINDS)[number], z.ZodBoolean>).strict();
export const requiredProofBodySchema = z
  .object({ requiredProof: z.partialRecord(z.enum(ORDER_TYPES), proofSchema) })
  .strict();

export async function requiredProofSettings(ctx: AppContext): Promise<Record<string, RequiredProof>> {
  const [row] = await ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, REQUIRED_PROOF_SETTING)).limit(1);
  const parsed = z.record(z.string(), proofSchema).safeParse(row?.value ?? {});
  const stored = parsed.success ? parsed.data : {};
  return Object.fromEntries(ORDER_TYPES.map((t) => [t, stored[t] ?? DEFAULT_REQUIRED_PROOF]));
}

export async function requiredProofFor(ctx: AppContext, orderType: string): Promise<RequiredProof> {
  return (await requiredProofSettings(ctx))[orderType] ?? DEFAULT_REQUIRED_PROOF;
}

export async function saveRequiredProof(ctx: AppContext, viewer: Viewer, input: z.infer<typeof requiredProofBodySchema>): Promise<Record<string, RequiredProof>> {
  const before = await requiredProofSettings(ctx);
  const next = { ...before, ...input.requiredProof } as Record<string, RequiredProof>;
  const at = ctx.now().toISOString();
  const changes = ORDER_TYPES.filter((t) => JSON.stringify(before[t]) !== JSON.stringify(next[t])).map((t) => ({ field: `requiredProof.${t}`, before: before[t], after: next[t] }));
  await ctx.db.batch([
    ctx.db
      .insert(settings)
      .values({ key: REQUIRED_PROOF_SETTING, value: next, updatedAt: at })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: at } }),
    recordAudit(ctx.db, viewer, at, { entityType: "setting", entityId: REQUIRED_PROOF_SETTING, action: "update", changes }),
  ]);
  return next;
}

// ---------------------------------------------------------------- out for delivery

/** The receipt time as the acted time: a call made on the server's side (or a test) with no phone behind it. */
function receiptTime(ctx: AppContext): ActedAt {
  return () => ctx.now().toISOString();
}

/**
 * Spec 001 §4: marking out for delivery sets the status 'Out for Delivery' and records when the driver left:
 * the phone's acted time (decision 040), never before the order existed. An order the office cancelled
 * meanwhile is a 409 and a notice for logistics.
 */
export async function markOutForDelivery(ctx: AppContext, viewer: Viewer, order: OrderRow, actedAt: ActedAt = receiptTime(ctx), key: string | null = null): Promise<{ orderStatus: string; outForDeliveryAt: string }> {
  const [meta, facts] = await Promise.all([metaOf(ctx, order.id), orderFacts(ctx, order.id)]);
  const acted = actedAt(facts.createdAt);
  await refuseIfCancelled(ctx, viewer, facts, { order, attempted: "mark it out for delivery", flow: "delivery.out-for-delivery", actedAt: acted, key });
  if (order.deliveryCompletedAt || meta?.deliveryCompletedAt) throw new ConflictError(DELIVERY_MESSAGES.alreadyCompleted);
  const at = ctx.now().toISOString();
  const outAt = meta?.outForDeliveryAt ?? acted;
  const changes = order.orderStatus === OUT_FOR_DELIVERY_STATUS ? [] : [{ field: "orderStatus", before: order.orderStatus, after: OUT_FOR_DELIVERY_STATUS }];
  await ctx.db.batch([
    ctx.db
      .insert(deliveryMeta)
      .values({ orderId: order.id, outForDeliveryAt: outAt, driverEmail: viewer.email, updatedAt: at })
      .onConflictDoUpdate({ target: deliveryMeta.orderId, set: { outForDeliveryAt: outAt, driverEmail: viewer.email, updatedAt: at, version: sql`${deliveryMeta.version} + 1` } }),
    ctx.db
      .update(orders)
      .set({ orderStatus: OUT_FOR_DELIVERY_STATUS, lastUpdatedAt: at, updatedAt: at, version: sql`${orders.version} + 1` })
      .where(and(eq(orders.id, order.id), sql`${orders.orderStatus} <> ${OUT_FOR_DELIVERY_STATUS}`)),
    recordAudit(ctx.db, viewer, at, { entityType: "order", entityId: order.orderNumber, action: "delivery.out-for-delivery", actedAt: acted, changes: changes.length ? changes : [{ field: "outForDeliveryAt", before: meta?.outForDeliveryAt ?? null, after: outAt }] }),
  ]);
  return { orderStatus: OUT_FOR_DELIVERY_STATUS, outForDeliveryAt: outAt };
}

// ---------------------------------------------------------------- photos

const noteField = z.string().max(2000, "Note must be at most 2000 characters").optional();

export type PhotoForm = { image: File | Blob; note: string | null; bytes: Uint8Array };

/** Multipart 'image' (required) and optional 'note'; a polyglot is refused before anything is stored. */
export async function parsePhotoForm(request: Request): Promise<PhotoForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new UnsupportedMediaTypeError("Expected a multipart form with an 'image' file");
  const form = await parseFormData(request, IMAGES.maxBytes + FORM_OVERHEAD_BYTES);
  const image = form.get("image");
  if (!(image instanceof Blob) || image.size === 0) throw new ValidationError(DELIVERY_MESSAGES.selectImage, { image: ["must be a file"] });
  const note = noteField.safeParse(form.get("note") ?? undefined);
  if (!note.success) validationFailure(note.error);
  if (image.size > IMAGES.maxBytes) throw new DomainError(413, `File is too large. Maximum size is ${IMAGES.maxBytes / 1024 / 1024}MB.`);
  const bytes = new Uint8Array(await image.arrayBuffer());
  const problem = polyglotProblem(bytes);
  if (problem) throw new DomainError(415, `Unsupported file type: ${problem.toLowerCase()}`);
  return { image, note: note.data?.trim() || null, bytes };
}

/** The COD photo or an issue photo (spec 001 §7), once per Idempotency-Key; an issue also alerts the managers. */
export async function storeDeliveryPhoto(ctx: AppContext, viewer: Viewer, order: OrderRow, kind: "cod" | "issue", form: PhotoForm, key: string | null, actedAt: ActedAt = receiptTime(ctx)): Promise<Response> {
  const fingerprint = await requestFingerprint({ sha: await sha256Hex(form.bytes), note: form.note, kind });
  return withIdempotency(ctx, `delivery.photo:${kind}:${order.id}:${viewer.email}`, key, fingerprint, async (remember) => {
    const facts = await orderFacts(ctx, order.id);
    const acted = actedAt(facts.createdAt);
    // The COD photo is a step of the delivery: refused for a cancelled order. An issue photo is a report to
    // the managers and is always kept.
    if (kind === "cod") await refuseIfCancelled(ctx, viewer, facts, { order, attempted: "add the cash-on-delivery photo", flow: "delivery.cod-photo", actedAt: acted, key });
    // The object first, its row with the audit and the alert: a crash in between leaves only an object no row
    // names, which the retry overwrites (same bytes, same key) or the housekeeping sweep removes.
    const stored = await putDeliveryFile(ctx, form.bytes, {
      kind: kind === "cod" ? COD_KIND : ISSUE_KIND,
      orderId: order.id,
      origin: "upload",
      accept: IMAGES.accept,
      filename: form.image instanceof File ? form.image.name : undefined,
      createdBy: viewer.email,
    });
    const at = ctx.now().toISOString();
    const response = { status: 200, body: { success: true, key: stored.key } };
    await ctx.db.transaction(async (tx) => {
      await recordDeliveryFile(tx, stored);
      await recordAudit(tx, viewer, at, {
        entityType: "order",
        entityId: order.orderNumber,
        actedAt: acted,
        action: kind === "cod" ? "delivery.cod-photo" : "delivery.issue",
        changes: [{ field: kind === "cod" ? "codPhoto" : "issue", before: null, after: form.note ?? stored.filename }],
      });
      if (kind === "issue") {
        await tx.insert(notifications).values({
          audienceGrant: ISSUE_AUDIENCE_GRANT,
          type: "warning",
          title: "Delivery issue reported",
          message: `${actorName(viewer)} reported an issue with order ${order.orderNumber}${order.customerName ? ` (${order.customerName})` : ""}.${form.note ? ` Note: ${form.note}` : ""}`,
          priority: "high",
          category: "system",
          orderNumber: order.orderNumber,
          orderId: order.id,
          attachmentKey: stored.key,
          createdBy: viewer.email,
          createdAt: at,
        });
      }
      for (const r of remember(response)) await tx.insert(idempotencyKeys).values(r);
    });
    return response;
  });
}

// ---------------------------------------------------------------- completion

const geoSchema = z
  .object({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    accuracy: z.number().min(0).max(1_000_000),
    source: z.literal("geolocation").optional(),
    capturedAt: z.string().max(40).optional(),
  })
  .strict();

export const completionSchema = z
  .object({
    signedByName: z.string().max(RECEIVER_NAME_MAX, `signedByName must be at most ${RECEIVER_NAME_MAX} characters`).optional().default(""),
    signatureDataUrl: z.string().max(SIGNATURE_MAX_BYTES * 2).nullish(),
    deliveryDate: z.string({ message: DELIVERY_MESSAGES.badDate }).max(10, DELIVERY_MESSAGES.badDate),
    deliveryCompleteGeo: geoSchema.nullish(),
    deliveredLines: z
      .array(
        z
          .object({
            lineId: z.number().int().positive(),
            delivered: z.number().int().min(0).max(1_000_000),
            reason: z.string().max(SHORTFALL_REASON_MAX).nullish(),
          })
          .strict(),
      )
      .max(1000)
      .optional(),
    codCollectedCents: z.number().int().min(0).max(100_000_000_00).nullish(),
    /** When the driver completed it on the phone: a completion that waited for signal keeps its real time. */
    completedAt: z.string().max(40).optional(),
  })
  .strict();
export type CompletionInput = z.infer<typeof completionSchema>;

async function fileBytes(ctx: AppContext, key: string): Promise<Uint8Array | null> {
  const object = await ctx.files.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

function deliveryOrderFilename(orderNumber: string) {
  return `delivery-order-${orderNumber}.pdf`;
}

export function deliveryOrderUrl(ctx: AppContext, orderNumber: string, key: string): Promise<string> {
  return signFileUrl(ctx, key, { ttlSeconds: DELIVERY_ORDER_LINK_TTL_SECONDS, filename: deliveryOrderFilename(orderNumber) });
}

export const COMPLETED_AT_PROBLEM = "completedAt must be an ISO time within the last 30 days";

/** Spec 001 §4: server time, or the phone's time of completion when it sent one (a queued completion), if plausible. */
export function completionTime(sent: string | undefined, now: Date): string {
  if (sent === undefined) return now.toISOString();
  const t = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(sent) ? Date.parse(sent) : NaN;
  if (!Number.isFinite(t) || t > now.getTime() + 5 * 60_000 || t < now.getTime() - 30 * 86_400_000) {
    throw new ValidationError(COMPLETED_AT_PROBLEM, { completedAt: [COMPLETED_AT_PROBLEM] });
  }
  return new Date(Math.min(t, now.getTime())).toISOString();
}

function isFinished(status: string): boolean {
  const s = status.trim().toLowerCase();
  return s.includes("delivered") || s.includes("released") || s === "complete" || s === "completed";
}

/**
 * Completes the delivery once per Idempotency-Key (spec 001 §4): every check first (400/409/422 with the
 * reason, nothing written), then the signature and the delivery order PDF are put in R2 and one transaction
 * records their stored_files rows and sets the meta, the order (deliveryCompletedAt, hasDeliveryOrder,
 * '1. Delivered/Released' unless already finished), the history, a shortfall alert for the office, and the
 * idempotency record. A retry after a crash before the commit runs again and completes once (one row per
 * file); a later one with the same key gets the first answer. Objects the crash left are swept (decision 026).
 */
export async function completeDelivery(ctx: AppContext, viewer: Viewer, order: OrderRow, input: CompletionInput, key: string | null, actedAt: ActedAt = receiptTime(ctx)): Promise<Response> {
  const fingerprint = await requestFingerprint(input);
  return withIdempotency(ctx, `delivery.complete:${order.id}:${viewer.email}`, key, fingerprint, async (remember) => {
    const now = ctx.now();
    // Completion is never before the order existed nor before the driver left (decision 040); the body's
    // completedAt (older phones) is checked as before, then bounded the same way.
    const [facts, leftAt] = await Promise.all([orderFacts(ctx, order.id), metaOf(ctx, order.id).then((m) => m?.outForDeliveryAt ?? null)]);
    const lowerBound = laterOf(facts.createdAt, leftAt);
    const sentCompletedAt = input.completedAt === undefined ? undefined : completionTime(input.completedAt, now);
    const completedAt = sentCompletedAt === undefined ? actedAt(lowerBound) : laterOf(sentCompletedAt, lowerBound && Date.parse(lowerBound) <= now.getTime() ? lowerBound : null)!;
    await refuseIfCancelled(ctx, viewer, facts, { order, attempted: "complete the delivery", flow: "delivery.complete", actedAt: completedAt, key });
    const signedByName = input.signedByName.trim();
    let signature: Uint8Array | null = null;
    if (input.signatureDataUrl) {
      signature = decodePngDataUrl(input.signatureDataUrl, SIGNATURE_MAX_BYTES);
      if (!signature || polyglotProblem(signature)) throw new ValidationError(DELIVERY_MESSAGES.badSignature, { signatureDataUrl: [DELIVERY_MESSAGES.badSignature] });
    }
    const dateProblem = deliveryDateProblem(input.deliveryDate, now);
    if (dateProblem) throw new ValidationError(dateProblem, { deliveryDate: [dateProblem] });

    const [meta, lines, photos, required] = await Promise.all([metaOf(ctx, order.id), linesOf(ctx, order.id), photosOf(ctx, order.id), requiredProofFor(ctx, order.orderType)]);
    if (order.deliveryCompletedAt || meta?.deliveryCompletedAt) throw new ConflictError(DELIVERY_MESSAGES.alreadyCompleted);

    const lineInputs = input.deliveredLines ?? [];
    const lineProblems = deliveredLineProblems(lineInputs, lines);
    if (lineProblems.length) throw new ValidationError(lineProblems[0]!, { deliveredLines: lineProblems });

    const cod = isCashOnDelivery(order.paymentStatus);
    const missing = missingProof(required, {
      receiverName: !!signedByName,
      signature: !!signature,
      photo: photos.length > 0,
      codPhoto: photos.some((p) => p.kind === COD_KIND),
      cashOnDelivery: cod,
    });
    if (missing.length) throw new UnprocessableError(missingProofMessage(missing));

    const byLine = new Map(lineInputs.map((l) => [l.lineId, l]));
    const delivered: DeliveredLine[] | null = lineInputs.length
      ? lines.map((l) => {
          const got = byLine.get(l.id);
          const count = got ? got.delivered : l.quantity;
          return { lineId: l.id, sku: l.sku, ordered: l.quantity, delivered: count, reason: count < l.quantity ? (got?.reason?.trim() ?? null) : null };
        })
      : null;
    const codDue = cod ? (order.totalCents ?? 0) : null;
    const codCollected = cod ? (input.codCollectedCents ?? null) : null;

    const window = deliveryWindow(meta?.outForDeliveryAt, completedAt);
    const geo: GeoPoint | null = input.deliveryCompleteGeo
      ? { lat: input.deliveryCompleteGeo.lat, lng: input.deliveryCompleteGeo.lng, accuracy: input.deliveryCompleteGeo.accuracy, source: "geolocation", capturedAt: input.deliveryCompleteGeo.capturedAt ?? completedAt }
      : null;
    const driver = actorName(viewer);

    // Objects first, rows in the transaction below (decision 026): a kill in between leaves no row and no
    // completion; the retry puts the same signature on the same key and the sweep takes the unused PDF.
    const signatureFile = signature
      ? await putDeliveryFile(ctx, signature, { kind: SIGNATURE_KIND, orderId: order.id, origin: "upload", accept: ["image/png"], filename: `signature-${order.orderNumber}.png`, createdBy: viewer.email })
      : null;
    // The delivery order is the customer's copy (the proof page links it): the COD photo only, never the
    // driver's issue photos, which are internal reports to the managers (decision 026).
    const chosen = photos.filter((p) => p.kind === COD_KIND).slice(0, 1);
    const photoBytes = (await Promise.all(chosen.map(async (p) => ({ label: "COD photo", contentType: p.contentType, bytes: await fileBytes(ctx, p.key) })))).filter(
      (p): p is { label: string; contentType: string; bytes: Uint8Array } => !!p.bytes,
    );
    const pdf = await renderDeliveryOrderPdf({
      orderNumber: order.orderNumber,
      customerName: order.customerName,
      orderType: order.orderType,
      address: formatAddress(order.address.lines),
      deliveryDate: input.deliveryDate,
      deliveryWindow: window,
      completedAt: `${input.deliveryDate} ${easternTime(completedAt)}`,
      driver,
      receivedBy: signedByName,
      geo,
      lines: lines.map((l) => {
        const d = delivered?.find((x) => x.lineId === l.id);
        return { sku: l.sku, description: l.description, ordered: l.quantity, delivered: d ? d.delivered : null, reason: d?.reason ?? null };
      }),
      cod: cod ? { dueCents: codDue ?? 0, collectedCents: codCollected } : null,
      signaturePng: signature,
      photos: photoBytes,
    });
    const pdfFile = await putDeliveryFile(ctx, pdf, { kind: DO_KIND, orderId: order.id, origin: "generated", accept: ["application/pdf"], filename: deliveryOrderFilename(order.orderNumber), createdBy: viewer.email });

    const presignedUrl = await deliveryOrderUrl(ctx, order.orderNumber, pdfFile.key);
    const response = { status: 200, body: { success: true, presignedUrl, completedAt, deliveryCompleteGeo: geo, error: null } };
    const short = delivered ? shortfalls(delivered) : [];

    await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select({ orderStatus: orders.orderStatus, deliveryCompletedAt: orders.deliveryCompletedAt }).from(orders).where(eq(orders.id, order.id)).limit(1);
      if (!current) throw new NotFoundError(DELIVERY_MESSAGES.notFound);
      // A concurrent completion with another key won the race: this one writes nothing.
      if (current.deliveryCompletedAt) throw new ConflictError(DELIVERY_MESSAGES.alreadyCompleted);
      // Cancelled while the PDF was made (the check above saw it open): refused the same way; the retry tells the office.
      if (isCancelled(current.orderStatus)) throw new ConflictError(cancelledMeanwhileMessage(order.orderNumber, null, completedAt));
      if (signatureFile) await recordDeliveryFile(tx, signatureFile);
      await recordDeliveryFile(tx, pdfFile);
      const before = current.orderStatus;
      const after = isFinished(before) ? before : DELIVERED_STATUS;
      const values = {
        signedByName,
        signatureKey: signatureFile?.key ?? null,
        deliveryDate: input.deliveryDate,
        deliveryWindow: window,
        deliveryCompleteGeo: geo,
        deliveryCompletedAt: completedAt,
        deliveryOrderKey: pdfFile.key,
        driverEmail: viewer.email,
        deliveredLines: delivered,
        codDueCents: codDue,
        codCollectedCents: codCollected,
        statusBeforeCompletion: before,
        completedBy: driver,
        updatedAt: completedAt,
      };
      await tx
        .insert(deliveryMeta)
        .values({ orderId: order.id, ...values })
        .onConflictDoUpdate({ target: deliveryMeta.orderId, set: { ...values, version: sql`${deliveryMeta.version} + 1` } });
      await tx
        .update(orders)
        .set({ orderStatus: after, hasDeliveryOrder: true, deliveryCompletedAt: completedAt, lastUpdatedAt: completedAt, updatedAt: completedAt, version: sql`${orders.version} + 1` })
        .where(eq(orders.id, order.id));
      const changes = [
        ...(after !== before ? [{ field: "orderStatus", before, after }] : []),
        { field: "deliveryCompletedAt", before: null, after: completedAt },
        { field: "hasDeliveryOrder", before: order.hasDeliveryOrder, after: true },
        { field: "receivedBy", before: null, after: signedByName || null },
        ...(delivered ? delivered.filter((l) => l.delivered < l.ordered).map((l) => ({ field: `delivered.${l.sku}`, before: l.ordered, after: `${l.delivered} (${l.reason})` })) : []),
        ...(cod ? [{ field: "codCollected", before: money(codDue), after: codCollected === null ? null : money(codCollected) }] : []),
      ];
      await recordAudit(tx, viewer, now.toISOString(), { entityType: "order", entityId: order.orderNumber, action: "delivery.complete", actedAt: completedAt, changes });
      if (short.length || (cod && codCollected !== null && codDue !== null && codCollected < codDue)) {
        const parts = [
          ...short.map((l) => `${l.sku} ${l.delivered} of ${l.ordered} (${l.reason})`),
          ...(cod && codCollected !== null && codDue !== null && codCollected < codDue ? [`cash collected ${money(codCollected)} of ${money(codDue)}`] : []),
        ];
        await tx.insert(notifications).values({
          audienceGrant: SHORTFALL_AUDIENCE_GRANT,
          type: "warning",
          title: "Delivered short",
          message: `Order ${order.orderNumber}${order.customerName ? ` for ${order.customerName}` : ""} was delivered short by ${driver}: ${parts.join("; ")}. Follow up with the customer.`,
          priority: "high",
          category: "status_change",
          orderNumber: order.orderNumber,
          orderId: order.id,
          createdBy: viewer.email,
          createdAt: completedAt,
        });
      }
      for (const r of remember(response)) await tx.insert(idempotencyKeys).values(r);
    });
    return response;
  });
}

// ---------------------------------------------------------------- Help: revert completion

/**
 * Help reverts completion (spec 001 §4): the completion state is cleared, the order's status goes back to
 * what it was before completion, and history records it. The stored PDF and signature stay as files.
 */
export async function revertCompletion(ctx: AppContext, viewer: Viewer, order: { id: number; orderNumber: string }): Promise<{ reverted: boolean }> {
  const meta = await metaOf(ctx, order.id);
  const [current] = await ctx.db.select({ orderStatus: orders.orderStatus, deliveryCompletedAt: orders.deliveryCompletedAt, hasDeliveryOrder: orders.hasDeliveryOrder }).from(orders).where(eq(orders.id, order.id)).limit(1);
  if (!current || (!current.deliveryCompletedAt && !current.hasDeliveryOrder && !meta?.deliveryCompletedAt)) return { reverted: false };
  const at = ctx.now().toISOString();
  const restore = meta?.statusBeforeCompletion && current.orderStatus === DELIVERED_STATUS ? meta.statusBeforeCompletion : current.orderStatus;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(deliveryMeta)
      .set({
        signedByName: null,
        signatureKey: null,
        deliveryDate: null,
        deliveryWindow: null,
        deliveryCompleteGeo: null,
        deliveryCompletedAt: null,
        deliveryOrderKey: null,
        deliveredLines: null,
        codCollectedCents: null,
        statusBeforeCompletion: null,
        completedBy: null,
        updatedAt: at,
        version: sql`${deliveryMeta.version} + 1`,
      })
      .where(eq(deliveryMeta.orderId, order.id));
    await tx
      .update(orders)
      .set({ orderStatus: restore, hasDeliveryOrder: false, deliveryCompletedAt: null, lastUpdatedAt: at, updatedAt: at, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, viewer, at, {
      entityType: "order",
      entityId: order.orderNumber,
      action: "delivery.revert",
      changes: [
        ...(restore !== current.orderStatus ? [{ field: "orderStatus", before: current.orderStatus, after: restore }] : []),
        { field: "deliveryCompletedAt", before: current.deliveryCompletedAt, after: null },
        { field: "hasDeliveryOrder", before: current.hasDeliveryOrder, after: false },
      ],
    });
  });
  return { reverted: true };
}

// ---------------------------------------------------------------- the delivery order

export async function deliveryOrderLink(ctx: AppContext, order: OrderRow): Promise<string> {
  const meta = await metaOf(ctx, order.id);
  if (!order.hasDeliveryOrder || !meta?.deliveryOrderKey || !(await ctx.files.head(meta.deliveryOrderKey))) throw new NotFoundError(DELIVERY_MESSAGES.doNotAvailable);
  return deliveryOrderUrl(ctx, order.orderNumber, meta.deliveryOrderKey);
}

// ---------------------------------------------------------------- the customer's proof link

function proofMessage(orderId: number, exp: number, completedAt: string) {
  return ["delivery-proof:v1", String(orderId), String(exp), completedAt].join("\n");
}

/** A bearer token for one completed delivery: it names the completion, so a revert (or a new completion) voids it. */
export async function proofToken(ctx: AppContext, orderId: number, completedAt: string, ttlSeconds = PROOF_LINK_TTL_SECONDS): Promise<{ token: string; expiresAt: string }> {
  const exp = Math.floor(ctx.now().getTime() / 1000) + ttlSeconds;
  const sig = await hmacHex(ctx.env.FILE_SIGNING_SECRET, proofMessage(orderId, exp, completedAt));
  return { token: `${orderId}.${exp}.${sig}`, expiresAt: new Date(exp * 1000).toISOString() };
}

export type DeliveryProof = {
  orderNumber: string;
  customerName: string;
  address: string;
  receivedBy: string | null;
  deliveryDate: string | null;
  deliveryWindow: string | null;
  completedAt: string;
  completedAtEastern: string;
  mapUrl: string | null;
  geo: GeoPoint | null;
  pdfUrl: string | null;
  photos: { label: string; url: string }[];
  signatureUrl: string | null;
  expiresAt: string;
};

export const PROOF_INVALID = "This delivery proof link is not valid.";
export const PROOF_EXPIRED = "This delivery proof link has expired. Ask us for a new one.";

/** The proof behind a token: 404 when forged or voided by a revert, 410 when expired. Links inside live 10 minutes. */
export async function loadProof(ctx: AppContext, token: string): Promise<DeliveryProof> {
  const m = /^(\d{1,12})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!m) throw new NotFoundError(PROOF_INVALID);
  const orderId = Number(m[1]);
  const exp = Number(m[2]);
  const [row] = await ctx.db
    .select({ orderNumber: orders.orderNumber, customerName: orders.customerName, addressLines: orders.addressLines, completedAt: orders.deliveryCompletedAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  const meta = row ? await metaOf(ctx, orderId) : null;
  const completedAt = row?.completedAt ?? "";
  const expected = await hmacHex(ctx.env.FILE_SIGNING_SECRET, proofMessage(orderId, exp, completedAt));
  if (!row || !meta || !completedAt || !safeEqual(expected, m[3]!)) throw new NotFoundError(PROOF_INVALID);
  if (exp * 1000 <= ctx.now().getTime()) throw new DomainError(410, PROOF_EXPIRED);
  // Only the COD photo is proof for the customer; issue photos are the driver's internal reports (decision 026).
  const photos = (await photosOf(ctx, orderId)).filter((p) => p.kind === COD_KIND);
  const ttl = { ttlSeconds: 600 };
  return {
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    address: formatAddress(row.addressLines ?? []),
    receivedBy: meta.signedByName,
    deliveryDate: meta.deliveryDate,
    deliveryWindow: meta.deliveryWindow,
    completedAt,
    completedAtEastern: easternTime(completedAt),
    mapUrl: meta.deliveryCompleteGeo ? mapPointUrl(meta.deliveryCompleteGeo) : null,
    geo: meta.deliveryCompleteGeo,
    pdfUrl: meta.deliveryOrderKey ? await signFileUrl(ctx, meta.deliveryOrderKey, { ...ttl, filename: deliveryOrderFilename(row.orderNumber) }) : null,
    signatureUrl: meta.signatureKey ? await signFileUrl(ctx, meta.signatureKey, ttl) : null,
    photos: await Promise.all(photos.slice(0, 8).map(async (p) => ({ label: "COD photo", url: await signFileUrl(ctx, p.key, ttl) }))),
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

export const proofLinkBodySchema = z.object({ email: z.string().trim().max(320).optional() }).strict();

export const PROOF_LINK_ACTION = "delivery.proof-link";
const CUSTOMER_RECORD_STATUSES = ["Approved", "Completed"] as const;

/**
 * The customer's own addresses: the order's e-mail first, then the customer record's (the approved customer
 * application of the same company name; the only customer record we keep), without repeats.
 */
export async function customerEmailsOf(ctx: AppContext, order: Pick<OrderRow, "id" | "customerName">): Promise<string[]> {
  const name = order.customerName.trim();
  const [[row], records] = await Promise.all([
    ctx.db.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, order.id)).limit(1),
    name
      ? ctx.db
          .select({ email: customerApplications.email })
          .from(customerApplications)
          .where(and(sql`${customerApplications.companyName} = ${name} COLLATE NOCASE`, inArray(customerApplications.status, [...CUSTOMER_RECORD_STATUSES]), sql`${customerApplications.email} <> ''`))
          .orderBy(customerApplications.id)
          .limit(10)
      : Promise.resolve([]),
  ]);
  const out: string[] = [];
  for (const email of [row?.email ?? "", ...records.map((r) => r.email)]) {
    if (email.trim() && !out.some((e) => sameAddress(e, email))) out.push(email.trim());
  }
  return out;
}

/**
 * Records the send in the audit trail only if it fits both limits (PROOF_LINK_LIMITS): one statement, so
 * parallel requests cannot all pass a count taken before any of them wrote. Answers the row's id, or throws
 * 429 with Retry-After until the oldest counted send leaves the window.
 */
async function reserveProofLinkSend(ctx: AppContext, viewer: Viewer, orderNumber: string, to: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - PROOF_LINK_LIMITS.windowMs).toISOString();
  const changes = JSON.stringify([{ field: "proofLinkSentTo", before: null, after: to }]);
  const [reserved] = await ctx.db.all<{ id: number }>(sql`INSERT INTO ${auditEvents} (at, actor_id, actor_email, actor_name, entity_type, entity_id, action, changes)
    SELECT ${at}, ${viewer.userId}, ${viewer.email}, ${actorName(viewer)}, 'order', ${orderNumber}, ${PROOF_LINK_ACTION}, ${changes}
    WHERE (SELECT count(*) FROM ${auditEvents} WHERE entity_type = 'order' AND entity_id = ${orderNumber} AND action = ${PROOF_LINK_ACTION} AND at > ${since}) < ${PROOF_LINK_LIMITS.perOrder}
      AND (SELECT count(*) FROM ${auditEvents} WHERE action = ${PROOF_LINK_ACTION} AND actor_email = ${viewer.email} AND at > ${since}) < ${PROOF_LINK_LIMITS.perUser}
    RETURNING id`);
  if (reserved) return reserved.id;
  const recent = (where: SQL | undefined) => ctx.db.select({ at: auditEvents.at }).from(auditEvents).where(and(eq(auditEvents.action, PROOF_LINK_ACTION), gt(auditEvents.at, since), where));
  const [byOrder, byUser] = await Promise.all([
    recent(and(eq(auditEvents.entityType, "order"), eq(auditEvents.entityId, orderNumber))),
    recent(eq(auditEvents.actorEmail, viewer.email)),
  ]);
  const rate = proofLinkRate(
    byOrder.map((r) => r.at),
    byUser.map((r) => r.at),
    now,
  );
  // A send that left the window between the two reads: the next try fits.
  const refused = rate.allowed ? ({ allowed: false, limit: "order", retryAfterSeconds: 1 } as const) : rate;
  throw new RateLimitedError(proofLinkLimitMessage(refused), refused.retryAfterSeconds);
}

function senderLabel(viewer: Viewer): string {
  const name = actorName(viewer);
  return sameAddress(name, viewer.email) ? viewer.email : `${name} (${viewer.email})`;
}

/**
 * Emails the customer an expiring link to the delivery proof (decision 026). It goes to the customer's own
 * address (the order's or the customer record's); only an admin may type another. Limited per order and per
 * sender (429 with Retry-After); each send is in the order's history (who, to whom, when) and the mail names
 * who sent it. 409 before completion.
 */
export async function sendProofLink(ctx: AppContext, viewer: Viewer, order: OrderRow, input: z.infer<typeof proofLinkBodySchema>): Promise<{ sentTo: string; expiresAt: string }> {
  if (!order.deliveryCompletedAt) throw new ConflictError("The delivery is not complete yet");
  const choice = chooseProofRecipient({ typed: input.email, isAdmin: viewer.isAdmin, customerEmails: await customerEmailsOf(ctx, order) });
  if (!choice.ok) {
    if (choice.status === 403) throw new ForbiddenError(choice.error);
    throw new ValidationError(choice.error, choice.field ? { [choice.field]: [choice.error] } : undefined);
  }
  const to = choice.to;
  const reservation = await reserveProofLinkSend(ctx, viewer, order.orderNumber, to, ctx.now());
  const { token, expiresAt } = await proofToken(ctx, order.id, order.deliveryCompletedAt);
  const url = `${ctx.env.APP_URL.replace(/\/+$/, "")}/proof/${token}`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  const sender = senderLabel(viewer);
  try {
    await sendEmail(ctx, {
      to: [to],
      subject: `Proof of delivery for order ${order.orderNumber}`,
      html: `<p>Hello${order.customerName ? ` ${esc(order.customerName)}` : ""},</p><p>Your order ${esc(order.orderNumber)} was delivered. The proof of delivery (delivery order, photos, time and place) is here until ${esc(expiresAt.slice(0, 10))}:</p><p><a href="${esc(url)}">${esc(url)}</a></p><p>Sent by ${esc(sender)}, Golden Grain Rice Co.</p>`,
      text: `Your order ${order.orderNumber} was delivered. Proof of delivery: ${url} (valid until ${expiresAt.slice(0, 10)})\n\nSent by ${sender}, Golden Grain Rice Co.`,
      related: { type: "order", id: order.orderNumber },
      sentBy: viewer.email,
    });
  } catch (error) {
    // The history lists mails that went out; the refused attempt stays in the e-mail log with its reason.
    await ctx.db.delete(auditEvents).where(eq(auditEvents.id, reservation));
    throw new DomainError(502, error instanceof Error ? error.message : "Failed to send email");
  }
  return { sentTo: to, expiresAt };
}
