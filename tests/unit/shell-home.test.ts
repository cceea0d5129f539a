// Home page rules: greeting, module cards by role, shortcuts and the module search (spec 000 section 2).
import { describe, expect, it } from "vitest";
import { firstName, greeting } from "~/domain/shell/greeting";
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

describe("moduleCards", () => {
  const titles = (roleId: string | null, isAdmin = false) => moduleCards({ roleId, isAdmin }).map((c) => c.title);
  const all = ["Order Tracking", "Return Forms", "Customer Applications", "Reports", "Payment Tracking", "Customer Service"];

  it.each<[string, string[]]>([
    ["admin", all],
    ["logistics-manager", all],
    ["sales-rep", all],
    ["warehouse-employee", ["Order Tracking", "Reports", "Payment Tracking", "Customer Service"]],
    ["delivery-driver", ["Order Tracking", "Return Forms", "Reports", "Payment Tracking", "Customer Service"]],
  ])("%s", (role, expected) => {
    expect(titles(role, role === "admin")).toEqual(expected);
  });

  it("every card has a title, description and path", () => {
    for (const card of moduleCards({ roleId: "admin", isAdmin: true })) {
      expect(card.title).toBeTruthy();
      expect(card.description).toBeTruthy();
      expect(card.path).toMatch(/^\//);
    }
  });

  it("stub pages carry the spec's lines", () => {
    const cards = moduleCards({ roleId: "admin" });
    expect(cards.find((c) => c.path === "/payment-tracking")?.description).toBe("Monitor payment statuses and records");
    expect(cards.find((c) => c.path === "/customer-service")?.description).toBe("Access support resources and resolve inquiries");
  });
});

describe("shortcuts", () => {
  it.each<[string, string[]]>([
    ["admin", ["Insights", "New Customer"]],
    ["logistics-manager", ["Insights", "New Customer"]],
    ["sales-rep", ["Insights", "New Customer"]],
    ["warehouse-employee", ["Insights"]],
    ["delivery-driver", ["Insights"]],
  ])("%s", (roleId, expected) => {
    expect(shortcuts({ roleId }).map((s) => s.label)).toEqual(expected);
  });

  it("Insights goes to /reports, New Customer to /customer-applications", () => {
    expect(shortcuts({ roleId: "sales-rep" }).map((s) => s.path)).toEqual(["/reports", "/customer-applications"]);
  });
});

describe("searchModules", () => {
  const cards = moduleCards({ roleId: "admin", isAdmin: true });
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
