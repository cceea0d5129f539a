// The Order Tracking calls' answers (and the edit's JSON body) as zod/mini schemas: the routes shape their
// answers by them, the integration tests parse real answers with them, and the screen reads every answer
// through them (app/components/orders/api.ts). Client-safe: never import classic "zod" here.
import * as z from "zod/mini";
import { answer } from "~/domain/api-contract";

/**
 * One order as a list row, the detail and the edit's saved answer carry it. Fields the viewer may not see
 * (payment, trucking, totals: decision 010) are removed, so they are optional. The id-like and timestamp
 * fields the server always sends are optional here too: a screen may hold a row it built from a link
 * (`#order-{orderNumber}`) before the server has answered; the server's own type makes them required.
 */
export const OrderRowSchema = z.object({
  _id: z.string(),
  id: z.optional(z.number()),
  orderNumber: z.string(),
  customerName: z.string(),
  createdBy: z.string(),
  paymentStatus: z.optional(z.string()),
  orderStatus: z.string(),
  orderType: z.string(),
  truckingCompany: z.optional(z.string()),
  warehouseLocation: z.string(),
  warehouseAssignment: z.array(z.string()),
  notes: z.string(),
  orderDate: z.string(),
  updatedAt: z.optional(z.string()),
  lastUpdatedAt: z.optional(z.nullable(z.string())),
  deliveryCompletedAt: z.optional(z.nullable(z.string())),
  hasDeliveryOrder: z.optional(z.boolean()),
  address: z.optional(z.object({ lines: z.array(z.string()), mapsUrl: z.nullable(z.string()) })),
  totalCents: z.optional(z.number()),
  version: z.number(),
});
export type OrderRow = z.output<typeof OrderRowSchema>;

/** The fields the server always sends on a row (a screen-made stub may lack them). */
type SentAlways = "id" | "updatedAt" | "lastUpdatedAt" | "deliveryCompletedAt" | "hasDeliveryOrder" | "address";
/** A row as the server builds it: the contract's row with the always-sent fields required. */
export type ServerOrderRow = Omit<OrderRow, SentAlways> & { [K in SentAlways]-?: Exclude<OrderRow[K], undefined> };

export const PaginationSchema = z.object({ page: z.number(), pages: z.number(), total: z.number(), limit: z.number() });

/** GET /api/order-trackers: rows at `data`, with pagination and meta beside it (spec 001 §7). */
export const OrderListBodySchema = z.object({
  data: z.array(OrderRowSchema),
  pagination: PaginationSchema,
  meta: z.object({ allowedOrderTypes: z.array(z.string()) }),
});

/** The list as the screen keeps it. */
export type ListResult = { rows: OrderRow[]; pagination: { page: number; pages: number; total: number }; allowedOrderTypes: string[] | null };

/** GET /api/order-trackers read as the screen's ListResult. */
export const OrderListAnswer = z.pipe(
  OrderListBodySchema,
  z.transform(
    (b): ListResult => ({
      rows: b.data,
      pagination: { page: b.pagination.page, pages: Math.max(1, b.pagination.pages), total: b.pagination.total },
      allowedOrderTypes: b.meta.allowedOrderTypes,
    }),
  ),
);

/** awaitingTrucking is null for viewers who may not see trucking (the server does not count a hidden field). */
export const KpisSchema = z.object({ ordersToday: z.number(), awaitingTrucking: z.nullable(z.number()), notDelivered: z.number() });
export type Kpis = z.output<typeof KpisSchema>;
/** GET /api/order-trackers/kpis. */
export const KpisAnswer = answer(KpisSchema);

/** The edit stepper's PUT /api/order-trackers/{id} body (the server checks it again with its own rules). */
export const OrderUpdateBodySchema = z.object({
  paymentStatus: z.string(),
  orderType: z.string(),
  truckingCompany: z.optional(z.string()),
  warehouseAssignment: z.array(z.string()),
  notes: z.string(),
  assignedBy: z.string(),
  version: z.number(),
});
export type UpdateBody = z.output<typeof OrderUpdateBodySchema>;

/** The saved row; trackingPaymentStatus repeats paymentStatus for the old client. A 409 carries the current row in `data`. */
export const OrderSavedSchema = z.extend(OrderRowSchema, { trackingPaymentStatus: z.optional(z.string()) });
export const OrderUpdateAnswer = answer(OrderSavedSchema);

export const HistoryChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
/**
 * `at` is when the server received the change; `actedAt` (decision 040), present for a queued floor write, is
 * when the person acted on the phone. The timeline is ordered by `actedAt ?? at`.
 */
export const HistoryEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actedAt: z.optional(z.string()),
  actor: z.string(),
  actorEmail: z.optional(z.string()),
  changes: z.array(HistoryChangeSchema),
});
export type HistoryEntry = z.output<typeof HistoryEntrySchema>;
export const OrderHistorySchema = z.object({ orderNumber: z.string(), timeline: z.array(HistoryEntrySchema) });
/** GET /api/order-trackers/{orderNumber}/history. */
export const OrderHistoryAnswer = answer(OrderHistorySchema);

export const LineImageSchema = z.object({
  thumbUrl: z.optional(z.string()),
  smallUrl: z.optional(z.string()),
  largeUrl: z.optional(z.string()),
  originalUrl: z.optional(z.string()),
});
export type LineImage = z.output<typeof LineImageSchema>;

/** One line as the order detail reads it; unitPrice is absent for viewers who may not see prices. */
export const SalesOrderLineSchema = z.object({
  lineItemId: z.string(),
  sku: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.optional(z.number()),
  images: z.array(LineImageSchema),
});

/** GET /api/sales-orders/by-order-number/{n}?include=lines as the detail reads it (the other fields are the picker's). */
export const SalesOrderLinesSchema = z.looseObject({ orderNumber: z.string(), lines: z.optional(z.array(SalesOrderLineSchema)) });
export const SalesOrderLinesAnswer = answer(SalesOrderLinesSchema);
/** A line with the price the detail shows (0 when hidden). */
export type SalesOrderLine = Omit<z.output<typeof SalesOrderLineSchema>, "unitPrice"> & { unitPrice: number };

/** GET /api/warehouse-workers/options: the assignment labels. */
export const WorkerOptionsSchema = z.array(z.string());
export const WorkerOptionsAnswer = answer(WorkerOptionsSchema);
