// Recent activity as sentences: who did what to which record, and the link that opens it.
import { describe, expect, it } from "vitest";
import { describeActivity, joinWords, type ActivityEvent } from "~/domain/shell/activity";

const order = (action: string, changes: ActivityEvent["changes"] = [], actorName = "Alice Admin"): ActivityEvent => ({
  actorName,
  actorEmail: "admin@goldengrain.test",
  entityType: "order",
  entityId: "SO-100301",
  action,
  changes,
});
const change = (field: string, before: unknown, after: unknown) => ({ field, before, after });

describe("describeActivity", () => {
  it.each<[ActivityEvent, string]>([
    [order("release-order.email", [change("releaseOrderEmailedAt", null, "2025-06-30T10:00:00Z")]), "Alice Admin emailed the pick list for SO-100301"],
    [order("release-order.generate", [change("releaseOrderGeneratedAt", null, "x")]), "Alice Admin generated the pick list for SO-100301"],
    [order("release-order.regenerate"), "Alice Admin regenerated the pick list for SO-100301"],
    [order("release-order.email-enable"), "Alice Admin re-enabled emailing the pick list for SO-100301"],
    [order("update", [change("orderStatus", "Picking", "Picked")], "Wendy Warehouse"), "Wendy Warehouse picked SO-100301"],
    [order("update", [change("orderStatus", "Picking", "Out for Delivery")]), "Alice Admin moved SO-100301 to Out for Delivery"],
    [order("update", [change("paymentStatus", "N/A", "Net 30")], "Sam Sales"), "Sam Sales set the payment of SO-100301 to Net 30"],
    [order("update", [change("truckingCompany", "", "Estes")]), "Alice Admin set the trucking company of SO-100301 to Estes"],
    [order("update", [change("truckingCompany", "Estes", "")]), "Alice Admin cleared the trucking company of SO-100301"],
    [order("update", [change("warehouseAssignment", [], ["Wendy Warehouse", "Kevin Chen"])]), "Alice Admin assigned SO-100301 to Wendy Warehouse, Kevin Chen"],
    [order("update", [change("warehouseAssignment", ["Wendy"], [])]), "Alice Admin unassigned SO-100301"],
    [order("update", [change("orderType", "Freight", "Will Call")]), "Alice Admin changed the order type of SO-100301 to Will Call"],
    [order("update", [change("notes", "", "Call first")]), "Alice Admin updated the notes on SO-100301"],
    [order("update", [change("deliveryWindow", null, "9-11")]), "Alice Admin updated the delivery window of SO-100301"],
    [
      order("update", [change("paymentStatus", "N/A", "Net 30"), change("warehouseAssignment", [], ["Wendy"]), change("orderStatus", "Pending Assignment", "Picking")], "Sam Sales"),
      "Sam Sales updated SO-100301: payment, assignment and status",
    ],
    [order("update"), "Alice Admin updated SO-100301"],
    [order("create"), "Alice Admin created SO-100301"],
    [{ ...order("create"), entityType: "return_request", entityId: "R-9" }, "Alice Admin created return request R-9"],
    [{ ...order("update", [change("status", "pending", "approved")]), entityType: "user", entityId: "7" }, "Alice Admin updated user 7: status"],
  ])("%j → %s", (event, sentence) => {
    expect(describeActivity(event).sentence).toBe(sentence);
  });

  it("names the actor by name, else e-mail, else System", () => {
    expect(describeActivity({ ...order("update"), actorName: "" }).actor).toBe("admin@goldengrain.test");
    expect(describeActivity({ ...order("update"), actorName: null, actorEmail: "" }).sentence).toBe("System updated SO-100301");
  });

  it.each<[string, string, string | null]>([
    ["order", "SO-100301", "/order-tracking#order-SO-100301"],
    ["return_request", "R-9", "/return-forms#return-R-9"],
    ["application", "A 1", "/customer-applications#app-A%201"],
    ["user", "7", null],
    ["order", "", null],
  ])("a %s %j opens %s", (entityType, entityId, href) => {
    expect(describeActivity({ ...order("update"), entityType, entityId }).href).toBe(href);
  });

  it.each<[string[], string]>([
    [[], ""],
    [["a"], "a"],
    [["a", "b"], "a and b"],
    [["a", "b", "c"], "a, b and c"],
  ])("joinWords(%j) → %j", (words, text) => {
    expect(joinWords(words)).toBe(text);
  });
});
