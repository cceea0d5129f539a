// The Order Tracking list state: query (search, filters, sort, quick filter, page), fetching with abort,
// phone-style appending for infinite scroll, and KPIs with a fallback computed from the loaded rows.
// The first page and KPIs arrive with the page (loader data, docs/decisions/008-page-data.md); /api is
// asked only when the query changes or the list is reloaded.
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isDeliveredOrReleased, normalizeTrucking } from "~/domain/orders/status";
import type { ApiAnswer, ApiResult } from "~/lib/api-client";
import { whenIdle } from "~/lib/when-idle";
import { useMaxWidth } from "~/lib/use-max-width";
import type { Kpis, ListFilters, ListQuery, ListResult, OrderRow, Pagination, Quick, SortDir } from "./types";

/**
 * What the page loader brought: the first list request's and the KPIs' /api answers, read by their contracts on the
 * server (first-page.server.ts). `rest`: the list is the first screen of a long page, whose rest is still to ask (first-screen.ts).
 */
export type OrderListInitialData = { list: ApiAnswer<ListResult>; kpis: ApiAnswer<Kpis>; rest?: boolean };

/** Search waits this long after the last keystroke (spec 001 §9). */
export const SEARCH_DEBOUNCE_MS = 600;

/** KPI failure: the same three counts over the rows on screen (spec 001 §8). */
export function kpisFromRows(rows: readonly OrderRow[], today: string): Kpis {
  return {
    ordersToday: rows.filter((r) => (r.orderDate ?? "").slice(0, 10) === today).length,
    awaitingTrucking: rows.filter((r) => !normalizeTrucking(r.truckingCompany)).length,
    notDelivered: rows.filter((r) => !isDeliveredOrReleased(r.orderStatus)).length,
  };
}

// The calls (with the api client and the contracts) load with the first one: the first page and the figures come
// with the document (decision 045, third pass).
const calls = () => import("./api");

function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

function settled<T>(result: ApiResult<T>): { value: T; error: null } | { value: null; error: string } {
  return result.ok ? { value: result.data, error: null } : { value: null, error: result.error.message };
}

