// The Order Tracking list query string (GET /api/order-trackers), parsed with zod at the boundary.
// Client-safe: the screen builds its URLs from the same names.
import { z } from "zod";
import { integerParam } from "../numbers";
import { MAX_LIMIT, QUICK_FILTERS, SEARCH_FIELDS, SORT_FIELDS } from "./constants";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Blank query values count as absent (`?search=&sort=` from a cleared input). */
const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));

function optionalEnum<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (v === "" ? undefined : v), z.enum(values).optional());
}

const flag = z.preprocess((v) => (v === "" ? undefined : v), z.enum(["true", "false", "1", "0"]).optional()).transform((v) => v === "true" || v === "1");

export const orderListQuerySchema = z
  .object({
    page: integerParam(1, 1_000_000).transform((v) => v ?? 1),
    limit: integerParam(1, MAX_LIMIT, `limit must be at most ${MAX_LIMIT}`),
    light: flag,
    search: optionalText,
    searchBy: z.preprocess((v) => (v === "" ? undefined : v), z.enum(SEARCH_FIELDS).default("customerOrOrder")),
    sort: optionalEnum(SORT_FIELDS),
    dir: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["asc", "desc"]).optional()),
    paymentStatus: optionalText,
    orderStatus: optionalText,
    orderType: optionalText,
    warehouseLocation: optionalText,
    truckingCompany: optionalText,
    quick: optionalEnum(QUICK_FILTERS),
  })
  .superRefine((q, ctx) => {
    if (q.searchBy === "orderDate" && q.search && !isRealDay(q.search)) {
      ctx.addIssue({ code: "custom", path: ["search"], message: "Order date must be YYYY-MM-DD" });
    }
  });

export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
