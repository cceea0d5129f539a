// The picking screen's calls (spec 002) as zod/mini schemas: the order with its lines, the pick log, on-hand
// figures, short reasons, the live room's token, verify, complete and the passcode login. Client-safe: the
// /api/picklists routes type their answers by these, the screen reads every answer through apiFetch with them,
// and the integration tests parse the real answers, so a renamed server field fails a test, not a picker.
import * as z from "zod/mini";
import { answer } from "~/domain/api-contract";

const optionalNullable = <S extends z.ZodMiniType>(s: S) => z.optional(z.nullable(s));
const text = optionalNullable(z.string());

// ---------------------------------------------------------------- the order (GET /api/sales-orders/by-order-number/{n}?include=lines)

export const OrderImage = z.object({
  smallUrl: text,
  mediumUrl: text,
  thumbUrl: text,
  mediumUncroppedUrl: text,
  largeUrl: text,
  originalUrl: text,
});

export const LineBarcodeContract = z.object({ key: z.string(), kind: z.enum(["unit", "case"]), quantity: z.number() });

/** One order line as the picking screen reads it (other fields are dropped: the screen does not read them). */
export const OrderLine = z.object({
  lineItemId: optionalNullable(z.union([z.string(), z.number()])),
  productId: text,
  sku: text,
  code: text,
  description: text,
  quantity: optionalNullable(z.union([z.number(), z.string()])),
  images: optionalNullable(z.array(OrderImage)),
  bin: text,
  barcodes: optionalNullable(z.array(LineBarcodeContract)),
});

/** The order's fields the picking screen reads. */
export const PickOrder = z.object({
  _id: z.optional(z.union([z.string(), z.number()])),
  id: z.optional(z.union([z.string(), z.number()])),
  orderNumber: z.string(),
  customerName: text,
  customer: optionalNullable(z.object({ name: text })),
  warehouseLocation: text,
  locationId: text,
  lines: optionalNullable(z.array(OrderLine)),
});
export type PickOrder = z.output<typeof PickOrder>;

/** The order answers in `data` (and, as the old API did, spread at the top: not read). */
export const PickOrderAnswer = answer(PickOrder);

// ---------------------------------------------------------------- the pick log (GET /api/picklists/{n}/logs)

/** One saved line of a 'pick-verified' entry; old entries name the line by sku or key and the count as `quantityPicked`. */
export const PickLogResult = z.object({
  lineItemId: optionalNullable(z.union([z.string(), z.number()])),
  sku: text,
  key: text,
  picked: optionalNullable(z.number()),
  quantityPicked: optionalNullable(z.number()),
  expected: optionalNullable(z.number()),
  reason: text,
});

export const PickLogEntry = z.object({
  type: z.optional(z.string()),
  at: z.optional(z.string()),
  actor: z.optional(z.string()),
  payload: optionalNullable(z.object({ results: z.optional(z.array(PickLogResult)) })),
});
export type PickLogEntry = z.output<typeof PickLogEntry>;

/** Newest first. */
export const PickLogsAnswer = answer(z.array(PickLogEntry));

// ---------------------------------------------------------------- on hand (GET /api/inventory-summary/by-order-number/{n})

/** Flat, next to `success`: data by product id, and the sku and line maps that point into it. */
export const InventorySummary = z.object({
  data: optionalNullable(z.record(z.string(), z.nullable(z.object({ quantityOnHand: optionalNullable(z.number()) })))),
  skuMap: optionalNullable(z.record(z.string(), z.unknown())),
  lineMap: optionalNullable(z.record(z.string(), z.unknown())),
});
export type InventorySummary = z.output<typeof InventorySummary>;

// ---------------------------------------------------------------- short reasons (GET /api/picklists/short-reasons)

export const ShortReasonsAnswer = answer(z.array(z.looseObject({ id: z.number(), label: z.string(), action: z.string() })));

// ---------------------------------------------------------------- the live room (GET /api/picklists/{n}/room)

export const RoomAccess = z.object({ host: z.string(), room: z.string(), party: z.string(), token: z.string(), expiresAt: z.string() });
export type RoomAccess = z.output<typeof RoomAccess>;
export const RoomAccessAnswer = answer(RoomAccess);

// ---------------------------------------------------------------- save and complete (POST /api/picklists/{n}/verify, …/complete)

export const VerifyItem = z.object({
  lineItemId: z.string(),
  sku: z.string(),
  name: z.string(),
  status: z.enum(["Pending", "Picked", "Issue"]),
  quantity: z.number(),
  quantityPicked: z.number(),
  note: z.string(),
  reason: z.optional(z.string()),
});
/** What the screen sends to save (the server's own, classic-zod schema in app/domain/pick-list/verify.ts accepts more). */
export const VerifyRequest = z.object({ pickedItems: z.array(VerifyItem), actor: z.string(), note: z.string() });
export type VerifyRequest = z.output<typeof VerifyRequest>;

export const PickSummary = z.object({ pickedCount: z.number(), issues: z.number(), total: z.number() });

/** Flat: `{ success: true, summary }`. */
export const VerifyAnswer = z.looseObject({ success: z.literal(true), summary: PickSummary });
export type VerifyAnswer = z.output<typeof VerifyAnswer>;

/** `{ success: true }`, nothing else. */
export const CompleteAnswer = z.looseObject({ success: z.literal(true) });
export type CompleteAnswer = z.output<typeof CompleteAnswer>;

// ---------------------------------------------------------------- passcode login (POST /api/picklist/passcode/login)

export const PasscodeLoginRequest = z.object({ code: z.string() });
export const PasscodeLogin = z.object({ expiresAt: z.string(), allowedLocations: z.array(z.string()) });
export const PasscodeLoginAnswer = answer(PasscodeLogin);
export type PasscodeLogin = z.output<typeof PasscodeLogin>;
