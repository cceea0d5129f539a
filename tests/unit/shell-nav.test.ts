// Navigation by grants (spec 000 section 2, through the area registry), computed on the server.
import { describe, expect, it } from "vitest";
import { ROLE_DEFINITIONS, type RoleId } from "~/domain/access/roles";
import { isActivePath, navItems } from "~/domain/shell/nav";

function viewerFor(roleId: RoleId, email = `${roleId}@goldengrain.test`) {
  const def = ROLE_DEFINITIONS[roleId];
  return { roleId, isAdmin: def.isAdmin, grants: def.grants.map((g) => g.key), email };
}

const labels = (v: Parameters<typeof navItems>[0]) => navItems(v).map((i) => i.label);

describe("navItems by seeded role", () => {
  it.each<[RoleId, string[]]>([
    ["admin", ["Home", "Order Tracking", "Return Forms", "Customer Applications", "Delivery Routes", "QuickBooks Customers", "Reports", "Admin"]],
    ["logistics-manager", ["Home", "Order Tracking", "Return Forms", "Customer Applications", "Delivery Routes", "QuickBooks Customers", "Reports"]],
    ["sales-rep", ["Home", "Order Tracking", "Return Forms", "Customer Applications", "QuickBooks Customers"]],
    ["warehouse-employee", ["Home", "Order Tracking", "Reports"]],
    ["delivery-driver", ["Home", "Order Tracking", "Return Forms"]],
  ])("%s sees %j", (role, expected) => {
    expect(labels(viewerFor(role))).toEqual(expected);
  });
});

describe("navItems rules", () => {
  const none = { roleId: null, isAdmin: false, grants: [] as string[], email: "x@goldengrain.test" };

  it("a member whose role holds no grants sees Home alone: every other link would be refused", () => {
    expect(labels(none)).toEqual(["Home"]);
    expect(labels({ ...none, roleId: "custom-role" })).toEqual(["Home"]);
  });

  it.each<[string, string]>([
    ["orders:view", "Order Tracking"],
    ["returns:view", "Return Forms"],
    ["applications:view", "Customer Applications"],
    ["customers:view", "QuickBooks Customers"],
  ])("the grant %s, which opens its route, shows %s", (grant, label) => {
    expect(labels({ ...none, grants: [grant] })).toEqual(["Home", label]);
  });

  it("the role's name decides nothing: a sales-rep role without grants sees Home alone", () => {
    expect(labels({ ...none, roleId: "sales-rep" })).toEqual(["Home"]);
    expect(labels({ ...none, roleId: "warehouse-employee", grants: ["returns:view"] })).toContain("Return Forms");
  });

  it("QuickBooks Customers follows its route's grant (customers:view), not applications:view", () => {
    const l = labels({ ...none, roleId: "custom-role", grants: ["applications:view"] });
    expect(l).toContain("Customer Applications");
    expect(l).not.toContain("QuickBooks Customers");
  });

  it.each(["reports:view", "devanningReports:view", "devanningReports:create", "stockTransferReports:view", "stockTransferReports:create"])(
    "Reports for the grant %s",
    (grant) => {
      expect(labels({ ...none, grants: [grant] })).toContain("Reports");
    },
  );

  it("no Reports for unrelated grants", () => {
    expect(labels({ ...none, grants: ["orders:view", "devanningReports:review"] })).not.toContain("Reports");
  });

  it("Admin only when isAdmin, pointing to /admin/access/users", () => {
    expect(labels({ ...none, roleId: "logistics-manager", grants: ["admin:manage"] })).not.toContain("Admin");
    const admin = navItems({ ...none, roleId: "admin", isAdmin: true }).find((i) => i.label === "Admin");
    expect(admin?.to).toBe("/admin/access/users");
  });

  it("a picklist passcode session sees Home and Pick List only", () => {
    expect(navItems({ roleId: null, isAdmin: false, grants: ["picklists:pick"], email: "picklist+3@goldengrain.test" })).toEqual([
      { id: "home", label: "Home", to: "/", section: "main" },
      { id: "pick-list", label: "Pick List", to: "/pick-list", section: "main" },
    ]);
  });

  it("drawer sections: Main holds the first five links (Delivery Routes for planners, issue 24), Management the rest", () => {
    const items = navItems(viewerFor("admin"));
    expect(items.filter((i) => i.section === "main").map((i) => i.label)).toEqual(["Home", "Order Tracking", "Return Forms", "Customer Applications", "Delivery Routes"]);
    expect(items.filter((i) => i.section === "management").map((i) => i.label)).toEqual(["QuickBooks Customers", "Reports", "Admin"]);
  });

  it("paths follow the route table", () => {
    expect(Object.fromEntries(navItems(viewerFor("admin")).map((i) => [i.label, i.to]))).toEqual({
      Home: "/",
      "Order Tracking": "/order-tracking",
      "Return Forms": "/return-forms",
      "Customer Applications": "/customer-applications",
      "Delivery Routes": "/delivery-routes",
      "QuickBooks Customers": "/quickbooks-customers",
      Reports: "/reports",
      Admin: "/admin/access/users",
    });
  });
});

describe("isActivePath", () => {
  it.each<[string, string, boolean]>([
    ["/", "/", true],
    ["/", "/reports", false],
    ["/reports", "/reports", true],
    ["/reports", "/reports/devanning", true],
    ["/reports", "/reportsx", false],
    ["/admin/access/users", "/admin/access/locations", true],
  ])("%s active at %s: %s", (to, path, expected) => {
    expect(isActivePath(to, path)).toBe(expected);
  });
});
