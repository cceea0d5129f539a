// Home page rules: greeting, module cards by grants, shortcuts and the module search (spec 000 section 2).
import { describe, expect, it } from "vitest";
import { ROLE_DEFINITIONS, type RoleId } from "~/domain/access/roles";
import { firstName, greeting } from "~/domain/shell/greeting";
import { homeKpiTiles, pickSizeText, quickFilterHref, waitedText } from "~/domain/shell/home";
import { enterTarget, moduleCards, searchModules, searchSummary, shortcuts } from "~/domain/shell/modules";

const at = (h: number, m = 0) => new Date(2025, 0, 15, h, m);

describe("greeting", () => {
  it.each<[number, number, string]>([
    [0, 0, "Good morning"],
    [6, 30, "Good morning"],
    [11, 59, "Good morning"],
    [12, 0, "Good afternoon"],
    [16, 59, "Good afternoon"],
    [17, 0, "Good evening"],
    [23, 59, "Good evening"],
  ])("%i:%i → %s", (h, m, expected) => {
    expect(greeting(at(h, m))).toBe(expected);
  });

  it.each<[string, string | null, string]>([
    ["Alice Admin", null, "Alice"],
    ["  Sam  Sales ", null, "Sam"],
    ["", "driver@goldengrain.test", "driver"],
  ])("firstName(%j) → %s", (name, email, expected) => {
    expect(firstName(name, email)).toBe(expected);
  });
});

/** A staff session holding a seeded role's grants (the registry reads grants, never the role's name). */
function staff(roleId: RoleId) {
  const def = ROLE_DEFINITIONS[roleId];
  return { kind: "user" as const, isAdmin: def.isAdmin, grants: def.grants };
}

