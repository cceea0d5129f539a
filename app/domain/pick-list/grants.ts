// Which grants open the picking calls and the release order's read calls (client-safe: route policies use them).
export const PICK_GRANTS = ["picklists:pick"] as const;
/** Release order state (exists/status): printers and anyone who sees orders. */
export const RELEASE_ORDER_READ_GRANTS = ["picklists:print", "orders:view"] as const;
/** The calls that read a sales order and its stock: anyone who sees orders, and pickers (spec 001 §7, spec 002 §7). */
export const SALES_ORDER_GRANTS = ["orders:view", "picklists:pick"] as const;
