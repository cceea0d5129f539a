// Status badge tones for payment and order statuses (spec 001 §9), matched on words so legacy values fit too.
export type StatusTone = "neutral" | "green" | "blue" | "amber" | "orange" | "purple" | "red";

/**
 * Ordered: the first rule that matches wins. 'Pending Assignment' must be orange before the generic amber
 * 'pending', and red (cancelled, HOLD) beats everything so a cancelled paid order never looks fine.
 */
const RULES: ReadonlyArray<[RegExp, StatusTone]> = [
  [/cancel|\bhold\b/i, "red"],
  [/pending assignment/i, "orange"],
  [/picking|in progress/i, "purple"],
  [/out for delivery|\bpicked\b|invoice|\bnet\b/i, "blue"],
  [/\bpaid\b|delivered|released|complete/i, "green"],
  [/pending|waiting|cash on delivery|pay at delivery/i, "amber"],
];

export function statusTone(value: string | null | undefined): StatusTone {
  const text = (value ?? "").trim();
  if (!text) return "neutral";
  for (const [pattern, tone] of RULES) if (pattern.test(text)) return tone;
  return "neutral";
}

/**
 * Rows are highlighted green when the order is delivered or released, or has a delivery order (spec 001 §2).
 * Narrower than isDeliveredOrReleased on purpose: 'Out for Delivery' and 'Shipped' are still on the road.
 */
export function isRowDelivered(row: { orderStatus?: string | null; hasDeliveryOrder?: boolean | null }): boolean {
  return !!row.hasDeliveryOrder || /delivered|released/i.test(row.orderStatus ?? "");
}
