// Which navigation links a viewer sees (spec 000 section 2), computed on the server from role and grants.
import { isPasscodeEmail } from "~/domain/access/roles";

export type NavSection = "main" | "management";
export type NavItem = { id: string; label: string; to: string; section: NavSection };
export type NavViewer = { roleId: string | null; isAdmin: boolean; grants: readonly string[]; email: string };

/** Roles the spec names for Customer Applications, New Customer and QuickBooks Customers. */
export const CUSTOMER_ROLES = ["admin", "logistics-manager", "sales-rep"] as const;

export const REPORT_GRANTS = [
  "reports:view",
  "devanningReports:view",
  "devanningReports:create",
  "stockTransferReports:view",
  "stockTransferReports:create",
] as const;

export function isCustomerRole(roleId: string | null, isAdmin = false): boolean {
  return isAdmin || (CUSTOMER_ROLES as readonly string[]).includes(roleId ?? "");
}

// Every link, in the order the spec lists them. The mobile drawer's 'Main' section is the first four.
const LINKS: Array<NavItem & { visible: (v: NavViewer) => boolean }> = [
  { id: "home", label: "Home", to: "/", section: "main", visible: () => true },
  { id: "order-tracking", label: "Order Tracking", to: "/order-tracking", section: "main", visible: () => true },
  {
    id: "return-forms",
    label: "Return Forms",
    to: "/return-forms",
    section: "main",
    visible: (v) => v.isAdmin || v.roleId !== "warehouse-employee",
  },
  {
    id: "customer-applications",
    label: "Customer Applications",
    to: "/customer-applications",
    section: "main",
    visible: (v) => isCustomerRole(v.roleId, v.isAdmin),
  },
  {
    id: "quickbooks-customers",
    label: "QuickBooks Customers",
    to: "/quickbooks-customers",
    section: "management",
    visible: (v) => v.grants.includes("applications:view") || isCustomerRole(v.roleId, v.isAdmin),
  },
  {
    id: "reports",
    label: "Reports",
    to: "/reports",
    section: "management",
    visible: (v) => v.isAdmin || REPORT_GRANTS.some((g) => v.grants.includes(g)),
  },
  { id: "admin", label: "Admin", to: "/admin/access/users", section: "management", visible: (v) => v.isAdmin },
];

// A picklist passcode session has no role and may only pick: the spec is silent, so it gets Home and
// the picking screen (docs/decisions: the passcode identity sees only what it can use).
const PASSCODE_LINKS: NavItem[] = [
  { id: "home", label: "Home", to: "/", section: "main" },
  { id: "pick-list", label: "Pick List", to: "/pick-list", section: "main" },
];

export function navItems(viewer: NavViewer): NavItem[] {
  if (isPasscodeEmail(viewer.email)) return PASSCODE_LINKS.map((l) => ({ ...l }));
  return LINKS.filter((l) => l.visible(viewer)).map(({ id, label, to, section }) => ({ id, label, to, section }));
}

/** True when `pathname` is inside the link's area (Home only matches exactly). */
export function isActivePath(linkTo: string, pathname: string): boolean {
  if (linkTo === "/") return pathname === "/";
  const area = linkTo.startsWith("/admin/") ? "/admin" : linkTo;
  return pathname === area || pathname.startsWith(`${area}/`);
}
