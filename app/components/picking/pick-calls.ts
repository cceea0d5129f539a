// The picking screen's calls to /api and its outbox: an order the page did not bring (a number typed into the box),
// the short reasons, Save and Complete. Not in the first paint's JavaScript (issue 25): the api client, the contracts
// and the outbox's code load once the screen runs (pick-calls-lazy.ts), while there is signal, so a save with none
// is still kept; the service worker holds this chunk for a visit with no signal.
import { apiFetch, contractOf, isConnectionFailure } from "~/lib/api-client";
import { resumeOutbox, sendThroughOutbox, startOutboxFor } from "~/lib/outbox-lazy";
import { passcodeLocationError, type PickLine, type PickOrderHeader } from "~/domain/picking/lines";
import { verifyPayload } from "~/domain/picking/verify";
import type { PasscodeSession, PickOrderData } from "./pick-order-data";

const contract = contractOf(() => import("~/domain/picking/contract"));

/**
 * Save and Complete must work with no signal: their contracts are loaded while there is one. The outbox also sends
 * what waits from an earlier visit (a passcode phone has no header indicator to start it): as the passcode picker,
 * or as whoever this phone last knew.
 */
export function startFloorOutbox(passcodeEmail: string | null): void {
  contract.preload();
  if (passcodeEmail) startOutboxFor(passcodeEmail);
  else resumeOutbox();
}

/** The browser's way to the same data: the three /api calls in the screen's order. Logs and inventory are optional. */
export async function fetchPickOrderData(orderNumber: string, session: PasscodeSession): Promise<PickOrderData> {
  const none = { orderNumber, order: null, logs: null, inventory: null };
  const found = await apiFetch(`/api/sales-orders/by-order-number/${encodeURIComponent(orderNumber)}?include=lines`, contract("PickOrderAnswer"));
  // The server's refusal as it said it ("Order not found"); no answer at all in the client's plain words.
  if (!found.ok) return { ...none, error: found.error.message };
  const order = found.data;
  // A passcode for other warehouses stops here, before asking for anything else about the order.
  const denied = passcodeLocationError(session, order.warehouseLocation ?? order.locationId ?? "");
  if (denied) return { ...none, error: denied };
  const number = encodeURIComponent(order.orderNumber);
  const [logs, inventory] = await Promise.all([
    apiFetch(`/api/picklists/${number}/logs`, contract("PickLogsAnswer")),
    apiFetch(`/api/inventory-summary/by-order-number/${number}`, contract("InventorySummary")),
  ]);
  // Both are extras: the lines open without them (a developer sees why in the console).
  if (!logs.ok) console.warn("pick log sync skipped:", logs.error.status, isConnectionFailure(logs.error) ? "no answer" : logs.error.message);
  if (!inventory.ok) console.warn("inventory merge skipped:", inventory.error.status, isConnectionFailure(inventory.error) ? "no answer" : inventory.error.message);
  return { orderNumber, order, logs: logs.ok ? logs.data : null, inventory: inventory.ok ? inventory.data : null, error: null };
}

/** The short reasons admins manage (GET /api/picklists/short-reasons); none when the list cannot be had. */
export async function fetchShortReasons(): Promise<string[]> {
  const result = await apiFetch("/api/picklists/short-reasons", contract("ShortReasonsAnswer"));
  return result.ok ? result.data.map((r) => r.label).filter(Boolean) : [];
}

/** Save, through the floor's outbox: no signal keeps it on this phone (sent when there is signal). */
export function sendSave(header: PickOrderHeader, items: PickLine[]) {
  return sendThroughOutbox(
    { path: `/api/picklists/${encodeURIComponent(header.orderNumber)}/verify`, json: verifyPayload(items, "user", ""), label: `Pick list ${header.orderNumber} saved`, group: header.orderNumber },
    contract("VerifyAnswer"),
  );
}

/** Complete, through the same outbox. */
export function sendComplete(header: PickOrderHeader & { orderId: string }) {
  return sendThroughOutbox(
    { path: `/api/picklists/${encodeURIComponent(header.orderId)}/complete`, json: {}, label: `Pick list ${header.orderNumber} completed`, group: header.orderNumber },
    contract("CompleteAnswer"),
  );
}
