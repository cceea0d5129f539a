// Return Forms as CSV (GET /api/return-requests/export): the list's own search, status filter and sort from
// returns.server.ts, streamed by csv-export.server.ts, one line per request with its items in one cell.
import { sql } from "drizzle-orm";
import { returnItems, returnRequests } from "../../db/schema";
import { returnStatusLabel } from "~/domain/returns/rules";
import { OTHER_REASON, type ReturnListQuery } from "~/domain/returns/schemas";
import type { AppContext } from "~/lib/context.server";
import { csvAddresses, csvList } from "~/lib/csv";
import { csvExportResponse, tableChunks, type CsvColumn, type KeyValues } from "./csv-export.server";
import { returnListWhere, returnSortKeys } from "./returns.server";

type Item = { sku: string; description: string; count: number; reason: string; customReason: string; status: string };

const fields = {
  returnID: returnRequests.returnID,
  companyName: returnRequests.companyName,
  orderNum: returnRequests.orderNum,
  status: returnRequests.status,
  submittedAt: returnRequests.submittedAt,
  email: returnRequests.email,
  phone: returnRequests.phone,
  location: returnRequests.location,
  address: returnRequests.address,
  itemCount: returnRequests.itemCount,
  items: sql<string>`(SELECT json_group_array(json_object('sku', ${returnItems.sku}, 'description', ${returnItems.description}, 'count', ${returnItems.count},
    'reason', ${returnItems.reason}, 'customReason', ${returnItems.customReason}, 'status', ${returnItems.status}) ORDER BY ${returnItems.position})
    FROM ${returnItems} WHERE ${returnItems.returnId} = ${returnRequests.id})`,
  needsReview: returnRequests.needsReview,
  receivedAt: returnRequests.receivedAt,
  remarks: returnRequests.remarks,
  source: returnRequests.source,
};
type Row = Pick<typeof returnRequests.$inferSelect, Exclude<keyof typeof fields, "items">> & { items: string | null } & KeyValues;

/** 'RB-25 x 4 (Damaged bag, pending)': an item as a person reads it. */
function itemText(item: Item): string {
  const reason = item.reason === OTHER_REASON && item.customReason ? item.customReason : item.reason;
  const why = [reason, item.status].filter(Boolean).join(", ");
  return `${item.sku} x ${item.count}${why ? ` (${why})` : ""}`;
}

const columns: CsvColumn<Row>[] = [
  { header: "Return ID", value: (r) => r.returnID },
  { header: "Company", value: (r) => r.companyName },
  { header: "Order Number", value: (r) => r.orderNum },
  { header: "Status", value: (r) => returnStatusLabel(r.status) },
  { header: "Submitted At", value: (r) => r.submittedAt },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone },
  { header: "Location", value: (r) => r.location },
  { header: "Address", value: (r) => csvAddresses(r.address) },
  { header: "Items", value: (r) => r.itemCount },
  { header: "Item Details", value: (r) => csvList((JSON.parse(r.items ?? "[]") as Item[]).map(itemText)) },
  { header: "Needs Review", value: (r) => (r.needsReview ? "yes" : "no") },
  { header: "Received At", value: (r) => r.receivedAt },
  { header: "Remarks", value: (r) => r.remarks },
  { header: "Source", value: (r) => r.source },
];

/** Every request of the list as searched, filtered and sorted, as a streamed CSV (page and limit are ignored). */
export function exportReturnRequests(ctx: AppContext, query: ReturnListQuery, opts: { chunkRows?: number } = {}): Promise<Response> {
  const keys = returnSortKeys(query);
  const read = tableChunks<Row>(ctx.db, returnRequests, fields, returnListWhere(query), keys);
  return csvExportResponse<Row>({ name: "return-requests", now: ctx.now(), columns, keys, read, chunkRows: opts.chunkRows });
}
