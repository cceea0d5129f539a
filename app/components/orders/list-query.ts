// Order Tracking's list query: what the screen starts with and the /api URL that asks for it (spec 001 §2, §7).
// Pure, and in the screen's first load: the page loader answers exactly this first request.
import { QUICK_FILTERS, SEARCH_FIELDS } from "~/domain/orders/constants";
import { EMPTY_FILTERS, type ListQuery } from "./types";

/**
 * The query the screen starts with: the entry search of spec 001 §2 (`?search=&searchBy=`) from the page's
 * URL, everything else at its default. The page loader and the screen both start from it, so the loader
 * answers exactly the first request the screen would otherwise make.
 */
export function initialListQuery(params: URLSearchParams, pageSize: number): ListQuery {
  const searchBy = params.get("searchBy") ?? "";
  // A home KPI tile links here with its quick filter (?quick=today|awaitingTrucking|notDelivered).
  const quick = params.get("quick") ?? "";
  return {
    page: 1,
    limit: pageSize,
    search: params.get("search") ?? "",
    searchBy: (SEARCH_FIELDS as readonly string[]).includes(searchBy) ? searchBy : "customerOrOrder",
    sort: "",
    dir: "",
    quick: (QUICK_FILTERS as readonly string[]).includes(quick) ? (quick as ListQuery["quick"]) : "",
    filters: EMPTY_FILTERS,
  };
}

/** The list URL: only set parameters are sent, so the server sees exactly the spec's query. */
export function listUrl(q: ListQuery): string {
  const p = new URLSearchParams({ page: String(q.page), limit: String(q.limit), light: "true" });
  // A half-typed date would only earn a 400: the order date is searched once it is a whole day.
  const partialDate = q.searchBy === "orderDate" && !/^\d{4}-\d{2}-\d{2}$/.test(q.search.trim());
  if (q.search.trim() && !partialDate) {
    p.set("search", q.search.trim());
    p.set("searchBy", q.searchBy);
  }
  if (q.sort && q.dir) {
    p.set("sort", q.sort);
    p.set("dir", q.dir);
  }
  for (const [key, value] of Object.entries(q.filters)) if (value) p.set(key, value);
  if (q.quick) p.set("quick", q.quick);
  return `/api/order-trackers?${p}`;
}
