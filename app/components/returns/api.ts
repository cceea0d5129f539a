// The Return Forms screen's calls through the one client (app/lib/api-client.ts) and the returns contract:
// the list (a bare list, totals in headers), KPIs, one request, decisions, receiving, item images and reasons.
// Reads throw the client's ApiFailure (plain words); writes answer an ApiResult (field errors, a 409's row).
// The contract is loaded with the first call, not the first paint (zod stays off the page's first load).
import type * as z from "zod/mini";
import type { HistoryEntry, ImageRecord, ItemStatusRequest, ReceivingRequest, ReturnDetailView, ReturnKpis, ReturnReason, ReturnRequestView, ReturnStatusRequest } from "~/domain/returns/contract";
import type { ReturnListQuery } from "~/domain/returns/schemas";
import { apiFetch, apiGet, ApiFailure, contractOf, type ApiResult } from "~/lib/api-client";

export type { HistoryEntry, ImageRecord, ReturnDetailView, ReturnKpis, ReturnReason as Reason, ReturnRequestView };

const contract = contractOf(() => import("~/domain/returns/contract"));

export type ListState = Pick<ReturnListQuery, "searchBy" | "sort" | "page"> & { search: string; status: string; dir: "asc" | "desc" | "" };

/** GET /api/return-requests. Its total travels in X-Total-Count (spec 000 §7), read from the answer's headers. */
export async function fetchReturns(url: string, signal?: AbortSignal): Promise<{ rows: ReturnRequestView[]; total: number }> {
  const result = await apiFetch(url, contract("ReturnListAnswer"), { signal });
  if (!result.ok) throw new ApiFailure(result.error);
  return { rows: result.data, total: Number(result.headers?.get("X-Total-Count") ?? 0) };
}

export function fetchKpis(): Promise<ReturnKpis> {
  return apiGet("/api/return-requests/kpis", contract("ReturnKpisAnswer"));
}

export function fetchDetail(id: number): Promise<ReturnDetailView> {
  return apiGet(`/api/return-requests/${id}`, contract("ReturnDetailAnswer"));
}

export function fetchItemImages(id: number, index: number): Promise<ImageRecord[]> {
  return apiGet(`/api/return-requests/${id}/items/${index}/images`, contract("ItemImagesAnswer"));
}

export function fetchReasons(all: boolean): Promise<ReturnReason[]> {
  return apiGet(`/api/return-reasons${all ? "?all=1" : ""}`, contract("ReasonsAnswer"));
}

export function addReason(label: string): Promise<ApiResult<ReturnReason>> {
  return apiFetch("/api/return-reasons", contract("ReasonAnswer"), { json: { label } });
}

export function setReasonActive(reason: ReturnReason, active: boolean): Promise<ApiResult<ReturnReason>> {
  return apiFetch(`/api/return-reasons/${reason.id}`, contract("ReasonAnswer"), { method: "PATCH", json: { active, version: reason.version } });
}

export function decideRequest(id: number, body: z.output<typeof ReturnStatusRequest>): Promise<ApiResult<ReturnRequestView>> {
  return apiFetch(`/api/return-requests/${id}/status`, contract("ReturnDecisionAnswer"), { method: "PATCH", json: body });
}

export function decideItem(id: number, index: number, body: z.output<typeof ItemStatusRequest>): Promise<ApiResult<ReturnRequestView>> {
  return apiFetch(`/api/return-requests/${id}/items/${index}/status`, contract("ReturnDecisionAnswer"), { method: "PATCH", json: body });
}

export function recordReceipt(id: number, body: z.output<typeof ReceivingRequest>): Promise<ApiResult<ReturnRequestView>> {
  return apiFetch(`/api/return-requests/${id}/receiving`, contract("ReceivingAnswer"), { json: body });
}

export function clearReview(id: number, version: number): Promise<ApiResult<ReturnRequestView>> {
  return apiFetch(`/api/return-requests/${id}/receiving`, contract("ReceivingAnswer"), { method: "DELETE", json: { version } });
}
