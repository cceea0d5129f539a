// The verify payload schema and its checks against an order's lines, and email recipient resolution.
import { describe, expect, it } from "vitest";
import { checkPickedItems, verifyBodySchema } from "~/domain/pick-list/verify";
import { findRouting, resolveRecipients, type RoutingEntry } from "~/domain/pick-list/recipients";

const LINES = [
  { lineItemId: "LI-1", sku: "JAS-25", quantity: 10 },
  { lineItemId: "LI-2", sku: "BAS-10", quantity: 3 },
];

describe("verify body", () => {
  it("defaults actor to 'user' and note to ''", () => {
    expect(verifyBodySchema.parse({ pickedItems: [] })).toEqual({ pickedItems: [], actor: "user", note: "" });
  });
  it.each([
    [{}, false],
    [{ pickedItems: [{ lineItemId: "LI-1", quantityPicked: -1 }] }, false],
    [{ pickedItems: [{ lineItemId: "LI-1", quantityPicked: "abc" }] }, false],
    [{ pickedItems: [{ lineItemId: "LI-1", quantityPicked: "4" }] }, true],
    [{ pickedItems: [{ lineItemId: "LI-1", status: "Maybe" }] }, false],
    [{ pickedItems: [{ lineItemId: "LI-1", status: "Issue", quantity: 10, quantityPicked: 2, note: "torn" }] }, true],
  ])("%j parses: %s", (body, ok) => {
    expect(verifyBodySchema.safeParse(body).success).toBe(ok);
  });
});

describe("checkPickedItems", () => {
  const parse = (items: unknown[]) => verifyBodySchema.parse({ pickedItems: items }).pickedItems;
  it("builds results with expected quantities and a summary", () => {
    const out = checkPickedItems(parse([
      { lineItemId: "LI-1", sku: "JAS-25", status: "Picked", quantityPicked: 10 },
      { sku: "BAS-10", status: "Issue", quantityPicked: 1, note: " short " },
    ]), LINES);
    expect(out).toEqual({
      ok: true,
      results: [
        { lineItemId: "LI-1", sku: "JAS-25", key: "LI-1", picked: 10, quantityPicked: 10, expected: 10, status: "Picked", note: "" },
        { lineItemId: "LI-2", sku: "BAS-10", key: "LI-2", picked: 1, quantityPicked: 1, expected: 3, status: "Issue", note: "short" },
      ],
      summary: { pickedCount: 1, issues: 1, total: 2 },
    });
  });
  it.each([
    [[{ lineItemId: "LI-9" }], "Unknown line item: LI-9"],
    [[{ sku: "NOPE" }], "Unknown line item: NOPE"],
    [[{}], "pickedItems.0: lineItemId or sku is required"],
    [[{ lineItemId: "LI-2", quantityPicked: 4 }], "quantityPicked for BAS-10 (4) exceeds the ordered quantity (3)"],
    [[{ lineItemId: "LI-2", quantityPicked: 1.5 }], "quantityPicked for BAS-10 must be a whole number"],
    [[{ lineItemId: "LI-1" }, { sku: "JAS-25" }], "Line item listed twice: LI-1"],
  ])("%j is refused: %s", (items, error) => {
    expect(checkPickedItems(parse(items), LINES)).toEqual({ ok: false, error });
  });
});

describe("email recipients", () => {
  const routing: RoutingEntry[] = [
    { key: "NY-MAIN", enabled: true, to: ["warehouse-ny@x.test"], cc: ["logistics@x.test", "not-an-address"] },
    { key: "NJ Warehouse", enabled: true, to: ["nj@x.test", "nj@x.test"], cc: [] },
    { key: "FL-DIST", enabled: true, to: [], cc: ["a@x.test"] },
    { key: "TX", enabled: false, to: ["tx@x.test"], cc: [] },
  ];
  it.each([
    [{ id: "NY-MAIN", name: "NY Main" }, { to: ["warehouse-ny@x.test"], cc: ["logistics@x.test", "archive@x.test"], routingKey: "NY-MAIN" }],
    [{ id: "ny-main " }, { to: ["warehouse-ny@x.test"], cc: ["logistics@x.test", "archive@x.test"], routingKey: "NY-MAIN" }],
    [{ id: "NJ-WH", name: "NJ Warehouse" }, { to: ["nj@x.test"], cc: ["archive@x.test", "warehouse-ny@x.test"], routingKey: "NJ Warehouse" }],
    [{ id: "FL-DIST" }, null],
    [{ id: "TX" }, null],
    [{ id: "CA" }, null],
    [{}, null],
  ])("%j → %j", (location, expected) => {
    expect(resolveRecipients(routing, location, ["archive@x.test", "warehouse-ny@x.test"])).toEqual(expected);
  });
  it("prefers the id key over the name key", () => {
    expect(findRouting([{ key: "Main", enabled: true, to: ["n@x.test"], cc: [] }, { key: "M1", enabled: true, to: ["i@x.test"], cc: [] }], { id: "M1", name: "Main" })?.key).toBe("M1");
  });
});
