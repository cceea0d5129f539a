// Display formatting for Order Tracking: USD money with 2 decimals, line and order totals, dates, history values.
import { dateFormat } from "~/domain/intl";
import { moneyText } from "~/domain/plain-format";

/** Dollars → '$1,234.50'. Non-numbers show as $0.00 so a bad line never breaks the table. */
export function formatMoney(dollars: number | null | undefined): string {
  const n = typeof dollars === "number" && Number.isFinite(dollars) ? dollars : 0;
  return moneyText(n);
}

/** Works in cents so 3 × $0.10 is $0.30, not $0.30000000000000004. */
function toCents(dollars: number): number {
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : 0;
}

/** Line total = quantity × unit price (dollars), rounded to the cent. */
export function lineTotal(quantity: number, unitPrice: number): number {
  const q = Number.isFinite(quantity) ? quantity : 0;
  return Math.round(q * toCents(unitPrice)) / 100;
}

/** Order total = sum of line totals (dollars). */
export function orderTotal(lines: ReadonlyArray<{ quantity: number; unitPrice: number }>): number {
  const cents = lines.reduce((sum, l) => sum + Math.round(lineTotal(l.quantity, l.unitPrice) * 100), 0);
  return cents / 100;
}

/** An order date (YYYY-MM-DD or ISO) as 'Mar 4, 2025'; the calendar day is kept (no timezone shift). */
export function formatOrderDate(value: string | null | undefined): string {
  if (!value) return "—";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dateFormat({ month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(d);
}

/** A moment (ISO) as 'Mar 4, 2025, 3:07 PM' in the viewer's zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "—";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return dateFormat({ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" }).format(d);
}

/** A history before/after value: lists joined, empty shown as '—'. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.length ? value.map(String).join(", ") : "—";
  if (typeof value === "object") return JSON.stringify(value);
  const text = String(value).trim();
  return text ? text : "—";
}

/** Field keys of the order tracker in the business's words, for the history modal. */
const FIELD_LABELS: Record<string, string> = {
  paymentStatus: "Payment Status",
  orderStatus: "Order Status",
  orderType: "Order Type",
  truckingCompany: "Trucking Company",
  warehouseAssignment: "Warehouse Assignment",
  warehouseLocation: "Warehouse Location",
  notes: "Notes",
  hasDeliveryOrder: "Delivery Order",
  deliveryCompletedAt: "Delivery Completed",
  pickShort: "Short",
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
}
