// This device's copy of an order's lines (localStorage), written 500 ms after the last change and merged
// over the order's lines when it is opened again: a reload or a dropped tab loses no picks.
import { localLinesKey, RELEASE_STATUS_KEY, type PickLine } from "~/domain/picking/lines";

export function readStoredLines(orderNumber: string): Partial<PickLine>[] | null {
  try {
    const raw = localStorage.getItem(localLinesKey(orderNumber));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (Array.isArray(parsed)) return parsed as Partial<PickLine>[];
    if (parsed && typeof parsed === "object" && Array.isArray((parsed as { items?: unknown }).items)) return (parsed as { items: Partial<PickLine>[] }).items;
  } catch {
    // A corrupt entry is ignored; the server state still loads.
  }
  return null;
}

export function writeStoredLines(orderNumber: string, items: PickLine[]) {
  try {
    localStorage.setItem(localLinesKey(orderNumber), JSON.stringify(items.map(({ id, sku, status, pickState, pickedQty, note, rev, by }) => ({ id, sku, status, pickState, pickedQty, note, rev, by }))));
  } catch {
    // Storage full or disabled: the room and the server save still hold the progress.
  }
}

/** The order's 'completed' flag on this device (other screens read it); the server already recorded completion. */
export function rememberCompleted(orderId: string, orderNumber: string) {
  try {
    const map = JSON.parse(localStorage.getItem(RELEASE_STATUS_KEY) ?? "{}") as Record<string, unknown>;
    map[orderId] = { completed: true, orderNumber, at: new Date().toISOString() };
    localStorage.setItem(RELEASE_STATUS_KEY, JSON.stringify(map));
  } catch {
    // The local flag is a convenience.
  }
}
