// The report lists' query strings (spec 002 §7) and the status update, parsed with zod at the boundary.
// Client-safe: the list modals build their URLs from the same names.
import { z } from "zod";
import { integerParam } from "../numbers";
import { DEVANNING_STATUSES, MAX_REPORT_PAGE_SIZE, REPORT_PAGE_SIZE, STOCK_TRANSFER_STATUSES, isRealDay } from "./constants";

const optionalText = z.string().trim().max(200).optional().transform((v) => (v ? v : undefined));
const optionalDay = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isRealDay(v), "must be a date (YYYY-MM-DD)");
function optionalStatus<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (v === "" || v === "all" ? undefined : v), z.enum(values, { error: `status must be one of ${values.join(", ")}` }).optional());
}
const paging = {
  page: integerParam(1, 100_000).transform((v) => v ?? 1),
  limit: integerParam(1, MAX_REPORT_PAGE_SIZE).transform((v) => v ?? REPORT_PAGE_SIZE),
};

export const stockTransferListSchema = z.object({
  ...paging,
  search: optionalText,
  status: optionalStatus(STOCK_TRANSFER_STATUSES),
  receivingLocation: optionalText,
  dateFrom: optionalDay,
  dateTo: optionalDay,
});
export type StockTransferListQuery = z.infer<typeof stockTransferListSchema>;

export const devanningListSchema = z.object({
  ...paging,
  search: optionalText,
  status: optionalStatus(DEVANNING_STATUSES),
  containerNumber: optionalText,
  dateFrom: optionalDay,
  dateTo: optionalDay,
});
export type DevanningListQuery = z.infer<typeof devanningListSchema>;

export const stockTransferStatusSchema = z.object({
  status: z.enum(STOCK_TRANSFER_STATUSES, { error: `status must be one of ${STOCK_TRANSFER_STATUSES.join(", ")}` }),
});

/** The query string a list screen sends: only the filters that are set. */
export function listSearch(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") params.set(k, String(v));
  return params.toString();
}

export type ListPage<T> = { success: true; reports: T[]; total: number; totalPages: number; page: number; limit: number; message?: string };
