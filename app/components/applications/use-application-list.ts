// The applications list state: search (600 ms debounce; a date input for decisionDate), status filter, sort
// (decision date descending by default, a header starts ascending) and page, from /api/applications; the
// loader's first page is used as is (decision 008). Refresh reloads the list and the KPIs.
import { useCallback, useEffect, useRef, useState } from "react";
import { useDebounced } from "~/components/returns/shared";
import { appListUrl, fetchAppKpis, fetchApplications, type ApplicationKpis, type ApplicationView, type AppListState } from "./api";

export const APP_PAGE_SIZE = 50;
export const INITIAL_APP_LIST: AppListState = { search: "", searchBy: "companyName", status: "", sort: "decisionDate", dir: "", page: 1 };

type Load = { status: "loading" | "ready" | "error"; rows: ApplicationView[]; total: number; error?: string };

export function useApplicationList(first: { rows: ApplicationView[]; total: number; error?: string }, firstKpis: ApplicationKpis | null) {
  const [query, setQuery] = useState<AppListState>(INITIAL_APP_LIST);
  const search = useDebounced(query.search);
  const [reloadKey, setReloadKey] = useState(0);
  const [load, setLoad] = useState<Load>(first.error ? { status: "error", rows: [], total: 0, error: first.error } : { status: "ready", rows: first.rows, total: first.total });
  const [kpis, setKpis] = useState(firstKpis);
  const firstUrl = useRef(appListUrl(INITIAL_APP_LIST, APP_PAGE_SIZE));
  const url = appListUrl({ ...query, search }, APP_PAGE_SIZE);

  useEffect(() => {
    if (url === firstUrl.current && reloadKey === 0) return;
    const controller = new AbortController();
    setLoad((l) => ({ ...l, status: "loading" }));
    fetchApplications(url, controller.signal)
      .then((r) => setLoad({ status: "ready", rows: r.rows, total: r.total }))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: "error", rows: [], total: 0, error: (e as Error).message || "An error occurred" });
      });
    return () => controller.abort();
  }, [url, reloadKey]);

  const refresh = useCallback(() => {
    setReloadKey((k) => k + 1);
    fetchAppKpis().then(setKpis, () => undefined);
  }, []);

  const replaceRow = useCallback((row: ApplicationView) => {
    setLoad((l) => ({ ...l, rows: l.rows.map((r) => (r._id === row._id ? row : r)) }));
    fetchAppKpis().then(setKpis, () => undefined);
  }, []);

  return { query, setQuery, load, kpis, refresh, replaceRow, searching: query.search !== search };
}
