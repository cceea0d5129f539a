// Order Tracking as CSV (GET /api/order-trackers/export): the list's own scope, search, filters and sort from
// orders.server.ts, streamed by csv-export.server.ts; fields the viewer may not see are not columns at all.
import { and } from "drizzle-orm";
import { orders } from "../../db/schema";
import type { OrderListQuery } from "~/domain/orders/query";
import type { AppContext } from "~/lib/context.server";
import { csvList, csvMoney } from "~/lib/csv";
import type { Viewer } from "~/lib/session.server";
import { csvExportResponse, tableChunks, type CsvColumn, type KeyValues, type SortKey } from "./csv-export.server";
import { filterConditions, inAssignmentWords, orderListFields, resolveOrderScope, SORT_COLUMNS, type OrderScope } from "./orders.server";

type Ctx = Pick<AppContext, "db" | "now">;

// The list's own fields: the file and the screen cannot drift apart.
const fields = orderListFields;
type Row = Pick<typeof orders.$inferSelect, keyof typeof fields> & KeyValues;

/** The columns a viewer may see, in the list's order; payment, trucking and money only where the list shows them. */
export function orderCsvColumns(scope: Pick<OrderScope, "hidePayment" | "hideTrucking" | "hidePrices">): CsvColumn<Row>[] {
  const all: (CsvColumn<Row> | false)[] = [
    { header: "Order Number", value: (r) => r.orderNumber },
    { header: "Customer", value: (r) => r.customerName },
    { header: "Sales Rep", value: (r) => r.createdBy },
    !scope.hidePayment && { header: "Payment Status", value: (r) => r.paymentStatus },
    { header: "Order Status", value: (r) => r.orderStatus },
    { header: "Order Type", value: (r) => r.orderType },
    !scope.hideTrucking && { header: "Trucking Company", value: (r) => r.truckingCompany },
    { header: "Warehouse Location", value: (r) => r.warehouseLocation },
    { header: "Warehouse Assignment", value: (r) => csvList(r.warehouseAssignment) },
    { header: "Order Date", value: (r) => r.orderDate },
    { header: "Address", value: (r) => csvList(r.addressLines) },
    !scope.hidePrices && { header: "Total", value: (r) => csvMoney(r.totalCents) },
    { header: "Notes", value: (r) => r.notes },
    { header: "Delivery Completed At", value: (r) => r.deliveryCompletedAt },
    { header: "Last Updated At", value: (r) => r.lastUpdatedAt },
  ];
  return all.filter((c): c is CsvColumn<Row> => !!c);
}

/** The list's order (orders.server.ts orderBy): the chosen column, or newest order date first, then the id. */
export function orderSortKeys(query: Pick<OrderListQuery, "sort" | "dir">): SortKey[] {
  const expr = query.sort ? SORT_COLUMNS[query.sort] : orders.orderDate;
  const dir = query.sort ? (query.dir ?? "asc") : (query.dir ?? "desc");
  return [{ expr, dir }, { expr: orders.id, dir }];
}

/**
 * Every order of the list as filtered, as a streamed CSV. A search, filter or sort by a hidden field is refused
 * (400) exactly as the list refuses it; page and limit are ignored (the file holds every matching order).
 */
export async function exportOrders(ctx: Ctx, viewer: Viewer, query: OrderListQuery, opts: { chunkRows?: number } = {}): Promise<Response> {
  const scope = await resolveOrderScope(ctx, viewer);
  // A warehouse employee's orders (the assignment word index): each chunk walks the sort index testing orders
  // against the match set instead of looking up and sorting every match again; at 33,000 matches of 100,000 the
  // whole file reads in a quarter of the time (docs/decisions/031-import-export.md).
  const scopeWhere = scope.kind === "assignment" && scope.assignmentMatch ? inAssignmentWords(scope.assignmentMatch, true) : scope.where;
  const where = and(scopeWhere, ...filterConditions(query, scope, ctx.now()));
  const keys = orderSortKeys(query);
  const read = tableChunks<Row>(ctx.db, orders, fields, where, keys);
  return csvExportResponse<Row>({ name: "orders", now: ctx.now(), columns: orderCsvColumns(scope), keys, read, chunkRows: opts.chunkRows });
}
