// Short-pick reasons (issue 13): what a reason raises, how an admin's label is checked, which saved lines are
// short, the key that makes what a short raises happen once, and the words of the follow-up, the recount
// and the sales rep's notice. Client-safe and pure.

export const SHORT_REASON_ACTIONS = ["follow_up", "recount", "none"] as const;
export type ShortReasonAction = (typeof SHORT_REASON_ACTIONS)[number];

/** The admin screen's words for each action. */
export const SHORT_REASON_ACTION_LABELS: Record<ShortReasonAction, string> = {
  follow_up: "Follow-up task",
  recount: "Recount task",
  none: "None",
};

export const SHORT_REASON_MAX_LENGTH = 80;

/** A reason as pickers get it (GET /api/picklists/short-reasons). */
export type ShortReason = { id: number; label: string; action: ShortReasonAction };

export function isShortReasonAction(value: string): value is ShortReasonAction {
  return (SHORT_REASON_ACTIONS as readonly string[]).includes(value);
}

/** What is wrong with a reason's label, or null. */
export function shortReasonLabelError(label: string): string | null {
  const text = label.trim();
  if (!text) return "Enter a reason.";
  if (text.length > SHORT_REASON_MAX_LENGTH) return `A reason has at most ${SHORT_REASON_MAX_LENGTH} characters.`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(text)) return "A reason cannot contain control characters.";
  return null;
}

/**
 * The units a saved line is short: a line the picker finished as an Issue (spec 002: Done in short mode with
 * fewer than needed) with fewer picked than ordered. Pending lines are not picked yet, not short.
 */
export function missingUnits(line: { status: string; picked: number; expected: number }): number {
  if (line.status !== "Issue") return 0;
  return Math.max(0, line.expected - line.picked);
}

/**
 * What makes a short happen once: the order, the line, the reason (case-insensitive) and the missing units.
 * The same save sent again (or with a new Idempotency-Key) finds the key and raises nothing new; a different
 * shortfall on the line (another reason, another quantity) is a new short.
 */
export function shortKey(orderId: number, lineItemId: string, reason: string, missing: number): string {
  return `${orderId}:${lineItemId}:${reason.trim().toLowerCase()}:${missing}`;
}

/** '3 × JAS-25 (Stockout)': a short line in the order's history and the pick list PDF. */
export function shortLineText(missing: number, sku: string, reason: string | null | undefined): string {
  return `${missing} × ${sku}${reason ? ` (${reason})` : ""}`;
}

export type ShortFacts = { orderNumber: string; customerName: string; sku: string; missing: number; reason: string };
export type NoticeText = { title: string; message: string };

/** The follow-up (Stockout) for the office, or the recount (Damaged) for the warehouse; null for 'none'. */
export function shortTaskText(action: ShortReasonAction, f: ShortFacts): NoticeText | null {
  if (action === "follow_up") {
    return {
      title: `Follow up: ${f.orderNumber} short ${f.missing} × ${f.sku}`,
      message: `${f.reason}: ${f.missing} × ${f.sku} short on ${f.orderNumber}${f.customerName ? ` (${f.customerName})` : ""}. Order the remainder or agree a substitute or a back order with the customer.`,
    };
  }
  if (action === "recount") {
    return {
      title: `Recount ${f.sku}`,
      message: `${f.reason}: ${f.missing} × ${f.sku} could not be picked on ${f.orderNumber}. Recount the bin and correct the stock on hand.`,
    };
  }
  return null;
}

/** The sales rep's notice, once per short line. */
export function shortRepText(f: ShortFacts): NoticeText {
  return {
    title: `Short pick on ${f.orderNumber}`,
    message: `${f.missing} × ${f.sku} short (${f.reason || "no reason given"}) on ${f.orderNumber}${f.customerName ? ` for ${f.customerName}` : ""}.`,
  };
}

/**
 * The reasons' new order after moving one up or down (ids in position order); unchanged at either end or
 * for an unknown id.
 */
export function moveInOrder(ids: readonly number[], id: number, direction: "up" | "down"): number[] {
  const out = [...ids];
  const i = out.indexOf(id);
  const j = direction === "up" ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}
