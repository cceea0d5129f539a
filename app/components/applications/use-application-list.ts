// The applications list state (the shared server list): a date input for decisionDate, decision date
// descending by default while a header starts ascending. A changed application also refreshes the KPIs.
import { useCallback } from "react";
import { useServerList, type ListSource } from "~/components/lists/use-server-list";
import { fetchAppKpis, fetchApplications, type ApplicationKpis, type ApplicationView, type AppListState } from "./api";

export const APP_PAGE_SIZE = 50;
export const INITIAL_APP_LIST: AppListState = { search: "", searchBy: "companyName", status: "", sort: "decisionDate", dir: "", page: 1 };

const SOURCE: ListSource<ApplicationView, AppListState, ApplicationKpis> = {
  path: "/api/applications",
  initial: INITIAL_APP_LIST,
  pageSize: APP_PAGE_SIZE,
  descFirst: false,
  fetchRows: fetchApplications,
  fetchKpis: fetchAppKpis,
};

export function useApplicationList(first: { rows: ApplicationView[]; total: number; error?: string }, firstKpis: ApplicationKpis | null) {
  const list = useServerList(SOURCE, first, firstKpis);
  const { mapRows, reloadKpis } = list;
  const replaceRow = useCallback(
    (row: ApplicationView) => {
      mapRows((r) => (r._id === row._id ? row : r));
      reloadKpis();
    },
    [mapRows, reloadKpis],
  );
  return { ...list, replaceRow };
}
