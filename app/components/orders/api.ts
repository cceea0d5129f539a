// Browser calls of the Order Tracking screen (spec 001 §7): list, KPIs, update, history, lines, workers. Each
// goes through the one client (app/lib/api-client.ts) and is read by its contract (app/domain/orders/contract.ts).
// The contract is loaded with the first call, not the first paint (decision 038), and so are this module and the
// client: the screen's first page comes with the document (decision 045, third pass). The loader's first page is
// read on the server (first-page.server.ts).
import { apiFetch, apiGet, contractOf, parseContract } from "~/lib/api-client";
import type { FieldErrors } from "~/domain/api-messages";
import type { HistoryEntry, Kpis, ListResult, OrderRow, SalesOrderLine, UpdateBody } from "~/domain/orders/contract";
import { listUrl } from "./list-query";
import type { ListQuery } from "./types";

// The list's query and URL live in list-query.ts (the screen's first load has them, not these calls); named here
// too for the modules and tests that take them from the screen's api.
export { initialListQuery, listUrl } from "./list-query";

const contract = contractOf(() => import("~/domain/orders/contract"));

/** A page of the list; a failure throws an ApiFailure with plain words (the caller's abort rethrows). */
export function fetchOrders(q: ListQuery, signal?: AbortSignal): Promise<ListResult> {
  return apiGet(listUrl(q), contract("OrderListAnswer"), { signal });
}

export function fetchKpis(signal?: AbortSignal): Promise<Kpis> {
  return apiGet("/api/order-trackers/kpis", contract("KpisAnswer"), { signal });
}

export type UpdateOutcome =
  | { kind: "saved"; row: OrderRow }
  | { kind: "conflict"; message: string; row: OrderRow | null }
  | { kind: "failed"; message: string; fieldErrors: FieldErrors };

export async function updateOrder(id: OrderRow["_id"], payload: UpdateBody): Promise<UpdateOutcome> {
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
  const data = await apiGet(`/api/order-trackers/${encodeURIComponent(orderNumber)}/history`, contract("OrderHistoryAnswer"), { signal });
  return data.timeline;
}

export async function fetchOrderLines(orderNumber: string, signal?: AbortSignal): Promise<SalesOrderLine[]> {
  const data = await apiGet(`/api/sales-orders/by-order-number/${encodeURIComponent(orderNumber)}?include=lines`, contract("SalesOrderLinesAnswer"), { signal });
  // A viewer who may not see prices gets no unitPrice: the detail shows 0, as before.
  return (data.lines ?? []).map((l) => ({ ...l, unitPrice: l.unitPrice ?? 0 }));
}

export function fetchWorkerOptions(signal?: AbortSignal): Promise<string[]> {
  return apiGet("/api/warehouse-workers/options", contract("WorkerOptionsAnswer"), { signal });
}

// The release-order calls (the pick list's status included) are the documents area's pickListApi.
