// The Customer Applications screen's calls: the list (under `data`, with totals), KPIs, files, upload, edit,
// decision and /submit-feedback. Failures carry the server's text and, for a 409, the current application.
import { ApiFailure, sendJson } from "~/components/returns/api";
import type { ApplicationKpis, ApplicationView, FileRecord } from "~/services/applications.server";

export type { ApplicationKpis, ApplicationView, FileRecord };
export { ApiFailure, sendJson };

export type AppListState = { search: string; searchBy: string; status: string; sort: string; dir: "asc" | "desc" | ""; page: number };

async function failure(res: Response, fallback: string) {
  const body = (await res.json().catch(() => null)) as { error?: string; message?: string; data?: unknown } | null;
  return new ApiFailure(body?.error || body?.message || fallback, res.status, body?.data);
}

export async function fetchApplications(url: string, signal?: AbortSignal): Promise<{ rows: ApplicationView[]; total: number }> {
  const res = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!res.ok) throw await failure(res, "Failed to fetch applications");
  const body = (await res.json()) as ApplicationView[] | { data: ApplicationView[]; pagination?: { total: number } };
  // Spec 000 §7: a bare list or an object with a data list.
  return Array.isArray(body) ? { rows: body, total: body.length } : { rows: body.data, total: body.pagination?.total ?? body.data.length };
}

export async function fetchAppKpis(): Promise<ApplicationKpis> {
  const res = await fetch("/api/applications/kpis");
  if (!res.ok) throw await failure(res, "Failed to load the figures");
  return ((await res.json()) as { data: ApplicationKpis }).data;
}

export async function fetchFiles(id: number): Promise<FileRecord[]> {
  const res = await fetch(`/api/applications/${id}/files`);
  if (!res.ok) throw await failure(res, "Unable to load");
  const body = (await res.json()) as FileRecord[] | { data: FileRecord[] };
  return Array.isArray(body) ? body : body.data;
}

export async function submitFeedback(companyID: string, feedback: "positive" | "negative"): Promise<void> {
  const res = await fetch(`/submit-feedback?${new URLSearchParams({ companyID, feedback })}`);
  if (!res.ok) throw await failure(res, "Feedback was not recorded");
}
