// Pure access rules: redirect targets, passcode rate limiting, role labels and grant checks.
import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "~/domain/access/redirect";
import { passcodeRateDecision } from "~/domain/access/rate-limit";
import { hasAnyGrant, isPasscodeEmail, isSalesRep, isWarehouseFloor, roleLabel, ROLE_DEFINITIONS } from "~/domain/access/roles";

describe("post-login redirect target must start with '/'", () => {
  it.each([
    ["/order-tracking?searchBy=orderNumber&search=SO-1#order-SO-1", "/order-tracking?searchBy=orderNumber&search=SO-1#order-SO-1"],
    ["/", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [null, "/"],
    ["relative/path", "/"],
    ["/login?redirectTo=/x", "/"],
    ["/a\nb", "/"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirectTarget(input as string | null)).toBe(expected);
  });
});

describe("passcode attempts are limited to 5 failures per 15 minutes", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (min: number) => new Date(now.getTime() - min * 60_000).toISOString();
  it.each([
    { failures: [], allowed: true },
    { failures: [ago(1), ago(2), ago(3), ago(4)], allowed: true },
    { failures: [ago(1), ago(2), ago(3), ago(4), ago(5)], allowed: false, retry: 10 * 60 },
    { failures: [ago(16), ago(17), ago(18), ago(19), ago(20)], allowed: true },
    { failures: [ago(14), ago(1), ago(1), ago(1), ago(1), ago(1)], allowed: false, retry: 14 * 60 },
  ])("$failures.length failures → allowed $allowed", ({ failures, allowed, retry }) => {
    const d = passcodeRateDecision(failures, now);
    expect(d.allowed).toBe(allowed);
    if (!d.allowed) expect(d.retryAfterSeconds).toBe(retry);
  });
});

describe("role labels", () => {
  it.each([
    ["admin", "Admin"],
    ["logistics-manager", "Logistics Manager"],
    ["delivery-driver", "Delivery Driver"],
    ["night-shift_lead", "Night Shift Lead"],
    [null, "No role"],
  ])("%s → %s", (id, label) => expect(roleLabel(id)).toBe(label));
});

describe("grants of the five roles", () => {
  it.each([
    ["admin", "admin:manage", true],
    ["logistics-manager", "admin:manage", false],
    ["logistics-manager", "picklists:print", true],
    ["sales-rep", "orders:trucking", false],
    ["sales-rep", "applications:view", true],
    ["warehouse-employee", "returns:view", false],
    ["warehouse-employee", "devanningReports:create", true],
    ["delivery-driver", "delivery:perform", true],
    ["delivery-driver", "picklists:print", false],
  ] as const)("%s holds %s: %s", (role, key, expected) => {
    expect(hasAnyGrant(ROLE_DEFINITIONS[role].grants, [key])).toBe(expected);
  });
  it("recognises passcode identities by the picklist+ prefix", () => {
    expect(isPasscodeEmail("picklist+3@goldengrain.test")).toBe(true);
    expect(isPasscodeEmail("admin@goldengrain.test")).toBe(false);
  });
});

describe("the two roles named by role rather than by grant", () => {
  it.each([
    ["sales-rep", true, false],
    ["warehouse-employee", false, true],
    ["admin", false, false],
    ["logistics-manager", false, false],
    ["delivery-driver", false, false],
    [null, false, false],
    [undefined, false, false],
    ["Sales-Rep", false, false],
    ["", false, false],
  ] as const)("%j: sales rep %s, warehouse floor %s", (role, rep, floor) => {
    expect(isSalesRep(role)).toBe(rep);
    expect(isWarehouseFloor(role)).toBe(floor);
  });
});
