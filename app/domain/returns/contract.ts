// What the returns /api calls answer (and the JSON the Return Forms screen sends), as zod/mini schemas: the
// routes shape their answers by them, the integration tests parse real answers with them, and the screens
// read answers through them (app/lib/api-client.ts). Client-safe; the server's classic-zod input schemas stay
// in ./schemas.ts.
import * as z from "zod/mini";
import { answer } from "~/domain/api-contract";

const nullableString = z.nullable(z.string());

export const ReturnAddress = z.object({
  street: z.string(),
  street2: z.optional(z.string()),
  city: z.string(),
  state: z.string(),
  zip: z.optional(z.string()),
  postalCode: z.optional(z.string()),
});

export const ReturnItem = z.object({
  _id: z.number(),
  index: z.number(),
  sku: z.string(),
  description: z.string(),
  count: z.number(),
  reason: z.string(),
  customReason: z.string(),
  comments: z.string(),
  uploadedImages: z.array(z.string()),
  status: z.object({ status: z.string(), decisionDate: nullableString, remarks: z.string() }),
  receivedQty: z.nullable(z.number()),
  damagedQty: z.nullable(z.number()),
  restockQty: z.nullable(z.number()),
  receivedAt: nullableString,
  receivedBy: nullableString,
  version: z.number(),
});

/** One return request as every call answering one shows it (and each row of the list). */
export const ReturnRequest = z.object({
  _id: z.number(),
  returnID: z.string(),
  companyName: z.string(),
  orderNum: z.string(),
  status: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  submittedAt: z.string(),
  remarks: z.string(),
  address: z.array(ReturnAddress),
  productImages: z.array(z.string()),
  defectImages: z.array(z.string()),
  items: z.array(ReturnItem),
  itemCount: z.number(),
  needsReview: z.boolean(),
  receivedAt: nullableString,
  source: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type ReturnRequestView = z.output<typeof ReturnRequest>;
export type ReturnItemView = z.output<typeof ReturnItem>;

export const ImageRecord = z.object({ name: z.string(), presignedUrl: nullableString, error: z.optional(z.string()) });
export type ImageRecord = z.output<typeof ImageRecord>;

export const HistoryEntry = z.object({
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type HistoryEntry = z.output<typeof HistoryEntry>;

export const ReturnKpis = z.object({ requestsToday: z.number(), pending: z.number(), underReview: z.number(), approved: z.number(), needsReview: z.number() });
export type ReturnKpis = z.output<typeof ReturnKpis>;

export const ReturnReason = z.object({ id: z.number(), label: z.string(), active: z.boolean(), position: z.number(), version: z.number() });
export type ReturnReason = z.output<typeof ReturnReason>;

// ---------------------------------------------------------------- one schema per call

/** GET /api/return-requests: a bare list (totals in X-Total-Count). */
export const ReturnListAnswer = z.array(ReturnRequest);
/** GET /api/return-requests/kpis. */
export const ReturnKpisAnswer = answer(ReturnKpis);
/** GET /api/return-requests/{id}: the request with its history and request images. */
export const ReturnDetail = z.extend(ReturnRequest, { history: z.array(HistoryEntry), images: z.array(ImageRecord) });
export type ReturnDetailView = z.output<typeof ReturnDetail>;
export const ReturnDetailAnswer = answer(ReturnDetail);
/** GET /api/return-requests/{id}/items/{index}/images: a bare list. */
export const ItemImagesAnswer = z.array(ImageRecord);
/** PATCH …/status and …/items/{index}/status: the updated request, bare. */
export const ReturnDecisionAnswer = ReturnRequest;
/** POST and DELETE …/receiving: {success, data: the updated request}. */
export const ReceivingAnswer = answer(ReturnRequest);
/** GET /api/return-reasons. */
export const ReasonsAnswer = answer(z.array(ReturnReason));
/** POST /api/return-reasons and PATCH /api/return-reasons/{id}. */
export const ReasonAnswer = answer(ReturnReason);
/** POST /api/public/return-requests (and /api/public/applications): 201 {success, reference, id}. */
export const PublicSubmitAnswer = z.object({ success: z.literal(true), reference: z.string(), id: z.number() });
// ---------------------------------------------------------------- what the screen sends

export const ReturnStatusRequest = z.object({ status: z.string(), remarks: z.string(), version: z.number() });
export const ItemStatusRequest = z.object({ status: z.string(), decisionDate: z.string(), remarks: z.string(), version: z.number() });
export const ReceivingRequest = z.object({
  items: z.array(z.object({ index: z.number(), received: z.number(), damaged: z.number() })),
  notes: z.string(),
  version: z.number(),
});
export type PublicSubmitResult = z.output<typeof PublicSubmitAnswer>;
