// What the phone keeps of a driver's stops in its own storage (the wizard's copy of each order's meta and
// address), and forgetting it at Log Out so the next person on the phone never sees it. Issue 23.

/** The wizard's copy of one order: `delivery-cache:{orderNumber}`. */
export const DELIVERY_COPY_PREFIX = "delivery-cache:";

/** Deletes every stop's copy from this phone (Log Out). Storage that cannot be read holds nothing to delete. */
export function forgetDeliveryCopies(storage: Pick<Storage, "length" | "key" | "removeItem"> | null = typeof localStorage === "undefined" ? null : localStorage): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(DELIVERY_COPY_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Blocked storage: nothing was kept in it.
  }
}
