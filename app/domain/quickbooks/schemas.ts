// The zod schemas of /api/qb/customers (query and id), apart from customers.ts so screens do not ship zod.
import { z } from "zod";
import { integerParam } from "~/domain/numbers";
import { NAME_MAX, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from "./customers";

/** GET /api/qb/customers?name&limit: a missing name searches nothing in particular (the first customers). */
export const customerSearchQuerySchema = z.object({
  name: z
    .string()
    .max(NAME_MAX, `must be at most ${NAME_MAX} characters`)
    // Control characters cannot be part of a customer name and would only confuse the query.
    .refine((v) => ![...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f), "must not contain control characters")
    .default(""),
  limit: integerParam(1, SEARCH_LIMIT_MAX).transform((v) => v ?? SEARCH_LIMIT_DEFAULT),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuerySchema>;

/** QuickBooks ids are digits; anything else cannot name a customer (404, never a query). */
export const customerIdSchema = z.object({ id: z.string().regex(/^\d{1,20}$/) });
