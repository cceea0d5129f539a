// The driver's route calls' contract (issue 24) as zod/mini schemas: GET a day's plan (planners: every driver
// they may plan for; drivers: their own), PUT a driver's day, and the driver's own read. Client-safe: the
// routes shape their answers by these types, the integration tests parse the real answers, screens load it
// lazily through contractOf.
import * as z from "zod/mini";
import { answer } from "~/domain/api-contract";

export const RouteProofSchema = z.object({
  receiverName: z.boolean(),
  signature: z.boolean(),
  photo: z.boolean(),
  codPhoto: z.boolean(),
});

export const LatLngSchema = z.object({ lat: z.number(), lng: z.number() });

/** One stop: the order, where it goes, what the driver needs there, and whether it is done. */
export const RouteStopSchema = z.object({
  orderId: z.number(),
  orderNumber: z.string(),
  customerName: z.string(),
  orderType: z.string(),
  orderStatus: z.string(),
  addressLines: z.array(z.string()),
  mapsUrl: z.nullable(z.string()),
  orderDate: z.string(),
  /** Cash to collect at the door, in cents; null when the stop is not cash on delivery (or hidden). */
  codDueCents: z.nullable(z.number()),
  requiredProof: RouteProofSchema,
  done: z.boolean(),
  warehouseLocation: z.string(),
  /** The delivery address's map point, for 'sort by distance from the warehouse'; null when unknown. */
  point: z.nullable(LatLngSchema),
});

export const DriverDaySchema = z.object({
  driverId: z.number(),
  driverName: z.string(),
  driverEmail: z.string(),
  /** The driver's area: the warehouses and order types he delivers (empty: every one). */
  locationIds: z.array(z.string()),
  orderTypes: z.array(z.string()),
  /** The stops in order (position 1 first): the PUT's `expected` for the next save. */
  stops: z.array(RouteStopSchema),
});

/** GET /api/delivery/routes?date=YYYY-MM-DD: the day's plan the viewer may see. */
export const DayPlanSchema = z.object({
  date: z.string(),
  /** Whether the viewer may change the plan (holds delivery:plan). */
  canPlan: z.boolean(),
  drivers: z.array(DriverDaySchema),
  /** Open deliveries in the planner's scope on no route that day (empty for drivers). */
  unplanned: z.array(RouteStopSchema),
  /** The warehouses' map points by location id: where 'sort by distance' starts. */
  warehousePoints: z.record(z.string(), LatLngSchema),
});
export const DayPlanAnswer = answer(DayPlanSchema);

/** PUT /api/delivery/routes/{driverId}: a driver's day as the ordered order ids; `expected` is the list the planner started from. */
export const DriverDayBodySchema = z.object({
  date: z.string(),
  orderIds: z.array(z.number()),
  expected: z.array(z.number()),
});
export const DriverDayAnswer = answer(DriverDaySchema);

/** GET /api/delivery/my-route?date=: the signed-in driver's stops for the day (today by default). */
export const MyRouteSchema = z.object({ date: z.string(), stops: z.array(RouteStopSchema) });
export const MyRouteAnswer = answer(MyRouteSchema);

export type RouteStop = z.output<typeof RouteStopSchema>;
export type DriverDay = z.output<typeof DriverDaySchema>;
export type DayPlan = z.output<typeof DayPlanSchema>;
export type DriverDayBody = z.output<typeof DriverDayBodySchema>;
export type MyRoute = z.output<typeof MyRouteSchema>;
