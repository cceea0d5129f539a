// The Return Forms screen's calls: the list (a bare list, totals in headers), KPIs, one request, decisions,
// receiving, item images and reasons. Each failure carries the server's text and, for a 409, the current state.
import type { ReturnListQuery } from "~/domain/returns/schemas";
import type { ImageRecord, ReturnKpis, ReturnRequestView } from "~/services/returns.server";

export type { ImageRecord, ReturnKpis, ReturnRequestView };
export type HistoryEntry = { at: string; actor: string; action: string; changes: { field: string; before: unknown; after: unknown }[] };
export type ReturnDetailView = ReturnRequestView & { history: HistoryEntry[]; images: ImageRecord[] };
export type Reason = { id: number; label: string; active: boolean; position: number; version: number };

export type ListState = Pick<ReturnListQuery, "searchBy" | "sort" | "page"> & { search: string; status: string; dir: "asc" | "desc" | "" };

export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

async function readFailure(res: Response, fallback: string): Promise<ApiFailure> {
  const body = (await res.json().catch(() => null)) as { error?: string; data?: unknown } | null;
  return new ApiFailure(body?.error || fallback, res.status, body?.data);
}

export async function fetchReturns(url: string, signal?: AbortSignal): Promise<{ rows: ReturnRequestView[]; total: number }> {
  const res = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!res.ok) throw await readFailure(res, "Failed to fetch return requests");
  return { rows: (await res.json()) as ReturnRequestView[], total: Number(res.headers.get("X-Total-Count") ?? 0) };
}

export async function fetchKpis(): Promise<ReturnKpis> {
  const res = await fetch("/api/return-requests/kpis");
  if (!res.ok) throw await readFailure(res, "Failed to load the figures");
  return ((await res.json()) as { data: ReturnKpis }).data;
}

export async function fetchDetail(id: number): Promise<ReturnDetailView> {
  const res = await fetch(`/api/return-requests/${id}`);
  if (!res.ok) throw await readFailure(res, "Failed to load the request");
  return ((await res.json()) as { data: ReturnDetailView }).data;
}

export async function fetchItemImages(id: number, index: number): Promise<ImageRecord[]> {
  const res = await fetch(`/api/return-requests/${id}/items/${index}/images`);
  if (!res.ok) throw await readFailure(res, "Unable to load");
  return (await res.json()) as ImageRecord[];
}

export async function sendJson<T>(url: string, method: string, body: unknown, fallback: string): Promise<T> {
  const res = await fetch(url, { method, headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw await readFailure(res, fallback);
  return (await res.json()) as T;
}

export async function fetchReasons(all: boolean): Promise<Reason[]> {
  const res = await fetch(`/api/return-reasons${all ? "?all=1" : ""}`);
  if (!res.ok) throw await readFailure(res, "Failed to load the reasons");
  return ((await res.json()) as { data: Reason[] }).data;
}
