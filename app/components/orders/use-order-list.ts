// The Order Tracking list state: query (search, filters, sort, quick filter, page), fetching with abort,
// phone-style appending for infinite scroll, and KPIs with a fallback computed from the loaded rows.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isDeliveredOrReleased, normalizeTrucking } from "~/domain/orders/status";
import { fetchKpis, fetchOrders } from "./api";
import { EMPTY_FILTERS, type Kpis, type ListFilters, type ListQuery, type OrderRow, type Pagination, type Quick, type SortDir } from "./types";

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

function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export function useOrderList({ pageSize, initialSearch, initialSearchBy, ready, append }: {
  pageSize: number;
  initialSearch: string;
  initialSearchBy: string;
  /** False until the layout (phone or desktop) is known, so the first request is not thrown away. */
  ready: boolean;
  /** Phone: later pages are appended (infinite scroll) instead of replacing the rows. */
  append: boolean;
}) {
  const [searchInput, setSearchInput] = useState(initialSearch);
  const [query, setQuery] = useState<ListQuery>({
    page: 1,
    limit: pageSize,
    search: initialSearch,
    searchBy: initialSearchBy,
    sort: "",
    dir: "",
    quick: "",
    filters: EMPTY_FILTERS,
  });
  const [rows, setRows] = useState<OrderRow[]>([]);
  const [pagination, setPagination] = useState<Pagination>({ page: 1, pages: 1, total: 0 });
  const [allowedOrderTypes, setAllowedOrderTypes] = useState<string[] | null>(null);
  const [status, setStatus] = useState<{ loading: boolean; error: string | null }>({ loading: true, error: null });
  const [kpis, setKpis] = useState<Kpis | null>(null);
  const [kpiFailed, setKpiFailed] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const appendRef = useRef(append);
  appendRef.current = append;

  // Debounced search: the typed text reaches the query 600 ms after the last change.
  useEffect(() => {
    if (searchInput === query.search) return;
    const t = setTimeout(() => setQuery((q) => ({ ...q, search: searchInput, page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [searchInput, query.search]);

  useEffect(() => {
    if (!ready) return;
    const ctrl = new AbortController();
    const appending = appendRef.current && query.page > 1;
    setStatus({ loading: true, error: null });
    fetchOrders(query, ctrl.signal)
      .then((result) => {
        setRows((prev) => {
          if (!appending) return result.rows;
          const seen = new Set(prev.map((r) => r.orderNumber));
          return [...prev, ...result.rows.filter((r) => !seen.has(r.orderNumber))];
        });
        setPagination(result.pagination);
        setAllowedOrderTypes(result.allowedOrderTypes);
        setStatus({ loading: false, error: null });
      })
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return;
        setStatus({ loading: false, error: e instanceof Error && e.message ? e.message : "An error occurred" });
      });
    return () => ctrl.abort();
  }, [query, ready, reloadKey]);

  const loadKpis = useCallback(() => {
    fetchKpis()
      .then((k) => {
        setKpis(k);
        setKpiFailed(false);
      })
      .catch(() => setKpiFailed(true));
  }, []);
  useEffect(() => {
    if (ready) loadKpis();
  }, [ready, loadKpis]);

  const shownKpis = useMemo(() => (kpiFailed ? kpisFromRows(rows, localToday()) : kpis), [kpiFailed, kpis, rows]);

  const update = useCallback((patch: Partial<ListQuery>) => setQuery((q) => ({ ...q, ...patch, page: patch.page ?? 1 })), []);

  return {
    query,
    rows,
    pagination,
    allowedOrderTypes,
    loading: status.loading,
    error: status.error,
    kpis: shownKpis,
    searchInput,
    setSearchInput,
    /** Applies a search at once (arriving from a task link) without waiting for the debounce. */
    applySearch: (search: string, searchBy: string) => {
      setSearchInput(search);
      update({ search, searchBy });
    },
    setSearchBy: (searchBy: string) => update({ searchBy }),
    setFilters: (filters: ListFilters) => update({ filters }),
    setSort: (sort: string, dir: SortDir | "") => update({ sort, dir }),
    setQuick: (quick: Quick) => update({ quick }),
    setPage: (page: number) => update({ page }),
    loadMore: () => setQuery((q) => (q.page < pagination.pages ? { ...q, page: q.page + 1 } : q)),
    replaceRow: (row: OrderRow) => setRows((list) => list.map((r) => (r.orderNumber === row.orderNumber ? { ...r, ...row } : r))),
    reload: () => {
      setReloadKey((k) => k + 1);
      loadKpis();
    },
  };
}

export function useIsPhone(): boolean | null {
  const [phone, setPhone] = useState<boolean | null>(null);
  useEffect(() => {
    const mq = window.matchMedia("(max-width: 767px)");
    const on = () => setPhone(mq.matches);
    on();
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  return phone;
}
