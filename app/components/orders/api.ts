// Browser calls of the Order Tracking screen (spec 001 §7): list, KPIs, update, history, lines, workers. Each
// goes through the one client (app/lib/api-client.ts) and is read by its contract (app/domain/orders/contract.ts).
// The contract is loaded with the first call, not the first paint (decision 038), and so is the client: the
// screen's first page comes with the document, so its first call comes later (decision 045, third pass). The
// loader's first page is read on the server (first-page.server.ts).
import type { LazySchema } from "~/lib/api-client";
import type { FieldErrors } from "~/domain/api-messages";
import { QUICK_FILTERS, SEARCH_FIELDS } from "~/domain/orders/constants";
import type * as Contract from "~/domain/orders/contract";
import type { HistoryEntry, Kpis, ListResult, OrderRow, SalesOrderLine, UpdateBody } from "~/domain/orders/contract";
import { EMPTY_FILTERS, type ListQuery } from "./types";

const client = () => import("~/lib/api-client");

/** A contract by name, loaded with the first call that reads it (api-client's contractOf, without loading the client). */
function contract<K extends keyof typeof Contract>(name: K): LazySchema<(typeof Contract)[K]> {
  let loading: Promise<(typeof Contract)[K]> | null = null;
  const load = () => import("~/domain/orders/contract").then((m) => m[name]);
  return { lazy: () => (loading ??= load().catch((error: unknown) => ((loading = null), Promise.reject(error)))) };
}

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

/** A page of the list; a failure throws an ApiFailure with plain words (the caller's abort rethrows). */
export async function fetchOrders(q: ListQuery, signal?: AbortSignal): Promise<ListResult> {
  return (await client()).apiGet(listUrl(q), contract("OrderListAnswer"), { signal });
}

export async function fetchKpis(signal?: AbortSignal): Promise<Kpis> {
  return (await client()).apiGet("/api/order-trackers/kpis", contract("KpisAnswer"), { signal });
}

export type UpdateOutcome =
  | { kind: "saved"; row: OrderRow }
  | { kind: "conflict"; message: string; row: OrderRow | null }
  | { kind: "failed"; message: string; fieldErrors: FieldErrors };

export async function updateOrder(id: OrderRow["_id"], payload: UpdateBody): Promise<UpdateOutcome> {
  const { apiFetch, parseContract } = await client();
  const res = await apiFetch(`/api/order-trackers/${encodeURIComponent(String(id))}`, contract("OrderUpdateAnswer"), { method: "PUT", json: payload });
  if (res.ok) return { kind: "saved", row: res.data };
  if (res.error.status === 409) {
    // The 409 carries the row as it is now: the stepper restarts from it.
    const current = await parseContract(contract("OrderRowSchema"), res.error.data);
    return { kind: "conflict", message: res.error.message, row: current };
  }
  return { kind: "failed", message: res.error.message, fieldErrors: res.error.fieldErrors };
}

export async function fetchHistory(orderNumber: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const data = await (await client()).apiGet(`/api/order-trackers/${encodeURIComponent(orderNumber)}/history`, contract("OrderHistoryAnswer"), { signal });
  return data.timeline;
}

export async function fetchOrderLines(orderNumber: string, signal?: AbortSignal): Promise<SalesOrderLine[]> {
  const data = await (await client()).apiGet(`/api/sales-orders/by-order-number/${encodeURIComponent(orderNumber)}?include=lines`, contract("SalesOrderLinesAnswer"), { signal });
  // A viewer who may not see prices gets no unitPrice: the detail shows 0, as before.
  return (data.lines ?? []).map((l) => ({ ...l, unitPrice: l.unitPrice ?? 0 }));
}

export async function fetchWorkerOptions(signal?: AbortSignal): Promise<string[]> {
  return (await client()).apiGet("/api/warehouse-workers/options", contract("WorkerOptionsAnswer"), { signal });
}

// The release-order calls (the pick list's status included) are the documents area's pickListApi.
