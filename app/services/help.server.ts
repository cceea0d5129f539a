// Help requests from drivers: a notification every manager holding 'help:receive' sees in their Alerts tab.
import { z } from "zod";
import { notifications } from "../../db/schema";
import type { ActedAt } from "~/domain/acted-at";
import { HELP_NOTE_MAX, helpMessage } from "~/domain/shell/help";
import type { AppContext } from "~/lib/context.server";
import { IMAGES, storeUpload } from "~/lib/files.server";
import { UnsupportedMediaTypeError, ValidationError } from "~/domain/errors";
import { FORM_OVERHEAD_BYTES, parseFormData, parseJsonBody, validationFailure } from "~/lib/http.server";
import { actorName } from "~/lib/writes.server";
import type { Viewer } from "~/lib/session.server";
import { requestFingerprint, withIdempotency } from "~/lib/idempotency.server";

export const HELP_AUDIENCE_GRANT = "help:receive";

/** `actedAt`: when the person asked on the phone (X-Acted-At, decision 040), the alert's time. */
export type HelpInput = { note?: string | null; image?: File | Blob | null; order?: { id: number; orderNumber: string } | null; actedAt?: ActedAt };

const noteField = z
  .string()
  .max(HELP_NOTE_MAX, `Note must be at most ${HELP_NOTE_MAX} characters`)
  .optional();

// A form without a chosen file may still send an empty 'image' part (or an empty string): both mean none.
const imageField = z
  .union([z.instanceof(Blob), z.string()])
  .optional()
  .transform((v) => (v instanceof Blob && v.size > 0 ? v : null))
  .refine((v) => v === null || v instanceof Blob, "image must be a file");

const helpFormSchema = z.object({ note: noteField, image: imageField });
const helpJsonSchema = z.object({ note: noteField.nullable() }).strict();

function isMultipart(request: Request) {
  const type = request.headers.get("content-type") ?? "";
  return type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded");
}

/** Multipart (image optional, note) for /api/delivery/unknown/issue-photo. */
export async function parseHelpForm(request: Request): Promise<{ note: string | null; image: Blob | null }> {
  if (!isMultipart(request)) throw new UnsupportedMediaTypeError("Expected a multipart form");
  const form = await parseFormData(request, IMAGES.maxBytes + FORM_OVERHEAD_BYTES);
  const image = form.get("image");
  if (typeof image === "string" && image.length > 0) throw new ValidationError("Invalid input: image: must be a file", { image: ["must be a file"] });
  const parsed = helpFormSchema.safeParse({ note: form.get("note") ?? undefined, image: image ?? undefined });
  if (!parsed.success) validationFailure(parsed.error);
  return { note: parsed.data.note?.trim() || null, image: parsed.data.image };
}

/** The need-help call: an empty JSON body (spec), an optional note, or a multipart form with a photo. */
export async function parseNeedHelpBody(request: Request): Promise<{ note: string | null; image: Blob | null }> {
  if (isMultipart(request)) return parseHelpForm(request);
  const body = await parseJsonBody(request, helpJsonSchema);
  return { note: body.note?.trim() || null, image: null };
}

/** Stores the optional photo first (a bad file is rejected before anything is written), then the alert. */
export async function requestHelp(ctx: AppContext, viewer: Viewer, input: HelpInput): Promise<{ notificationId: number }> {
  const order = input.order ?? null;
  const note = input.note?.trim() || null;
  let attachmentKey: string | null = null;
  if (input.image && input.image.size > 0) {
    const stored = await storeUpload(ctx, input.image, {
      rule: IMAGES,
      ownerType: "help-request",
      ownerId: order ? String(order.id) : "unknown",
      kind: "help-photo",
      createdBy: viewer.email,
    });
    attachmentKey = stored.key;
  }
  const [row] = await ctx.db
    .insert(notifications)
    .values({
      audienceGrant: HELP_AUDIENCE_GRANT,
      type: "warning",
      title: "Help requested",
      message: helpMessage(actorName(viewer), note, order?.orderNumber),
      priority: "high",
      category: "system",
      orderNumber: order?.orderNumber ?? null,
      orderId: order?.id ?? null,
      attachmentKey,
      createdBy: viewer.email,
      // The time of the ask, not of its arrival; bounded by the receipt and 30 days (the order is not read
      // for a lower bound: help is asked about an order that exists, and the alert is not the order's history).
      createdAt: input.actedAt ? input.actedAt() : ctx.now().toISOString(),
    })
    .returning({ id: notifications.id });
  return { notificationId: row!.id };
}

/**
 * The ask as a floor write: the same ask sent again with its Idempotency-Key (an answer lost on the way back, the
 * outbox's retry after a dead zone) raises one alert, not two, and answers as the first did. `then` runs after
 * the alert, inside the same once-only step (the need-help call's revert of a completed delivery).
 */
export async function askForHelp(ctx: AppContext, viewer: Viewer, input: HelpInput, key: string | null, then?: () => Promise<unknown>): Promise<Response> {
  const fingerprint = await requestFingerprint({
    order: input.order?.id ?? null,
    note: input.note?.trim() || null,
    image: input.image && input.image.size > 0 ? { size: input.image.size, type: input.image.type } : null,
  });
  return withIdempotency(ctx, `help:${viewer.email}`, key, fingerprint, async () => {
    await requestHelp(ctx, viewer, input);
    await then?.();
    return { status: 200, body: { success: true } };
  });
}