describe("moduleCards", () => {
  const titles = (roleId: RoleId) => moduleCards(staff(roleId)).map((c) => c.title);
  const all = ["Order Tracking", "Return Forms", "Customer Applications", "Reports", "Payment Tracking", "Customer Service"];

  // Reports only for those whose grants open /reports (decision 032): not the sales rep, not the driver.
  it.each<[RoleId, string[]]>([
    ["admin", all],
    ["logistics-manager", all],
    ["sales-rep", ["Order Tracking", "Return Forms", "Customer Applications", "Payment Tracking", "Customer Service"]],
    ["warehouse-employee", ["Order Tracking", "Reports", "Payment Tracking", "Customer Service"]],
    ["delivery-driver", ["Order Tracking", "Return Forms", "Payment Tracking", "Customer Service"]],
  ])("%s", (role, expected) => {
    expect(titles(role)).toEqual(expected);
  });

  it("a passcode session gets the picking screen alone", () => {
    expect(moduleCards({ kind: "passcode", isAdmin: false, grants: [{ key: "picklists:pick" }] })).toEqual([
      { id: "pick-list", title: "Pick List", description: "Pick and verify order lines", path: "/pick-list" },
    ]);
  });

  it("every card has a title, description and path", () => {
    for (const card of moduleCards(staff("admin"))) {
      expect(card.title).toBeTruthy();
      expect(card.description).toBeTruthy();
      expect(card.path).toMatch(/^\//);
    }
  });

  it("stub pages carry the spec's lines", () => {
    const cards = moduleCards(staff("admin"));
    expect(cards.find((c) => c.path === "/payment-tracking")?.description).toBe("Monitor payment statuses and records");
    expect(cards.find((c) => c.path === "/customer-service")?.description).toBe("Access support resources and resolve inquiries");
  });
});

describe("shortcuts", () => {
  it.each<[RoleId, string[]]>([
    ["admin", ["Insights", "New Customer"]],
    ["logistics-manager", ["Insights", "New Customer"]],
    ["sales-rep", ["New Customer"]],
    ["warehouse-employee", ["Insights"]],
    ["delivery-driver", []],
  ])("%s", (roleId, expected) => {
    expect(shortcuts(staff(roleId)).map((s) => s.label)).toEqual(expected);
  });

  it("Insights goes to /reports, New Customer to the application form", () => {
    expect(shortcuts(staff("admin")).map((s) => s.path)).toEqual(["/reports", "/apply"]);
  });
});

describe("searchModules", () => {
  const cards = moduleCards(staff("admin"));
  it.each<[string, string[]]>([
    ["", cards.map((c) => c.title)],
    ["   ", cards.map((c) => c.title)],
    ["order", ["Order Tracking"]],
    ["ORDER TRACK", ["Order Tracking"]],
    ["payment", ["Order Tracking", "Payment Tracking"]], // description 'Track orders, payments…'
    ["/customer-service", ["Customer Service"]], // by path
    ["inquiries", ["Customer Service"]], // by description
    ["zzz", []],
  ])("%j → %j", (q, expected) => {
    expect(searchModules(cards, q).map((c) => c.title)).toEqual(expected);
  });

  it.each<[number, string, string | null]>([
    [0, "", null],
    [0, "zzz", "No modules found"],
    [1, "order", 'Found 1 module(s) matching "order"'],
    [2, " pay ", 'Found 2 module(s) matching "pay"'],
  ])("summary(%i, %j) → %j", (n, q, expected) => {
    expect(searchSummary(n, q)).toBe(expected);
  });

  it("Enter navigates only with exactly one match", () => {
    expect(enterTarget([{ path: "/reports" }])).toBe("/reports");
    expect(enterTarget([])).toBeNull();
    expect(enterTarget([{ path: "/a" }, { path: "/b" }])).toBeNull();
  });
});

describe("KPI tiles", () => {
  it("each order tile opens Order Tracking with its quick filter; returns open Return Forms", () => {
    const tiles = homeKpiTiles({ ordersToday: 12, awaitingTrucking: 4, notDelivered: 7, pendingReturns: 5 });
    expect(tiles.map((t) => [t.label, t.value, t.to])).toEqual([
      ["Orders Today", 12, "/order-tracking?quick=today"],
      ["Awaiting Trucking", 4, "/order-tracking?quick=awaitingTrucking"],
      ["Not Delivered", 7, "/order-tracking?quick=notDelivered"],
      ["Pending Returns", 5, "/return-forms"],
    ]);
  });

  it.each<[string, Parameters<typeof homeKpiTiles>[0], string[]]>([
    ["a driver (no trucking)", { ordersToday: 1, awaitingTrucking: null, notDelivered: 3, pendingReturns: 2 }, ["orders-today", "not-delivered", "pending-returns"]],
    ["a warehouse employee (no trucking, no returns)", { ordersToday: 0, awaitingTrucking: null, notDelivered: 0, pendingReturns: null }, ["orders-today", "not-delivered"]],
  ])("hides a tile whose count is null: %s", (_who, kpis, ids) => {
    expect(homeKpiTiles(kpis).map((t) => t.id)).toEqual(ids);
  });

  it("a zero is still a tile", () => {
    expect(homeKpiTiles({ ordersToday: 0, awaitingTrucking: 0, notDelivered: 0, pendingReturns: 0 })).toHaveLength(4);
  });

  it.each(["today", "awaitingTrucking", "notDelivered"] as const)("quickFilterHref(%s)", (quick) => {
    expect(quickFilterHref(quick)).toBe(`/order-tracking?quick=${quick}`);
  });
});

describe("the floor's words", () => {
  it.each<[number, number, string]>([
    [1, 1, "1 line · 1 unit"],
    [3, 42, "3 lines · 42 units"],
    [12, 1200, "12 lines · 1,200 units"],
  ])("pickSizeText(%i, %i) → %s", (lines, units, text) => {
    expect(pickSizeText(lines, units)).toBe(text);
  });

  it.each<[number, string]>([
    [0, "Today"],
    [-1, "Today"],
    [1, "1 day"],
    [12, "12 days"],
  ])("waitedText(%i) → %s", (days, text) => {
    expect(waitedText(days)).toBe(text);
  });
});
