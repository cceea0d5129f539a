// The delivery calls' contract (spec 001 §7): every /api/delivery answer the wizard, Need Help and the proof
// settings read, and the completion the wizard builds, as zod/mini schemas. Client-safe: the routes shape their
// answers by these types, the integration tests parse the real answers with them, the screens read through them.
import * as z from "zod/mini";
import { answer } from "~/domain/api-contract";

export const RequiredProofSchema = z.object({
  receiverName: z.boolean(),
  signature: z.boolean(),
  photo: z.boolean(),
  codPhoto: z.boolean(),
});

export const GeoPointSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number(),
  source: z.literal("geolocation"),
  capturedAt: z.string(),
});

export const DeliveredLineSchema = z.object({
  lineId: z.number(),
  sku: z.string(),
  ordered: z.number(),
  delivered: z.number(),
  reason: z.nullable(z.string()),
});

/** One order line as the door steps show it. */
export const DeliveryLineSchema = z.object({ id: z.number(), sku: z.string(), description: z.string(), quantity: z.number() });

/** GET /api/delivery/{order}/meta: spec 001 'Delivery meta' with the lines, photos so far and the required proof. */
export const DeliveryMetaSchema = z.object({
  orderId: z.number(),
  orderNumber: z.string(),
  customerName: z.string(),
  paymentStatus: z.nullable(z.string()),
  cashOnDelivery: z.boolean(),
  outForDeliveryAt: z.nullable(z.string()),
  signedByName: z.nullable(z.string()),
  deliveryDate: z.nullable(z.string()),
  deliveryWindow: z.nullable(z.string()),
  deliveryCompleteGeo: z.nullable(GeoPointSchema),
  hasDeliveryOrder: z.boolean(),
  deliveryCompletedAt: z.nullable(z.string()),
  deliveredLines: z.nullable(z.array(DeliveredLineSchema)),
  codDueCents: z.nullable(z.number()),
  codCollectedCents: z.nullable(z.number()),
  photos: z.object({ cod: z.number(), issue: z.number() }),
  requiredProof: RequiredProofSchema,
  lines: z.array(DeliveryLineSchema),
});
export const MetaAnswer = answer(DeliveryMetaSchema);

/** GET /api/delivery/{order}/address. */
export const DeliveryAddressSchema = z.object({ formatted: z.string(), mapsUrl: z.nullable(z.string()) });
export const AddressAnswer = answer(DeliveryAddressSchema);

/** GET /api/delivery/{order}/do: a short-lived link to the delivery order PDF (no data envelope, spec 001 §7). */
export const DeliveryOrderAnswer = z.looseObject({ success: z.literal(true), presignedUrl: z.string() });

/** POST /api/delivery/{order}/out-for-delivery. */
export const OutForDeliverySchema = z.object({ orderStatus: z.string(), outForDeliveryAt: z.string() });
export const OutForDeliveryAnswer = answer(OutForDeliverySchema);

/** POST /api/delivery/{order}/cod-proof and /issue-photo: the stored photo's key. */
export const PhotoAnswer = z.looseObject({ success: z.literal(true), key: z.string() });

/** POST /api/delivery/{order}/complete: what the wizard builds (spec 001 §7 'Complete delivery'). */
export const CompletionRequest = z.object({
  signedByName: z.string(),
  signatureDataUrl: z.optional(z.string()),
  deliveryDate: z.string(),
  completedAt: z.string(),
  deliveryCompleteGeo: z.optional(GeoPointSchema),
  deliveredLines: z.optional(z.array(z.object({ lineId: z.number(), delivered: z.number(), reason: z.nullable(z.string()) }))),
  codCollectedCents: z.optional(z.number()),
});
export type CompletionPayload = z.output<typeof CompletionRequest>;

/** ...and its answer: the delivery order link, when it was completed, where. */
export const CompletionAnswer = z.looseObject({
  success: z.literal(true),
  presignedUrl: z.string(),
  completedAt: z.string(),
  deliveryCompleteGeo: z.nullable(GeoPointSchema),
  error: z.optional(z.null()),
});

/** POST /api/delivery/{order}/need-help and /api/delivery/unknown/issue-photo: `{success}` and nothing to read. */
export const HelpAnswer = z.looseObject({ success: z.literal(true) });

/** POST /api/delivery/{order}/proof-link: who the link went to and until when it opens. */
export const ProofLinkSchema = z.object({ sentTo: z.string(), expiresAt: z.string() });
export const ProofLinkAnswer = z.looseObject({ success: z.literal(true), sentTo: z.string(), expiresAt: z.string() });

/** GET/PUT /api/delivery/settings: the proof each order type needs. */
export const RequiredProofSettingsSchema = z.object({ requiredProof: z.record(z.string(), RequiredProofSchema) });
export const SettingsAnswer = answer(RequiredProofSettingsSchema);

/** GET /api/delivery/today: the driver's deliveries for Need Help's 'Which delivery?'. */
export const TodayDeliverySchema = z.object({ orderId: z.number(), orderNumber: z.string(), customerName: z.string() });
export const TodayAnswer = answer(z.array(TodayDeliverySchema));

export type DeliveryMeta = z.output<typeof DeliveryMetaSchema>;
export type DeliveryLine = z.output<typeof DeliveryLineSchema>;
export type TodayDelivery = z.output<typeof TodayDeliverySchema>;
export type RequiredProofSettings = z.output<typeof RequiredProofSettingsSchema>;
