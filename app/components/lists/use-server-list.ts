// The state a server-paged review list keeps (Return Forms, Customer Applications): search (600 ms debounce),
// field, status filter, sort and page, fetched from its /api list; the loader's first page is used as is
// (decision 008). Refresh reloads the list and the KPIs; a failed page shows the server's text.
import { useCallback, useEffect, useRef, useState } from "react";
import { useDebounced } from "~/components/returns/shared";

export type ListQuery = { search: string; searchBy: string; status: string; sort: string; dir: "asc" | "desc" | ""; page: number };
export type ListLoad<Row> = { status: "loading" | "ready" | "error"; rows: Row[]; total: number; error?: string };
type Page<Row> = { rows: Row[]; total: number };

/** Where a list's rows come from. Keep it a module constant: the hook's callbacks depend on it. */
export type ListSource<Row, Query extends ListQuery, Kpis> = {
  path: string;
  initial: Query;
  pageSize: number;
  /** `initial.sort` is the newest-first field (descending while no direction is chosen); `descFirst`: its header starts descending too. */
  descFirst: boolean;
  fetchRows: (url: string, signal: AbortSignal) => Promise<Page<Row>>;
  fetchKpis: () => Promise<Kpis>;
};

export function listQueryUrl(path: string, q: ListQuery, limit: number): string {
  const p = new URLSearchParams({ page: String(q.page), limit: String(limit), searchBy: q.searchBy, sort: q.sort });
  if (q.search.trim()) p.set("search", q.search.trim());
  if (q.status) p.set("status", q.status);
  if (q.dir) p.set("dir", q.dir);
  return `${path}?${p}`;
}

export function useServerList<Row, Query extends ListQuery, Kpis>(source: ListSource<Row, Query, Kpis>, first: Page<Row> & { error?: string }, firstKpis: Kpis | null) {
  const [query, setQuery] = useState<Query>(source.initial);
  const search = useDebounced(query.search);
  const [reloadKey, setReloadKey] = useState(0);
  const [load, setLoad] = useState<ListLoad<Row>>(first.error ? { status: "error", rows: [], total: 0, error: first.error } : { status: "ready", rows: first.rows, total: first.total });
  const [kpis, setKpis] = useState(firstKpis);
  const firstUrl = useRef(listQueryUrl(source.path, source.initial, source.pageSize));
  const url = listQueryUrl(source.path, { ...query, search }, source.pageSize);

  useEffect(() => {
    if (url === firstUrl.current && reloadKey === 0) return;
    const controller = new AbortController();
    setLoad((l) => ({ ...l, status: "loading" }));
    source
      .fetchRows(url, controller.signal)
      .then((r) => setLoad({ status: "ready", rows: r.rows, total: r.total }))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: "error", rows: [], total: 0, error: (e instanceof Error && e.message) || "An error occurred" });
      });
    return () => controller.abort();
  }, [source, url, reloadKey]);

  const reloadKpis = useCallback(() => {
    source.fetchKpis().then(setKpis, () => undefined);
  }, [source]);
  const refresh = useCallback(() => {
    setReloadKey((k) => k + 1);
    reloadKpis();
  }, [reloadKpis]);
  const mapRows = useCallback((fn: (row: Row) => Row) => setLoad((l) => ({ ...l, rows: l.rows.map(fn) })), []);

  const dirOf = (q: Query) => q.dir || (q.sort === source.initial.sort ? "desc" : "asc");
  return {
    query,
    setQuery,
    load,
    kpis,
    refresh,
    reloadKpis,
    mapRows,
    searching: query.search !== search,
    dir: dirOf(query),
    pages: Math.max(1, Math.ceil(load.total / source.pageSize)),
    /** The same header flips the direction; another starts ascending (or descending for the newest-first field when `descFirst`). */
    sortBy: (key: Query["sort"]) =>
      setQuery((q) => ({ ...q, page: 1, sort: key, dir: q.sort === key ? (dirOf(q) === "asc" ? "desc" : "asc") : source.descFirst && key === source.initial.sort ? "desc" : "asc" })),
    searchIn: (searchBy: Query["searchBy"]) => setQuery((q) => ({ ...q, page: 1, searchBy, search: "" })),
    searchFor: (text: string) => setQuery((q) => ({ ...q, page: 1, search: text })),
    filterStatus: (status: string) => setQuery((q) => ({ ...q, page: 1, status })),
    turnPage: (by: number) => setQuery((q) => ({ ...q, page: q.page + by })),
    clear: () => setQuery(source.initial),
  };
}
