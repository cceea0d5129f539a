// Home page module cards, shortcuts and the module search (spec 000 section 2, 'Home page').
import { isCustomerRole } from "./nav";

export type ModuleCard = { id: string; title: string; description: string; path: string };
export type Shortcut = { id: string; label: string; path: string };
type RoleInput = { roleId: string | null; isAdmin?: boolean };

const CARDS: Array<ModuleCard & { visible: (v: RoleInput) => boolean }> = [
  {
    id: "order-tracking",
    title: "Order Tracking",
    description: "Track orders, payments, trucking and deliveries",
    path: "/order-tracking",
    visible: () => true,
  },
  {
    id: "return-forms",
    title: "Return Forms",
    description: "Submit and manage product return requests",
    path: "/return-forms",
    visible: (v) => !!v.isAdmin || v.roleId !== "warehouse-employee",
  },
  {
    id: "customer-applications",
    title: "Customer Applications",
    description: "Review and process new customer applications",
    path: "/customer-applications",
    visible: (v) => isCustomerRole(v.roleId, v.isAdmin),
  },
  {
    id: "reports",
    title: "Reports",
    description: "Stock transfer receiving and devanning reports",
    path: "/reports",
    visible: () => true,
  },
  {
    id: "payment-tracking",
    title: "Payment Tracking",
    description: "Monitor payment statuses and records",
    path: "/payment-tracking",
    visible: () => true,
  },
  {
    id: "customer-service",
    title: "Customer Service",
    description: "Access support resources and resolve inquiries",
    path: "/customer-service",
    visible: () => true,
  },
];

export function moduleCards(viewer: RoleInput): ModuleCard[] {
  return CARDS.filter((c) => c.visible(viewer)).map(({ id, title, description, path }) => ({ id, title, description, path }));
}

/** A picklist passcode session can only pick: its home shows the picking screen alone. */
export function passcodeCards(): ModuleCard[] {
  return [{ id: "pick-list", title: "Pick List", description: "Pick and verify order lines", path: "/pick-list" }];
}

export function shortcuts(viewer: RoleInput): Shortcut[] {
  const list: Shortcut[] = [{ id: "insights", label: "Insights", path: "/reports" }];
  if (isCustomerRole(viewer.roleId, viewer.isAdmin)) {
    list.push({ id: "new-customer", label: "New Customer", path: "/apply" }); // the application form, as customers see it
  }
  return list;
}

/** Case-insensitive match on title, description or path; a blank query keeps every card. */
export function searchModules<T extends Pick<ModuleCard, "title" | "description" | "path">>(cards: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...cards];
  return cards.filter((c) => [c.title, c.description, c.path].some((field) => field.toLowerCase().includes(q)));
}

/** The line under the search box; null while the box is blank. */
export function searchSummary(count: number, query: string): string | null {
  const q = query.trim();
  if (!q) return null;
  if (count === 0) return "No modules found";
  return `Found ${count} module(s) matching "${q}"`;
}

/** Enter navigates only when the search leaves exactly one card. */
export function enterTarget(matches: readonly Pick<ModuleCard, "path">[]): string | null {
  return matches.length === 1 ? matches[0]!.path : null;
}
