// Browser calls of the Order Tracking screen (spec 001 §7): list, KPIs, update, history, lines, workers.
import { QUICK_FILTERS, SEARCH_FIELDS } from "~/domain/orders/constants";
import { EMPTY_FILTERS, type HistoryEntry, type Kpis, type ListQuery, type ListResult, type OrderRow, type SalesOrderLine, type UpdateBody } from "./types";

export type Json = Record<string, unknown>;

async function readJson(res: Response): Promise<Json> {
  try {
    const body = (await res.json()) as unknown;
    return body && typeof body === "object" ? (body as Json) : {};
  } catch {
    return {};
  }
}

function errorText(body: Json, fallback: string): string {
  return typeof body.error === "string" && body.error ? body.error : typeof body.message === "string" && body.message ? body.message : fallback;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Json,
  ) {
    super(message);
  }
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

/** The body of GET /api/order-trackers (or the page loader's copy of it) as the screen reads it; a failure throws. */
export function readListBody(body: Json, q: Pick<ListQuery, "page">, status = 200): ListResult {
  if (status >= 400 || body.success === false) throw new ApiError(errorText(body, "Failed to fetch order trackers"), status, body);
  const rows = Array.isArray(body.data) ? (body.data as OrderRow[]) : [];
  const pg = (body.pagination ?? {}) as Partial<ListResult["pagination"]>;
  const meta = (body.meta ?? {}) as { allowedOrderTypes?: unknown };
  return {
    rows,
    pagination: { page: Number(pg.page ?? q.page), pages: Math.max(1, Number(pg.pages ?? 1)), total: Number(pg.total ?? rows.length) },
    allowedOrderTypes: Array.isArray(meta.allowedOrderTypes) ? (meta.allowedOrderTypes as string[]) : null,
  };
}

export async function fetchOrders(q: ListQuery, signal?: AbortSignal): Promise<ListResult> {
  const res = await fetch(listUrl(q), { signal, headers: { Accept: "application/json" } });
  return readListBody(await readJson(res), q, res.status);
}

/** The body of GET /api/order-trackers/kpis (or the page loader's copy of it); a failure throws. */
export function readKpisBody(body: Json, status = 200): Kpis {
  const data = body.data as Partial<Kpis> | undefined;
  if (status >= 400 || !data || typeof data.ordersToday !== "number") throw new ApiError(errorText(body, "KPIs unavailable"), status, body);
  return { ordersToday: data.ordersToday, awaitingTrucking: data.awaitingTrucking === null ? null : Number(data.awaitingTrucking ?? 0), notDelivered: Number(data.notDelivered ?? 0) };
}

export async function fetchKpis(signal?: AbortSignal): Promise<Kpis> {
  const res = await fetch("/api/order-trackers/kpis", { signal });
  return readKpisBody(await readJson(res), res.status);
}

export type UpdateOutcome =
  | { kind: "saved"; row: OrderRow }
  | { kind: "conflict"; message: string; row: OrderRow | null }
  | { kind: "failed"; message: string };

export async function updateOrder(id: OrderRow["_id"], payload: UpdateBody): Promise<UpdateOutcome> {
  let res: Response;
  try {
    res = await fetch(`/api/order-trackers/${encodeURIComponent(String(id))}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    });
  } catch {
    return { kind: "failed", message: "Network error" };
  }
  const body = await readJson(res);
  if (res.status === 409) {
    return { kind: "conflict", message: errorText(body, "This order was changed by someone else."), row: (body.data as OrderRow | undefined) ?? null };
  }
  if (!res.ok || body.success === false) return { kind: "failed", message: errorText(body, `Request failed (${res.status})`) };
  return { kind: "saved", row: body.data as OrderRow };
}

export async function fetchHistory(orderNumber: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const res = await fetch(`/api/order-trackers/${encodeURIComponent(orderNumber)}/history`, { signal });
  const body = await readJson(res);
  if (!res.ok || body.success === false) throw new ApiError(errorText(body, "Failed to load history"), res.status, body);
  const timeline = (body.data as { timeline?: unknown } | undefined)?.timeline;
  return Array.isArray(timeline) ? (timeline as HistoryEntry[]) : [];
}

export async function fetchOrderLines(orderNumber: string, signal?: AbortSignal): Promise<SalesOrderLine[]> {
  const res = await fetch(`/api/sales-orders/by-order-number/${encodeURIComponent(orderNumber)}?include=lines`, { signal });
  const body = await readJson(res);
  if (!res.ok || body.success === false) throw new ApiError(errorText(body, "Failed to load items"), res.status, body);
  const lines = body.lines ?? (body.data as Json | undefined)?.lines;
  return Array.isArray(lines)
    ? (lines as SalesOrderLine[]).map((l) => ({ ...l, quantity: Number(l.quantity) || 0, unitPrice: Number(l.unitPrice) || 0, images: Array.isArray(l.images) ? l.images : [] }))
    : [];
}

export async function fetchWorkerOptions(signal?: AbortSignal): Promise<string[]> {
  const res = await fetch("/api/warehouse-workers/options", { signal });
  const body = await readJson(res);
  if (!res.ok || !Array.isArray(body.data)) throw new ApiError(errorText(body, "Failed to load workers"), res.status, body);
  return body.data as string[];
}

/** Whether the order's digital pick list is completed (the warehouse employee's reminder); null when unknown. */
export async function fetchPickListCompleted(id: OrderRow["_id"], signal?: AbortSignal): Promise<boolean | null> {
  const res = await fetch(`/api/order-trackers/${encodeURIComponent(String(id))}/release-order/status`, { signal });
  if (!res.ok) return null;
  const body = await readJson(res);
  return typeof body.completedAt === "string" && body.completedAt !== "";
}
