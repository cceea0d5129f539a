// The dock documents' calls (spec 001 §7) as zod/mini schemas: pick list (release order) status, link, email and
// re-enable; BOL; Will Call; warehouse capture (the delivery order link's is app/domain/delivery/contract.ts).
// Client-safe: the routes type their answers by these, the screens' one client (app/components/documents/api.ts)
// parses with them, and the integration tests parse the real answers, so a renamed server field fails a test
// instead of a screen.
import * as z from "zod/mini";

const nullableString = z.nullable(z.string());

/** GET …/release-order/status (flat, not in a `data` envelope). */
export const PickListStatusAnswer = z.looseObject({
  hasReleaseOrder: z.boolean(),
  generatedAt: nullableString,
  emailedAt: nullableString,
  emailEnabled: z.boolean(),
  completedAt: nullableString,
});
export type PickListStatus = z.output<typeof PickListStatusAnswer>;

/** POST …/release-order[?force=true]: the body the screens send (names for the PDF's "printed by"). */
export const PickListRequest = z.object({
  userName: z.optional(z.nullable(z.string())),
  userFirstName: z.optional(z.nullable(z.string())),
  userEmail: z.optional(z.nullable(z.string())),
  force: z.optional(z.boolean()),
});
export type PickListRequest = z.output<typeof PickListRequest>;

/** GET or POST …/release-order: the pick list PDF's 5-minute link. */
export const PickListLinkAnswer = z.looseObject({ presignedUrl: z.string(), generatedAt: z.string(), generated: z.boolean() });
export type PickListLink = z.output<typeof PickListLinkAnswer>;

/** POST …/release-order/email. */
export const PickListEmailAnswer = z.looseObject({ message: z.string(), emailedAt: z.string(), emailEnabled: z.boolean() });
export type PickListEmailed = z.output<typeof PickListEmailAnswer>;

/** POST …/release-order/email-enable. */
export const PickListEmailEnableAnswer = z.looseObject({ emailEnabled: z.boolean() });
export type PickListEmailEnabled = z.output<typeof PickListEmailEnableAnswer>;

/** A BOL's stored fields (GET …/bol's `data`). */
export const BolData = z.object({
  totalPackages: z.nullable(z.number()),
  totalPallets: z.nullable(z.number()),
  netWeightLbs: z.nullable(z.number()),
  grossWeightLbs: z.nullable(z.number()),
  comments: z.string(),
  instructions: z.string(),
  placeOfDischarge: z.string(),
  placeOfDelivery: z.string(),
  chargeType: z.enum(["Collect", "Prepaid"]),
  freightCarrier: z.string(),
  createdBy: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type BolData = z.output<typeof BolData>;

/** GET …/bol: whether the order has one, its fields and its PDF's link. */
export const BolAnswer = z.looseObject({ exists: z.boolean(), data: z.nullable(BolData), presignedUrl: nullableString });
export type BolAnswer = z.output<typeof BolAnswer>;

/** POST …/bol: the text fields as the dialog holds them (the server reads numbers from text). */
export const BolRequest = z.object({
  totalPackages: z.string(),
  totalPallets: z.string(),
  netWeightLbs: z.string(),
  grossWeightLbs: z.string(),
  comments: z.string(),
  instructions: z.string(),
  placeOfDischarge: z.string(),
  placeOfDelivery: z.string(),
  chargeType: z.enum(["Collect", "Prepaid"]),
  freightCarrier: z.string(),
});
export type BolRequest = z.output<typeof BolRequest>;

/** POST …/bol: the new PDF's link (and the fields as saved). */
export const BolSavedAnswer = z.looseObject({ presignedUrl: z.string(), data: z.optional(BolData) });
export type BolSaved = z.output<typeof BolSavedAnswer>;

/** GET …/will-call: the latest Will Call's link, or exists:false before the first. */
export const WillCallLatestAnswer = z.looseObject({ exists: z.boolean(), presignedUrl: nullableString, generatedAt: nullableString });
export type WillCallLatest = z.output<typeof WillCallLatestAnswer>;

/** POST …/will-call: the printed name and a drawn signature (else the capture's). */
export const WillCallRequest = z.object({ signedByName: z.string(), signatureImageDataUrl: z.optional(z.string()) });
export type WillCallRequest = z.output<typeof WillCallRequest>;

/** POST …/will-call. */
export const WillCallGeneratedAnswer = z.looseObject({ presignedUrl: z.string(), generatedAt: z.string() });
export type WillCallGenerated = z.output<typeof WillCallGeneratedAnswer>;

const CaptureFile = z.object({ s3Key: z.string(), url: z.string(), filename: z.string(), contentType: z.string(), size: z.number(), createdAt: z.string() });
export type CaptureFile = z.output<typeof CaptureFile>;

/** A saved warehouse capture (spec 001 §3: the capture and the viewer's extras). */
export const CaptureData = z.object({
  savedAt: z.string(),
  signedByName: z.string(),
  capturedBy: z.string(),
  signature: z.object({ s3Key: z.string(), url: z.string() }),
  attachments: z.array(CaptureFile),
  pickListCompleted: z.boolean(),
  pickListCompletedAt: nullableString,
});
export type CaptureData = z.output<typeof CaptureData>;

/** GET /api/warehouse/{id}/capture. */
export const CaptureAnswer = z.looseObject({ exists: z.boolean(), data: z.nullable(CaptureData) });
export type CaptureAnswer = z.output<typeof CaptureAnswer>;

/** POST /api/warehouse/{id}/capture (multipart). */
export const CaptureSavedAnswer = z.looseObject({ data: CaptureData });
export type CaptureSaved = z.output<typeof CaptureSavedAnswer>;

/** POST /api/warehouse/{id}/capture/attachments (multipart). */
export const CaptureAttachmentsAnswer = z.looseObject({ count: z.number(), data: z.optional(z.array(CaptureFile)) });
export type CaptureAttachmentsAdded = z.output<typeof CaptureAttachmentsAnswer>;

/** POST /api/order-trackers/pick-lists (issue 24): the selected orders, and names for the PDFs' "printed by". */
export const PickListBatchRequest = z.object({
  orderNumbers: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(50)),
  userName: z.optional(z.nullable(z.string())),
  userFirstName: z.optional(z.nullable(z.string())),
  userEmail: z.optional(z.nullable(z.string())),
});
export type PickListBatchRequest = z.output<typeof PickListBatchRequest>;

/** POST /api/order-trackers/pick-lists: the one merged PDF's 5-minute link, the orders in it, its page count. */
export const PickListBatchAnswer = z.looseObject({
  presignedUrl: z.string(),
  orderNumbers: z.array(z.string()),
  pages: z.number(),
  generatedAt: z.string(),
});
export type PickListBatchAnswer = z.output<typeof PickListBatchAnswer>;
