// What the picking screen starts an order from: the answers of its three /api calls (the order with its lines,
// the pick log, the inventory summary). The page loader brings them for `?order=` (docs/decisions/008-page-data.md);
// the browser asks /api for any other order. Both end in openPickOrder, so either way the lines are the same.
import {
  buildPickLines,
  latestVerifiedLog,
  mergeInventory,
  mergeLocalLines,
  mergeVerifiedLog,
  passcodeLocationError,
  type InventorySummary,
  type OrderLineInput,
  type PickLine,
  type PickLogEntry,
  type PickOrderHeader,
} from "~/domain/picking/lines";

/** The order as GET /api/sales-orders/by-order-number/{orderNumber}?include=lines answers it (`data`, or spread at the top). */
export type PickOrderBody = {
  success?: boolean;
  error?: string;
  _id?: string | number;
  id?: string | number;
  orderNumber?: string;
  customerName?: string;
  customer?: { name?: string };
  warehouseLocation?: string;
  locationId?: string;
  lines?: (OrderLineInput & { productId?: string })[];
};

export type PickOrderData = {
  /** The order number as asked for. */
  orderNumber: string;
  order: PickOrderBody | null;
  /** `data` of GET /api/picklists/{orderNumber}/logs; only the latest pick-verified entry is read. Null: not available. */
  logs: PickLogEntry[] | null;
  /** GET /api/inventory-summary/by-order-number/{orderNumber} without `success`. Null: not available. */
  inventory: InventorySummary | null;
  /** The order call's refusal (`error` of its answer); the screen shows it instead of lines. */
  error: string | null;
};

export type PasscodeSession = { email: string; allowedLocations: string[] } | null;

export type OpenedOrder = { header: PickOrderHeader; lines: PickLine[] } | { error: string };

type StoredLine = Partial<PickLine>;

async function getJson<T>(url: string): Promise<{ res: Response; body: T | null }> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  const body = (await res.json().catch(() => null)) as T | null;
  return { res, body };
}

function orderOf(body: (PickOrderBody & { data?: PickOrderBody }) | null): PickOrderBody | null {
  if (!body) return null;
  return body.data && typeof body.data === "object" && "orderNumber" in body.data ? body.data : body;
}

function headerOf(order: PickOrderBody & { orderNumber: string }): PickOrderHeader {
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
  const header = headerOf({ ...order, orderNumber: order.orderNumber });
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

/** The browser's way to the same data: the three /api calls in the screen's order. Logs and inventory are optional. */
export async function fetchPickOrderData(orderNumber: string, session: PasscodeSession): Promise<PickOrderData> {
  const none = { orderNumber, order: null, logs: null, inventory: null };
  let order: PickOrderBody | null;
  try {
    const { body } = await getJson<PickOrderBody & { data?: PickOrderBody }>(`/api/sales-orders/by-order-number/${encodeURIComponent(orderNumber)}?include=lines`);
    order = orderOf(body);
    if (!body || body.success === false || !order?.orderNumber) return { ...none, error: body?.error || "Failed to load order" };
  } catch (err) {
    return { ...none, error: (err as Error).message || "Failed to load order" };
  }
  // A passcode for other warehouses stops here, before asking for anything else about the order.
  const denied = passcodeLocationError(session, order.warehouseLocation ?? order.locationId ?? "");
  if (denied) return { ...none, error: denied };
  const number = encodeURIComponent(order.orderNumber);
  let logs: PickLogEntry[] | null = null;
  try {
    const res = await getJson<{ success?: boolean; data?: PickLogEntry[] }>(`/api/picklists/${number}/logs`);
    if (res.res.ok && res.body?.success !== false) logs = res.body?.data ?? [];
    else console.warn("pick log sync skipped:", res.res.status);
  } catch (err) {
    console.warn("pick log sync failed:", (err as Error).message);
  }
  let inventory: InventorySummary | null = null;
  try {
    const res = await getJson<InventorySummary & { success?: boolean }>(`/api/inventory-summary/by-order-number/${number}`);
    if (res.res.ok && res.body?.success !== false) inventory = res.body;
    else console.warn("inventory merge skipped:", res.res.status);
  } catch (err) {
    console.warn("inventory merge failed:", (err as Error).message);
  }
  return { orderNumber, order, logs, inventory, error: null };
}
