// The Return Forms list state (the shared server list): submitted date descending by default, and that
// header starts descending too. A changed request is merged into its row.
import { useCallback } from "react";
import { useServerList, type ListSource } from "~/components/lists/use-server-list";
import { fetchKpis, fetchReturns, type ListState, type ReturnKpis, type ReturnRequestView } from "./api";

export const PAGE_SIZE = 50;

export const INITIAL_LIST: ListState = { search: "", searchBy: "companyName", status: "", sort: "submittedAt", dir: "", page: 1 };

const SOURCE: ListSource<ReturnRequestView, ListState, ReturnKpis> = {
  path: "/api/return-requests",
  initial: INITIAL_LIST,
  pageSize: PAGE_SIZE,
  descFirst: true,
  fetchRows: fetchReturns,
  fetchKpis,
};

export function useReturnList(first: { rows: ReturnRequestView[]; total: number; error?: string }, firstKpis: ReturnKpis | null) {
  const list = useServerList(SOURCE, first, firstKpis);
  const { mapRows } = list;
  const replaceRow = useCallback((row: ReturnRequestView) => mapRows((r) => (r._id === row._id ? { ...r, ...row } : r)), [mapRows]);
  return { ...list, replaceRow };
}
