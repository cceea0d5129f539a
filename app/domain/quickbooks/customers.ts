// QuickBooks customers as the screens read them (spec 001 'Accounting customer') and the display rules:
// money, addresses, QuickBooks times, the balance match. Client-safe (types only from the zod/mini contract).
import type * as z from "zod/mini";
import type { AccountingAddress as AddressSchema, AccountingCustomer as CustomerSchema, CustomerBalance as BalanceSchema } from "./contract";
import { moneyText } from "~/domain/plain-format";

export type AccountingAddress = z.output<typeof AddressSchema>;
/** Spec 001, 'Accounting customer' (its schema, ./contract.ts, is the one definition). */
export type AccountingCustomer = z.output<typeof CustomerSchema>;

/** Spec 001, 'Customer balance result'. */
export type CustomerBalance = z.output<typeof BalanceSchema>;

export const NAME_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 50;
export const SEARCH_LIMIT_MAX = 100;
/** The order screen's balance lookup asks for this many (spec 001 §7: `?name&limit=5`). */
export const BALANCE_LOOKUP_LIMIT = 5;
/** The customers page waits this long after the last keystroke (spec 001 §2). */
export const SEARCH_DEBOUNCE_MS = 600;

/** The page's search request, the same one the loader answers first (docs/decisions/008-page-data.md). */
export function customerSearchUrl(name: string, limit?: number): string {
  const params = new URLSearchParams({ name: name.trim() });
  if (limit !== undefined) params.set("limit", String(limit));
  return `/api/qb/customers?${params}`;
}

/** Dollars → '$1,234.50', '-$20.00'; anything that is not a number shows as '—' (never '$NaN'). */
export function formatBalance(dollars: number | null | undefined): string {
  return typeof dollars === "number" && Number.isFinite(dollars) ? moneyText(dollars) : "—";
}

/** 'line1, city, state postalCode' without empty parts, or 'No address' (spec 001 §2). */
export function formatAddress(address: AccountingAddress | null | undefined): string {
  if (!address) return "No address";
  const stateZip = [address.state, address.postalCode].map((p) => p.trim()).filter(Boolean).join(" ");
  const text = [address.line1, address.city, stateZip].map((p) => p.trim()).filter(Boolean).join(", ");
  return text || "No address";
}

/** 'Email' / 'Print' / 'None' as QuickBooks says it; nothing set reads as '—'. */
export function formatDeliveryMethod(method: string | null | undefined): string {
  return method?.trim() ? method.trim() : "—";
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A QuickBooks time ('2023-01-05T09:12:00-08:00') as QuickBooks shows it, in the company's zone:
 * 'Jan 5, 2023, 9:12 AM (UTC-8)'. No conversion, so the server's and the browser's text agree.
 */
export function formatQboTime(value: string | null | undefined): string {
  if (!value) return "—";
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(value.trim());
  if (!m) return value;
  const [, y, mo, d, h, mi, zone] = m;
  const month = MONTHS[Number(mo) - 1];
  if (!month) return value;
  const hour = Number(h);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${mi} ${hour < 12 ? "AM" : "PM"}`;
  const offset = !zone ? "" : zone === "Z" ? " (UTC)" : ` (UTC${shortOffset(zone)})`;
  return `${month} ${Number(d)}, ${y}, ${clock}${offset}`;
}

/** '-08:00' → '-8', '+05:30' → '+5:30', '+00:00' → '+0'. */
function shortOffset(zone: string): string {
  const [hours, minutes] = zone.slice(1).split(":");
  return `${zone[0]}${Number(hours)}${minutes && minutes !== "00" ? `:${minutes}` : ""}`;
}

function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Which customer of a name search is the order's: the one whose display name is the order's customer name
 * (any case, any spacing), else the first result (QuickBooks orders them by name). None: null ('Not found').
 */
export function pickBalanceMatch<T extends CustomerBalance>(customerName: string, results: readonly T[]): T | null {
  const wanted = normalizeName(customerName);
  return results.find((r) => normalizeName(r.displayName) === wanted) ?? results[0] ?? null;
}