export function useOrderList({ initialQuery, initialData, ready, append }: {
  /** The query of the first page (initialListQuery); read once, at mount. */
  initialQuery: ListQuery;
  /** The first page and KPIs from the loader, answered for `initialQuery`; read once, at mount. */
  initialData?: OrderListInitialData | null;
  /** False until the layout (phone or desktop) is known, so the first request is not thrown away. */
  ready: boolean;
  /** Phone: later pages are appended (infinite scroll) instead of replacing the rows. */
  append: boolean;
}) {
  // The first query and what the loader answered for it: the screen starts from them without asking again.
  const [first] = useState(() => ({
    query: initialQuery,
    list: initialData ? settled<ListResult>(initialData.list) : null,
    kpis: initialData ? settled<Kpis>(initialData.kpis) : null,
  }));
  const [searchInput, setSearchInput] = useState(first.query.search);
  const [query, setQuery] = useState<ListQuery>(first.query);
  const [rows, setRows] = useState<OrderRow[]>(first.list?.value?.rows ?? []);
  const [pagination, setPagination] = useState<Pagination>(first.list?.value?.pagination ?? { page: 1, pages: 1, total: 0 });
  const [allowedOrderTypes, setAllowedOrderTypes] = useState<string[] | null>(first.list?.value?.allowedOrderTypes ?? null);
  const [status, setStatus] = useState<{ loading: boolean; error: string | null }>({ loading: !first.list, error: first.list?.error ?? null });
  const [kpis, setKpis] = useState<Kpis | null>(first.kpis?.value ?? null);
  const [kpiFailed, setKpiFailed] = useState(!!first.kpis?.error);
  const [reloadKey, setReloadKey] = useState(0);
  // The rest of a long first page (a warehouse's 500 rows after the document's first 50): asked when the reader
  // scrolls toward the end of the first screen (decision 045), not at hydration, where reading and drawing 500
  // rows blocked the main thread. A search, filter or sort asks for its own whole page instead.
  const [rest, setRest] = useState(!!initialData?.rest && !!first.list?.value);
  const [restWanted, setRestWanted] = useState(false);
  const fresh = query === first.query && reloadKey === 0;
  const fillingRest = fresh && rest && restWanted;
  const appendRef = useRef(append);
  appendRef.current = append;

  // The calls come when the page is idle, so that a search made with no signal later finds them.
  useEffect(() => whenIdle(() => void calls().catch(() => {})), []);

  // Debounced search: the typed text reaches the query 600 ms after the last change.
  useEffect(() => {
    if (searchInput === query.search) return;
    const t = setTimeout(() => setQuery((q) => ({ ...q, search: searchInput, page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [searchInput, query.search]);

  useEffect(() => {
    // The loader already answered the first query: no second request for it after hydration, unless it sent
    // the first screen of a long page only. That rest comes quietly under the rows already on screen.
    if (first.list && fresh && !fillingRest) return;
    if (!ready) return;
    const ctrl = new AbortController();
    const appending = appendRef.current && query.page > 1;
    const quiet = fillingRest;
    if (!quiet) setStatus({ loading: true, error: null });
    calls()
      .then((api) => api.fetchOrders(query, ctrl.signal))
      .then((result) => {
        const apply = () => {
          setRows((prev) => {
            if (!appending) return result.rows;
            const seen = new Set(prev.map((r) => r.orderNumber));
            return [...prev, ...result.rows.filter((r) => !seen.has(r.orderNumber))];
          });
          setPagination(result.pagination);
          setAllowedOrderTypes(result.allowedOrderTypes);
          setStatus({ loading: false, error: null });
          setRest(false);
        };
        // The rest comes under rows already on screen: drawn as an interruptible update, so a tap or a keystroke
        // meanwhile is answered first.
        if (quiet) startTransition(apply);
        else apply();
      })
      .catch((e: unknown) => {
        // The rest of the first screen failing leaves the first screen as it is; a reload asks again.
        if (ctrl.signal.aborted || quiet) return;
        setStatus({ loading: false, error: e instanceof Error && e.message ? e.message : "An error occurred" });
      });
    return () => ctrl.abort();
    // `fresh` and `fillingRest` follow from query, reloadKey, first and the rest's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, ready, reloadKey, first, fillingRest]);

  // Asked for the rest: fetched once the screen is idle (the scroll that asked is answered first).
  const wantRest = useCallback(() => {
    if (!rest || restWanted) return;
    whenIdle(() => setRestWanted(true), 50);
  }, [rest, restWanted]);

  const loadKpis = useCallback(() => {
    calls()
      .then((api) => api.fetchKpis())
      .then((k) => {
        setKpis(k);
        setKpiFailed(false);
      })
      .catch(() => setKpiFailed(true));
  }, []);
  useEffect(() => {
    if (ready && !first.kpis) loadKpis();
  }, [ready, loadKpis, first]);

  const shownKpis = useMemo(() => (kpiFailed ? kpisFromRows(rows, localToday()) : kpis), [kpiFailed, kpis, rows]);

  const update = useCallback((patch: Partial<ListQuery>) => setQuery((q) => ({ ...q, ...patch, page: patch.page ?? 1 })), []);
  /** Applies a search at once (arriving from a task link) without waiting for the debounce. */
  const applySearch = useCallback(
    (search: string, searchBy: string) => {
      setSearchInput(search);
      update({ search, searchBy });
    },
    [update],
  );

  return {
    query,
    rows,
    pagination,
    allowedOrderTypes,
    loading: status.loading,
    /** The rest of a long first page is still to come (first-screen.ts): more rows are there under the first screen. */
    filling: fresh && rest,
    /** That rest is being fetched (asked for by a scroll toward the end of the first screen). */
    fillingRest,
    /** Asks for the rest of a long first page (the reader scrolls toward the end of the first screen). */
    wantRest,
    error: status.error,
    kpis: shownKpis,
    searchInput,
    setSearchInput,
    applySearch,
    setSearchBy: (searchBy: string) => update({ searchBy }),
    setFilters: (filters: ListFilters) => update({ filters }),
    setSort: (sort: string, dir: SortDir | "") => update({ sort, dir }),
    setQuick: (quick: Quick) => update({ quick }),
    setPage: (page: number) => update({ page }),
    // While the first page is filling, its rest comes first: the next page comes after the whole of this one.
    loadMore: () => (fresh && rest ? wantRest() : setQuery((q) => (q.page < pagination.pages ? { ...q, page: q.page + 1 } : q))),
    replaceRow: (row: OrderRow) => setRows((list) => list.map((r) => (r.orderNumber === row.orderNumber ? { ...r, ...row } : r))),
    reload: () => {
      setReloadKey((k) => k + 1);
      loadKpis();
    },
  };
}

/**
 * The order list's phone layout (below 768 px, as its CSS). Known from the first render when the browser said whether
 * it is a phone (the layout hint, decision 047): the server then renders that layout only, and no layout is swapped
 * after hydration. Null until the script runs otherwise (Safari, Firefox): both layouts, CSS showing one.
 */
export function useIsPhone(): boolean | null {
  return useMaxWidth(767, { hinted: true });
}
