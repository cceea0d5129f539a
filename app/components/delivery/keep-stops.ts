// Today's stops kept on the phone while there is signal (issue 23): the wizard's copy of each stop's meta and
// address (payment kind, proof required, contact), so a stop opens at the door with no signal even when the
// driver never opened it before. Loaded by the driver's Home after the first paint.
import { contractOf } from "~/lib/api-client";
import { getWithFallback } from "./api";
import { readCache, writeCache } from "./wizard-cache";

/** A stop copied in the last few minutes is not asked again (Home opened twice in a row asks once). */
const contract = contractOf(() => import("~/domain/delivery/contract"));
const FRESH_MS = 5 * 60_000;
const KEPT_AT = "delivery-kept-at:";

function keptRecently(orderNumber: string, now: number): boolean {
  try {
    const at = Number(sessionStorage.getItem(`${KEPT_AT}${orderNumber}`));
    return Number.isFinite(at) && at > 0 && now - at < FRESH_MS && at <= now;
  } catch {
    return false;
  }
}

function markKept(orderNumber: string, now: number): void {
  try {
    sessionStorage.setItem(`${KEPT_AT}${orderNumber}`, String(now));
  } catch {
    // Not remembered: the next Home visit asks again.
  }
}

/** Copies each stop's meta and address, one after another; stops at the first failure (no signal). */
export async function keepStopsOnPhone(stops: readonly { orderNumber: string; orderId: number }[]): Promise<void> {
  for (const stop of stops.slice(0, 12)) {
    const now = Date.now();
    if (keptRecently(stop.orderNumber, now)) continue;
    const [meta, address] = await Promise.all([
      getWithFallback(stop.orderNumber, stop.orderId, "meta", contract("MetaAnswer")),
      getWithFallback(stop.orderNumber, stop.orderId, "address", contract("AddressAnswer")),
    ]);
    if (meta.ok !== true) return;
    const before = readCache(stop.orderNumber);
    writeCache(stop.orderNumber, { meta: meta.data, address: address.ok === true ? address.data.formatted : (before?.address ?? "") });
    markKept(stop.orderNumber, now);
  }
}
