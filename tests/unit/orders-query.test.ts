// The Order Tracking list query string and the assignment matching rule (spec 001 §6, §9).
import { describe, expect, it } from "vitest";
import { matchesAssignee } from "~/domain/orders/assignment";
import { orderListQuerySchema } from "~/domain/orders/query";

describe("orderListQuerySchema", () => {
  it("defaults page 1, searchBy customerOrOrder, no limit (the role decides)", () => {
    const q = orderListQuerySchema.parse({});
    expect(q).toMatchObject({ page: 1, searchBy: "customerOrOrder", light: false });
    expect(q.limit).toBeUndefined();
  });
  it("accepts the screen's call", () => {
    const q = orderListQuerySchema.parse({ page: "3", limit: "25", light: "true", search: "golden", searchBy: "customerName", sort: "orderDate", dir: "asc", quick: "today" });
    expect(q).toMatchObject({ page: 3, limit: 25, light: true, search: "golden", searchBy: "customerName", sort: "orderDate", dir: "asc", quick: "today" });
  });
  it("treats blank values as absent", () => {
    expect(orderListQuerySchema.parse({ search: "  ", sort: "", quick: "", page: "" })).toMatchObject({ page: 1, search: undefined, sort: undefined });
  });
  it.each([
    [{ limit: "10000" }, "limit"],
    [{ limit: "0" }, "limit"],
    [{ limit: "abc" }, "limit"],
    [{ page: "0" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ searchBy: "notes" }, "searchBy"],
    [{ sort: "notes; DROP TABLE orders" }, "sort"],
    [{ dir: "sideways" }, "dir"],
    [{ quick: "everything" }, "quick"],
    [{ searchBy: "orderDate", search: "06/18/2025" }, "search"],
    [{ searchBy: "orderDate", search: "2025-02-30" }, "search"],
  ])("rejects %j (%s)", (raw, field) => {
    const r = orderListQuerySchema.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path[0]).toBe(field);
  });
  it("accepts a real day for the date search", () => {
    expect(orderListQuerySchema.parse({ searchBy: "orderDate", search: "2025-06-18" }).search).toBe("2025-06-18");
  });
});

describe("matchesAssignee", () => {
  const wendy = { email: "warehouse@goldengrain.test", name: "Wendy Warehouse", workerNames: ["Wendy Warehouse", "W. Lead"] };
  it.each([
    [["Wendy Warehouse"], true],
    [["wendy warehouse"], true],
    [["Wendy"], true],
    [["Released by: Wendy"], true],
    [["Kevin Chen", "WENDY"], true],
    [["Picker warehouse@goldengrain.test"], true],
    [["W. Lead"], true],
    [["Wendyl"], false],
    [["Kevin Chen"], false],
    [["ALL"], false],
    [[], false],
    [["Warehouse"], false],
  ])("%j → %s", (labels, expected) => {
    expect(matchesAssignee(labels, wendy)).toBe(expected);
  });
  it("a phrase never spans two labels", () => {
    expect(matchesAssignee(["Kevin Wendy", "Warehouse Crew"], { email: "", name: "Wendy Warehouse", workerNames: [] })).toBe(true); // first name
    expect(matchesAssignee(["Kevin Wendy", "Warehouse Crew"], { email: "", name: "Xavier Wendy Warehouse", workerNames: ["Wendy Warehouse"] })).toBe(false);
  });
});
