// What the delivery tests share: the stand-ins that catch the mail deliveries send, and the seed's orders a driver may deliver.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, inArray } from "drizzle-orm";
import { orders } from "../../db/schema";
import type { Database } from "~/lib/db.server";
import { startStandins } from "../../stand-ins/server";

/** The stand-ins on a free port with their own data folder, and the env that sends the app's mail to their Resend catcher. */
export async function startMailStandins(db: Database, name: string) {
  const standins = await startStandins({ port: 0, db, dataDir: mkdtempSync(join(tmpdir(), `${name}-standins-`)) });
  return { standins, env: { RESEND_BASE_URL: `${standins.url}/resend`, MAIL_CATCHER_URL: `${standins.url}/resend` } };
}

/** The seed's orders in the driver's scope (NY-MAIN / NJ-WH, NY/NJ or VA Delivery): a file takes a fresh one per test. */
export function driverScopeOrders(db: Database) {
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber, customerName: orders.customerName })
    .from(orders)
    .where(and(inArray(orders.warehouseLocation, ["NY-MAIN", "NJ-WH"]), inArray(orders.orderType, ["NY/NJ Delivery", "VA Delivery"])));
}
