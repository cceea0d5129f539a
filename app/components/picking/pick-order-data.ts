// What the picking screen starts an order from: the answers of its three /api calls (the order with its lines,
// the pick log, the inventory summary). The page loader brings them for `?order=` (docs/decisions/008-page-data.md);
// the browser asks /api for any other order (pick-order-fetch.ts, loaded with that first ask, so the api client is not
// in the first paint's JavaScript). Both end in openPickOrder, so either way the lines are the same.
import type { Opened } from "~/domain/picking/pick-list-state";
import type { PickOrder } from "~/domain/picking/contract";
import {
  buildPickLines,
  latestVerifiedLog,
  mergeInventory,
  mergeLocalLines,
  mergeVerifiedLog,
  passcodeLocationError,
  type InventorySummary,
  type PickLine,
  type PickLogEntry,
  type PickOrderHeader,
} from "~/domain/picking/lines";

export type PickOrderData = {
  /** The order number as asked for. */
  orderNumber: string;
  order: PickOrder | null;
  /** `data` of GET /api/picklists/{orderNumber}/logs; only the latest pick-verified entry is read. Null: not available. */
  logs: PickLogEntry[] | null;
  /** GET /api/inventory-summary/by-order-number/{orderNumber} without `success`. Null: not available. */
  inventory: InventorySummary | null;
  /** The order call's refusal (`error` of its answer); the screen shows it instead of lines. */
  error: string | null;
};

export type PasscodeSession = { email: string; allowedLocations: string[] } | null;

/** What an order opens to: the reducer's `opened` event. */
export type OpenedOrder = Opened;

type StoredLine = Partial<PickLine>;

function headerOf(order: PickOrder): PickOrderHeader {
  return {
    orderId: order._id !== undefined ? String(order._id) : order.id !== undefined ? String(order.id) : null,
    orderNumber: order.orderNumber,
    customerName: order.customerName ?? order.customer?.name ?? "",
    location: order.warehouseLocation ?? order.locationId ?? "",
  };
}

/**
 * The header and lines of an order: its lines, this device's saved lines, then the latest saved pick, then
 * on-hand figures (docs/decisions/006-live-picking.md "Joining later"). A passcode limited to other warehouses
 * may not open it.
 */
export function openPickOrder(data: PickOrderData, stored: StoredLine[] | null, session: PasscodeSession): OpenedOrder {
  const order = data.order;
  if (data.error || !order?.orderNumber) return { error: data.error || "Failed to load order" };
  const header = headerOf(order);
  const denied = passcodeLocationError(session, header.location);
  if (denied) return { error: denied };
  const orderLines = order.lines ?? [];
  let lines = mergeLocalLines(buildPickLines(orderLines), stored);
  const productIds: Record<string, string> = {};
  lines.forEach((l, i) => {
    const pid = orderLines[i]?.productId;
    if (pid) productIds[l.id] = pid;
  });
  if (data.logs) lines = mergeVerifiedLog(lines, latestVerifiedLog(data.logs));
  if (data.inventory) lines = mergeInventory(lines, data.inventory, productIds);
  return { header, lines };
}
