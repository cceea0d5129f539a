// Shared shell formatting: relative times, the bell badge, session expiry, audit-event lines.
import { describe, expect, it } from "vitest";
import { describeAuditEvent, humanizeField } from "~/domain/shell/activity";
import { relativeTime } from "~/domain/shell/time";
import { loginRedirect, sessionExpired, shellViewer } from "~/domain/shell/viewer";
import { ROLE_DEFINITIONS } from "~/domain/access/roles";
import { badgeText } from "~/domain/tasks/list";

const now = new Date("2025-03-20T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relativeTime", () => {
  it.each<[string, number, string]>([
    ["now", 0, "Just now"],
    ["59 s", 59_000, "Just now"],
    ["a clock slightly ahead", -5_000, "Just now"],
    ["1 min", MIN, "1m ago"],
    ["59 min", 59 * MIN, "59m ago"],
    ["1 h", HOUR, "1h ago"],
    ["23 h 59", DAY - MIN, "23h ago"],
    ["1 day", DAY, "1d ago"],
    ["6 days", 6 * DAY + HOUR, "6d ago"],
    ["7 days", 7 * DAY, "Mar 13, 2025"],
    ["30 days", 30 * DAY, "Feb 18, 2025"],
  ])("%s → %s", (_label, ms, expected) => {
    expect(relativeTime(ago(ms), now, "UTC")).toBe(expected);
  });

  it("accepts ISO strings", () => {
    expect(relativeTime(ago(5 * MIN).toISOString(), now)).toBe("5m ago");
  });
});

describe("badgeText", () => {
  it.each<[number, string | null]>([
    [0, null],
    [-1, null],
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [250, "9+"],
  ])("%i → %j", (n, expected) => {
    expect(badgeText(n)).toBe(expected);
  });
});

describe("session end", () => {
  it.each<[string, boolean]>([
    ["2025-03-20T12:00:01.000Z", false],
    ["2025-03-20T12:00:00.000Z", true],
    ["2025-03-20T11:00:00.000Z", true],
    ["not a date", true],
  ])("expiry %s at noon → ended %s", (exp, expected) => {
    expect(sessionExpired(exp, now)).toBe(expected);
  });

  it.each<[string, string]>([
    ["/order-tracking?searchBy=orderNumber&search=1#x", "/login?redirectTo=%2Forder-tracking%3FsearchBy%3DorderNumber%26search%3D1%23x"],
    ["//evil.example/x", "/login?redirectTo=%2F"],
    ["https://evil.example", "/login?redirectTo=%2F"],
  ])("loginRedirect(%s)", (path, expected) => {
    expect(loginRedirect(path)).toBe(expected);
  });
});

describe("shellViewer", () => {
  const base = { name: "Dana Driver", email: "driver@goldengrain.test", picture: null, sessionExp: "2025-03-21T00:00:00.000Z" };
  it("the Help button is for delivery drivers only", () => {
    const driver = shellViewer({ ...base, roleId: "delivery-driver", isAdmin: false, grants: ROLE_DEFINITIONS["delivery-driver"].grants });
    const admin = shellViewer({ ...base, roleId: "admin", isAdmin: true, grants: ROLE_DEFINITIONS.admin.grants });
    expect(driver.canRequestHelp).toBe(true);
    expect(admin.canRequestHelp).toBe(false);
    expect(driver.roleLabel).toBe("Delivery Driver");
    expect(driver.grants).toContain("help:request");
  });

  it("a passcode session is flagged, has no bell, and its label says so", () => {
    const v = shellViewer({ ...base, email: "picklist+4@goldengrain.test", roleId: null, isAdmin: false, grants: [{ key: "picklists:pick", scope: "location" }] });
    expect(v.isPasscode).toBe(true);
    expect(v.canSeeTasks).toBe(false);
    expect(v.roleLabel).toBe("Passcode Session");
  });

  it("a role not in the list is title-cased", () => {
    expect(shellViewer({ ...base, roleId: "night-shift_lead", isAdmin: false, grants: [] }).roleLabel).toBe("Night Shift Lead");
  });
});

describe("describeAuditEvent", () => {
  it.each<[Parameters<typeof describeAuditEvent>[0], string]>([
    [{ action: "update", entityType: "order", entityId: "SO-1", changes: [{ field: "paymentStatus", before: "N/A", after: "Paid" }] }, "updated order SO-1: payment status"],
    [{ action: "create", entityType: "return_request", entityId: "R-9", changes: [] }, "created return request R-9"],
    [
      {
        action: "update",
        entityType: "order",
        entityId: "7",
        changes: ["a", "b", "c", "d", "e"].map((field) => ({ field, before: 1, after: 2 })),
      },
      "updated order 7: a, b, c +2 more",
    ],
  ])("%j", (event, expected) => {
    expect(describeAuditEvent(event)).toBe(expected);
  });

  it("humanizes field names", () => {
    expect(humanizeField("truckingCompany")).toBe("trucking company");
    expect(humanizeField("order_type")).toBe("order type");
  });
});

describe("route error pages", async () => {
  const { describeRouteError } = await import("~/components/shell/error-page");
  it.each<[string, unknown, boolean, { code: string; title: string; message: string }]>([
    ["a 404 response", { status: 404, data: null }, true, { code: "404", title: "404 Not Found", message: "The page you are looking for does not exist." }],
    ["a 403 with the guard's text", { status: 403, data: "You do not have access to this page." }, true, { code: "403", title: "Access denied", message: "You do not have access to this page." }],
    ["a 403 with a JSON error", { status: 403, data: { success: false, error: "Not authorized for this order" } }, true, { code: "403", title: "Access denied", message: "Not authorized for this order" }],
    ["a 409 response", { status: 409, statusText: "Conflict", data: { error: "Stale" } }, true, { code: "409", title: "Unexpected Application Error!", message: "409 Conflict — Stale" }],
    ["a thrown Error", new Error("boom"), false, { code: "500", title: "Unexpected Application Error!", message: "boom" }],
  ])("%s", (_label, error, isResponse, expected) => {
    expect(describeRouteError(error, isResponse)).toEqual(expected);
  });
});

describe("Need Help", async () => {
  const { helpEndpoint, helpMessage } = await import("~/domain/shell/help");
  it.each<[string | number | null | undefined, string]>([
    [null, "/api/delivery/unknown/issue-photo"],
    [undefined, "/api/delivery/unknown/issue-photo"],
    ["  ", "/api/delivery/unknown/issue-photo"],
    [42, "/api/delivery/42/need-help"],
    ["SO 1/2", "/api/delivery/SO%201%2F2/need-help"],
  ])("endpoint for order %j → %s", (orderId, expected) => {
    expect(helpEndpoint(orderId)).toBe(expected);
  });

  it.each<[string, string | null, string | null, string]>([
    ["Dan Driver", null, null, "Dan Driver needs help."],
    ["Dan Driver", "  gate locked ", "SO-1", "Dan Driver needs help with order SO-1. Note: gate locked"],
    ["", "", null, "A driver needs help."],
  ])("message (%j, %j, %j)", (name, note, order, expected) => {
    expect(helpMessage(name, note, order)).toBe(expected);
  });
});
