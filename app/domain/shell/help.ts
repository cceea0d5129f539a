// Need Help rules shared by the modal and the server: where the request goes and what managers read.

export const HELP_NOTE_MAX = 2000;
export const UNKNOWN_ORDER_HELP_PATH = "/api/delivery/unknown/issue-photo";

/** The order's need-help call, or the no-order photo call (spec 000 section 7). */
export function helpEndpoint(orderId: string | number | null | undefined): string {
  if (orderId === null || orderId === undefined || String(orderId).trim() === "") return UNKNOWN_ORDER_HELP_PATH;
  return `/api/delivery/${encodeURIComponent(String(orderId))}/need-help`;
}

/** 'Dan Driver needs help with order SO-1. Note: gate locked' — the alert managers see. */
export function helpMessage(driverName: string, note: string | null | undefined, orderNumber: string | null | undefined): string {
  const who = driverName.trim() || "A driver";
  const where = orderNumber ? ` with order ${orderNumber}` : "";
  const text = note?.trim();
  return `${who} needs help${where}.${text ? ` Note: ${text}` : ""}`;
}
