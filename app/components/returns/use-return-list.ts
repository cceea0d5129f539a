// The Return Forms list state: search (600 ms debounce), field, status filter, sort and page, fetched from
// /api/return-requests; the loader's first page is used as is (decision 008). Refresh reloads list and KPIs.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiFailure, fetchKpis, fetchReturns, listUrl, type ListState, type ReturnKpis, type ReturnRequestView } from "./api";
import { useDebounced } from "./shared";

export const PAGE_SIZE = 50;

export type ListLoad = { status: "loading" | "ready" | "error"; rows: ReturnRequestView[]; total: number; error?: string };

export const INITIAL_LIST: ListState = { search: "", searchBy: "companyName", status: "", sort: "submittedAt", dir: "", page: 1 };

export function useReturnList(first: { rows: ReturnRequestView[]; total: number; error?: string }, firstKpis: ReturnKpis | null) {
  const [query, setQuery] = useState<ListState>(INITIAL_LIST);
  const search = useDebounced(query.search);
  const [reloadKey, setReloadKey] = useState(0);
  const [load, setLoad] = useState<ListLoad>(first.error ? { status: "error", rows: [], total: 0, error: first.error } : { status: "ready", rows: first.rows, total: first.total });
  const [kpis, setKpis] = useState(firstKpis);
  const firstUrl = useRef(listUrl(INITIAL_LIST, PAGE_SIZE));

  const effective: ListState = { ...query, search };
  const url = listUrl(effective, PAGE_SIZE);

  useEffect(() => {
    if (url === firstUrl.current && reloadKey === 0) return;
    const controller = new AbortController();
    setLoad((l) => ({ ...l, status: "loading" }));
    fetchReturns(url, controller.signal)
      .then((r) => setLoad({ status: "ready", rows: r.rows, total: r.total }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ status: "error", rows: [], total: 0, error: e instanceof ApiFailure || e instanceof Error ? e.message || "An error occurred" : "An error occurred" });
      });
    return () => controller.abort();
  }, [url, reloadKey]);

  const refresh = useCallback(() => {
    setReloadKey((k) => k + 1);
    fetchKpis().then(setKpis, () => undefined);
  }, []);

  const replaceRow = useCallback((row: ReturnRequestView) => {
    setLoad((l) => ({ ...l, rows: l.rows.map((r) => (r._id === row._id ? { ...r, ...row } : r)) }));
  }, []);

  return { query, setQuery, load, kpis, refresh, replaceRow, searching: query.search !== search };
}
