// Order Tracking's Export CSV: the list as searched, filtered and sorted, as a file (the server keeps to the viewer's
// rows and columns). A plain link, so it works before the screen's script has run.
import { ExportCsvLink, exportHref } from "~/components/lists/export-link";
import { listUrl } from "./list-query";
import type { ListQuery } from "./types";

export function ExportOrdersLink({ query }: { query: ListQuery }) {
  return <ExportCsvLink size="sm" href={exportHref("/api/order-trackers/export", listUrl(query))} />;
}
