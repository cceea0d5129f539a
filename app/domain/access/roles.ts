// The five roles, their grants and scopes, and the pure checks on a grant list. Client-safe.
export const ROLE_IDS = ["admin", "logistics-manager", "sales-rep", "warehouse-employee", "delivery-driver"] as const;
export type RoleId = (typeof ROLE_IDS)[number];

export const SCOPES = ["all", "location", "assignment", "own"] as const;
export type Scope = (typeof SCOPES)[number];
export type Grant = { key: GrantKey; scope: Scope };

/** Every grant the product knows, by area. The spec names some; the rest follow `area:action`. */
export const GRANT_KEYS = [
  "home:view",
  "orders:view",
  "orders:update",
  "orders:trucking",
  "picklists:print",
  "picklists:email-enable",
  "picklists:pick",
  "bol:view",
  "bol:create",
  "willcall:create",
  "delivery:perform",
  "delivery:view-order",
  /** Plan drivers' routes: who takes which delivery on which day, in what order (issue 24). */
  "delivery:plan",
  "warehouse:capture",
  "returns:view",
  "returns:update",
  "applications:view",
  "applications:decide",
  "applications:edit",
  "customers:view",
  "reports:view",
  "devanningReports:view",
  "devanningReports:create",
  "devanningReports:review",
  "stockTransferReports:view",
  "stockTransferReports:create",
  "stockTransferReports:update",
  "help:request",
  "help:receive",
  "tasks:view",
  "admin:manage",
  "dev:tools",
] as const;
export type GrantKey = (typeof GRANT_KEYS)[number];

type RoleDefinition = { id: RoleId; name: string; isAdmin: boolean; grants: Grant[] };

const all = (...keys: GrantKey[]): Grant[] => keys.map((key) => ({ key, scope: "all" }));

/** The canonical roles the seed writes and the RBAC debug panel can re-push. */
export const ROLE_DEFINITIONS: Record<RoleId, RoleDefinition> = {
  admin: { id: "admin", name: "Admin", isAdmin: true, grants: all(...GRANT_KEYS) },
  "logistics-manager": {
    id: "logistics-manager",
    name: "Logistics Manager",
    isAdmin: false,
    grants: all(
      "home:view", "orders:view", "orders:update", "orders:trucking", "picklists:print", "picklists:email-enable",
      "picklists:pick", "bol:view", "bol:create", "willcall:create", "delivery:view-order", "delivery:plan", "returns:view",
      "returns:update", "applications:view", "customers:view", "reports:view", "devanningReports:view",
      "devanningReports:create", "devanningReports:review", "stockTransferReports:view",
      "stockTransferReports:create", "stockTransferReports:update", "help:receive", "tasks:view",
    ),
  },
  "sales-rep": {
    id: "sales-rep",
    name: "Sales Rep",
    isAdmin: false,
    grants: [
      ...all("home:view", "orders:view", "picklists:print", "bol:view", "delivery:view-order", "returns:view",
        "applications:view", "customers:view", "tasks:view"),
      { key: "orders:update", scope: "all" },
    ],
  },
  "warehouse-employee": {
    id: "warehouse-employee",
    name: "Warehouse Employee",
    isAdmin: false,
    grants: [
      ...all("home:view", "devanningReports:create", "stockTransferReports:create", "tasks:view"),
      // Every order door of a warehouse employee has one scope: the orders assigned to her (spec 001 §6).
      { key: "orders:view", scope: "assignment" },
      { key: "picklists:pick", scope: "assignment" },
      { key: "warehouse:capture", scope: "assignment" },
      { key: "willcall:create", scope: "assignment" },
    ],
  },
  "delivery-driver": {
    id: "delivery-driver",
    name: "Delivery Driver",
    isAdmin: false,
    grants: [
      ...all("home:view", "returns:view", "help:request", "tasks:view"),
      { key: "orders:view", scope: "location" },
      { key: "delivery:perform", scope: "location" },
    ],
  },
};

/**
 * The two roles the product names by role rather than by grant, because the spec ties people to orders through
 * them: a sales rep is matched to her orders by the order's "created by" (her task list, a short's notice), and a
 * warehouse employee at the order's warehouse is told of a short there. Every other decision reads grants.
 */
export const SALES_REP_ROLE: RoleId = "sales-rep";
export const WAREHOUSE_FLOOR_ROLE: RoleId = "warehouse-employee";

/** The role an account listed in ADMIN_EMAILS gets on its first sign-in: the canonical admin role (else any admin role). */
export const FIRST_ADMIN_ROLE: RoleId = "admin";

/** Whether a person's orders are the ones naming her as their sales rep. */
export function isSalesRep(roleId: string | null | undefined): boolean {
  return roleId === SALES_REP_ROLE;
}

/** Whether a person works a warehouse's floor (told of shorts at her warehouses). */
export function isWarehouseFloor(roleId: string | null | undefined): boolean {
  return roleId === WAREHOUSE_FLOOR_ROLE;
}

/** The grants a picklist passcode session holds: picking only, limited to the passcode's warehouses. */
export const PASSCODE_GRANTS: Grant[] = [{ key: "picklists:pick", scope: "location" }];

export const PASSCODE_EMAIL_PREFIX = "picklist+";

export function isGrantKey(value: string): value is GrantKey {
  return (GRANT_KEYS as readonly string[]).includes(value);
}

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function hasGrant(grants: readonly Grant[], key: GrantKey): boolean {
  return grants.some((g) => g.key === key);
}

export function hasAnyGrant(grants: readonly Grant[], keys: readonly GrantKey[]): boolean {
  return keys.some((k) => hasGrant(grants, k));
}

export function grantScope(grants: readonly Grant[], key: GrantKey): Scope | null {
  return grants.find((g) => g.key === key)?.scope ?? null;
}

/** 'logistics-manager' → 'Logistics Manager'; any other role id is title-cased the same way. */
export function roleLabel(roleId: string | null | undefined): string {
  if (!roleId) return "No role";
  const known = ROLE_DEFINITIONS[roleId as RoleId];
  if (known) return known.name;
  return roleId
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");
}

export function isPasscodeEmail(email: string | null | undefined): boolean {
  return !!email && email.startsWith(PASSCODE_EMAIL_PREFIX);
}
