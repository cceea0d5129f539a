// Order Tracking's list rows as JSON text built by SQLite (decision 044, "The warehouse page of 500 rows"): one
// json_object() per row in the shape toRow() gives (orders.server.ts), the fields a viewer may not see left out,
// so a page of 500 rows is one string handed over, not 10,000 values decoded, mapped and serialized again.
import { sql, type SQL } from "drizzle-orm";
import { orders } from "../../db/schema";

type Hidden = { hidePayment: boolean; hideTrucking: boolean; hidePrices: boolean };

/** toRow()'s fields, in its order: each key, the SQL of its value, and whether the viewer's visibility removes it. */
const FIELDS: [key: string, value: SQL, hiddenBy?: keyof Hidden][] = [
  ["_id", sql`CAST(${orders.id} AS TEXT)`],
  ["id", sql`${orders.id}`],
  ["orderNumber", sql`${orders.orderNumber}`],
  ["customerName", sql`${orders.customerName}`],
  ["createdBy", sql`${orders.createdBy}`],
  ["paymentStatus", sql`${orders.paymentStatus}`, "hidePayment"],
  ["orderStatus", sql`${orders.orderStatus}`],
  ["orderType", sql`${orders.orderType}`],
  ["truckingCompany", sql`${orders.truckingCompany}`, "hideTrucking"],
  ["warehouseLocation", sql`${orders.warehouseLocation}`],
  ["warehouseAssignment", sql`json(coalesce(${orders.warehouseAssignment}, '[]'))`],
  ["notes", sql`${orders.notes}`],
  ["orderDate", sql`${orders.orderDate}`],
  ["updatedAt", sql`${orders.updatedAt}`],
  ["lastUpdatedAt", sql`${orders.lastUpdatedAt}`],
  ["deliveryCompletedAt", sql`${orders.deliveryCompletedAt}`],
  ["hasDeliveryOrder", sql`json(CASE WHEN ${orders.hasDeliveryOrder} THEN 'true' ELSE 'false' END)`],
  ["address", sql`json_object('lines', json(coalesce(${orders.addressLines}, '[]')), 'mapsUrl', ${orders.mapsUrl})`],
  ["totalCents", sql`${orders.totalCents}`, "hidePrices"],
  ["version", sql`${orders.version}`],
];

/** One row as the list sends it to this viewer: a json_object(...) over `orders`. */
export function orderRowJson(hidden: Hidden): SQL {
  const pairs = FIELDS.filter(([, , by]) => !by || !hidden[by]).map(([key, value]) => sql`${key}, ${value}`);
  return sql`json_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The page's rows as one JSON array, in the list's order. The page's ids come first (a walk of the sort index or
 * a sort of ids alone); only those rows are read and turned into JSON.
 */
export function orderPageJsonSql(hidden: Hidden, where: SQL | undefined, order: SQL[], limit: number, offset: number): SQL {
  const by = sql.join(order, sql`, `);
  const filter = where ? sql` WHERE ${where}` : sql``;
  return sql`SELECT json_group_array(${orderRowJson(hidden)} ORDER BY ${by}) AS rows FROM ${orders}
    WHERE ${orders.id} IN (SELECT ${orders.id} FROM ${orders}${filter} ORDER BY ${by} LIMIT ${limit} OFFSET ${offset})`;
}
