// Which order fields each viewer may see (docs/decisions/010-field-visibility.md has the table). Pure and
// client-safe: the services strip, refuse to filter, search, sort or count by what is hidden, and the
// screens hide the matching columns from the same answer.
import { grantScope, type Grant } from "./roles";

export type OrderVisibility = {
  /** paymentStatus (and trackingPaymentStatus), its filter, search, sort and payment tasks. */
  payment: boolean;
  /** truckingCompany, its filter, search, sort and the awaiting-trucking count. */
  trucking: boolean;
  /** Unit prices, line totals and order totals. */
  prices: boolean;
};

export type VisibilityViewer = { kind: "user" | "passcode"; isAdmin: boolean; grants: readonly Grant[] };

const EVERYTHING: OrderVisibility = { payment: true, trucking: true, prices: true };
const NOTHING: OrderVisibility = { payment: false, trucking: false, prices: false };

/**
 * By the viewer's `orders:view` scope, which is what their role is on the floor: office (all) sees
 * everything; a driver (location) sees payment (cash on delivery) and totals (cash due) but not trucking;
 * a warehouse employee (assignment) and a shared picking phone (passcode) see what to pick, not what it
 * costs or who pays or hauls it.
 */
export function orderVisibility(viewer: VisibilityViewer): OrderVisibility {
  if (viewer.isAdmin) return EVERYTHING;
  if (viewer.kind === "passcode") return NOTHING;
  switch (grantScope(viewer.grants, "orders:view")) {
    case "all":
    case "own":
      return EVERYTHING;
    case "location":
      return { payment: true, trucking: false, prices: true };
    default:
      return NOTHING;
  }
}

/** The list fields (search, filter, sort) each visibility flag covers. */
export const HIDDEN_LIST_FIELDS: Record<keyof OrderVisibility, readonly string[]> = {
  payment: ["paymentStatus"],
  trucking: ["truckingCompany"],
  prices: [],
};

export function hiddenOrderFields(visibility: OrderVisibility): string[] {
  const out: string[] = [];
  if (!visibility.payment) out.push("paymentStatus", "trackingPaymentStatus");
  if (!visibility.trucking) out.push("truckingCompany");
  if (!visibility.prices) out.push("totalCents", "total", "unitPrice", "unitPriceCents");
  return out;
}
