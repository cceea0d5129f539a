// statusAfterEdit: every status × every kind of edit (issue 14, decision 018). An unrelated edit never
// moves an order backwards in its type's pipeline; an edit to what the status depends on still does.
import { describe, expect, it } from "vitest";
import { DELIVERED_STATUSES } from "~/domain/orders/constants";
import { statusAfterEdit, statusOptions } from "~/domain/orders/status";

const W = ["Wendy Warehouse"];
type Before = { orderStatus: string; paymentStatus: string; warehouseAssignment: string[] };
type EditKind = "note" | "paid→other paid" | "paid→pending" | "pending→paid" | "assign more" | "unassign all";

function edit(kind: EditKind, before: Before) {
  switch (kind) {
    case "note":
      return { paymentStatus: before.paymentStatus, warehouseAssignment: before.warehouseAssignment };
    case "paid→other paid":
      return { paymentStatus: "Paid: Zelle", warehouseAssignment: before.warehouseAssignment };
    case "paid→pending":
      return { paymentStatus: "Payment Pending", warehouseAssignment: before.warehouseAssignment };
    case "pending→paid":
      return { paymentStatus: "Paid", warehouseAssignment: before.warehouseAssignment };
    case "assign more":
      return { paymentStatus: before.paymentStatus, warehouseAssignment: [...before.warehouseAssignment, "Pedro Picker"] };
    case "unassign all":
      return { paymentStatus: before.paymentStatus, warehouseAssignment: [] };
  }
}

// [status before, payment before, assigned before, edit, expected] for a Freight order.
const FREIGHT: [string, string, string[], EditKind, string][] = [
  ["Picked", "Paid", W, "note", "Picked"],
  ["Picked", "Paid", W, "paid→other paid", "Picked"],
  ["Picked", "Paid", W, "assign more", "Picked"],
  ["Picked", "Paid", W, "paid→pending", "Pending Payment"],
  ["Picked", "Paid", W, "unassign all", "Pending Assignment"],
  ["Pending BL", "Paid", W, "note", "Pending BL"],
  ["Pending BL", "Paid", W, "paid→pending", "Pending Payment"],
  ["Pending BL", "Paid", W, "unassign all", "Pending Assignment"],
  ["Pickup Pending", "Net 30", W, "note", "Pickup Pending"],
  ["Pickup Pending", "Net 30", W, "assign more", "Pickup Pending"],
  ["Picking", "Paid", W, "note", "Picking"],
  ["Picking", "Paid", W, "unassign all", "Pending Assignment"],
  ["Pending Assignment", "Paid", [], "assign more", "Picking"],
  ["Pending Assignment", "Paid", [], "note", "Pending Assignment"],
  ["Pending Payment", "Payment Pending", W, "pending→paid", "Picking"],
  ["Pending Payment", "Payment Pending", [], "pending→paid", "Pending Assignment"],
  ["Pending Payment", "Payment Pending", W, "note", "Pending Payment"],
  // Picked while payment was still pending (picking finished first): a note keeps it Picked.
  ["Picked", "Payment Pending", W, "note", "Picked"],
  ["Picked", "Cash On Delivery", W, "assign more", "Picked"],
  ["Cancelled", "Paid", W, "note", "Cancelled"],
  ["Cancelled", "Paid", W, "unassign all", "Cancelled"],
  ["Delivered", "Paid", W, "paid→pending", "Delivered"],
  ["Pending BL", "Paid", W, "pending→paid", "Pending BL"],
];

describe("statusAfterEdit, Freight", () => {
  it.each(FREIGHT)("%s (%s, %j) after %s → %s", (orderStatus, paymentStatus, warehouseAssignment, kind, expected) => {
    const before = { orderStatus, paymentStatus, warehouseAssignment };
    expect(statusAfterEdit({ before, after: { orderType: "Freight", ...edit(kind, before) } })).toBe(expected);
  });
});

describe("statusAfterEdit, every type × status × edit", () => {
  const types = ["Freight", "Will Call", "NY/NJ Delivery", "Pickup", ""];
  const kinds: EditKind[] = ["note", "paid→other paid", "paid→pending", "pending→paid", "assign more", "unassign all"];
  const rank = (type: string, s: string) => (s === "Pending Payment" ? -1 : statusOptions(type).indexOf(s));

  for (const type of types) {
    const statuses = ["Pending Payment", ...statusOptions(type), ...DELIVERED_STATUSES];
    for (const orderStatus of statuses) {
      for (const kind of kinds) {
        for (const paymentStatus of ["Paid", "Payment Pending"]) {
          const before = { orderStatus, paymentStatus, warehouseAssignment: W };
          const after = { orderType: type, ...edit(kind, before) };
          const dependencyChanged = kind === "unassign all" || (kind === "paid→pending" && paymentStatus === "Paid");
          it(`${type || "(none)"}: ${orderStatus}, ${paymentStatus}, ${kind}`, () => {
            const result = statusAfterEdit({ before, after });
            const kept = (DELIVERED_STATUSES as readonly string[]).includes(orderStatus) || ["Cancelled", "Complete"].includes(orderStatus);
            if (kept) return expect(result).toBe(orderStatus);
            if (dependencyChanged) {
              return expect(result).toBe(kind === "unassign all" && !["Payment Pending"].includes(after.paymentStatus) ? "Pending Assignment" : "Pending Payment");
            }
            // Never backwards: the result is at or after where the order was.
            expect(rank(type, result)).toBeGreaterThanOrEqual(rank(type, orderStatus));
          });
        }
      }
    }
  }
});
