// The Customer Applications screen's calls through the one client (app/lib/api-client.ts) and the
// applications contract: the list (under `data`, with totals), KPIs, files, upload (with progress), edit,
// decision and /submit-feedback. Reads throw the client's ApiFailure; writes answer an ApiResult (plain
// words, field errors, and for a 409 the current application).
import type * as z from "zod/mini";
import type { ApplicationEditRequest, ApplicationKpis, ApplicationView, DecisionRequest, DecisionResult, FileRecord } from "~/domain/applications/contract";
import { apiFetch, apiGet, apiUpload, contractOf, type ApiResult } from "~/lib/api-client";

export type { ApplicationKpis, ApplicationView, FileRecord };

/** The applications contract, loaded with the first call instead of the first paint (zod stays off the first load). */
export const contract = contractOf(() => import("~/domain/applications/contract"));

export type AppListState = { search: string; searchBy: string; status: string; sort: string; dir: "asc" | "desc" | ""; page: number };

export async function fetchApplications(url: string, signal?: AbortSignal): Promise<{ rows: ApplicationView[]; total: number }> {
  const body = await apiGet(url, contract("ApplicationListAnswer"), { signal });
  return { rows: body.data, total: body.pagination.total };
}

export function fetchAppKpis(): Promise<ApplicationKpis> {
  return apiGet("/api/applications/kpis", contract("ApplicationKpisAnswer"));
}

export function fetchFiles(id: number): Promise<FileRecord[]> {
  return apiGet(`/api/applications/${id}/files`, contract("FilesAnswer"));
}

export function uploadFiles(id: number, form: FormData, onProgress: (fraction: number) => void): Promise<ApiResult<{ files: FileRecord[] }>> {
  return apiUpload(`/api/applications/${id}/files`, contract("FilesUploadAnswer"), form, { onProgress });
}

export function decideApplication(id: number, body: z.output<typeof DecisionRequest>): Promise<ApiResult<DecisionResult>> {
  return apiFetch(`/api/applications/${id}/decision`, contract("DecisionAnswer"), { method: "PATCH", json: body });
}

export function editApplication(id: number, body: z.output<typeof ApplicationEditRequest>): Promise<ApiResult<ApplicationView>> {
  return apiFetch(`/api/applications/${id}`, contract("ApplicationEditAnswer"), { method: "PATCH", json: body });
}

export function submitFeedback(companyID: string, feedback: "positive" | "negative"): Promise<ApiResult<unknown>> {
  return apiFetch(`/submit-feedback?${new URLSearchParams({ companyID, feedback })}`, contract("FeedbackAnswer"));
}
