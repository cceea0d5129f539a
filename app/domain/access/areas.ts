// The area registry: each business area declares once its page, the route and policy that guard it, its
// navigation entry, its home card and its shortcuts. The navigation, the home page and the tests read it, and
// a link is offered by the same predicate the guard opens its route by (docs/decisions/032-area-registry.md).
import { PICK_GRANTS } from "~/domain/pick-list/grants";
import { REPORTS_PAGE_GRANTS } from "~/domain/reports/access";
import { policies, type Policy } from "./policy";
import { viewerSatisfies, type PolicyViewer } from "./policy-check";

export type AreaViewer = PolicyViewer;
export type NavSection = "main" | "management";

/** A link a shortcut adds beside an area (its target may be another route than the area's page). */
export type AreaShortcut = {
  id: string;
  label: string;
  path: string;
  /** The route module that answers `path`, and the policy it exports (a test holds them equal). */
  route: string;
  policy: Policy;
  /** Its place among the home page's shortcuts (spec 000: Insights, then New Customer). */
  position: number;
};

export type Area = {
  id: string;
  /** The page its navigation entry and card open. */
  path: string;
  /** The Remix route id that answers `path`; its exported `policy` equals `policy` (tests/integration/navigation-links.test.ts). */
  route: string;
  /** The route's door. */
  policy: Policy;
  /**
   * The page's own check when its door is wider: the picking screen's route is public and its gate asks for a
   * pick grant. The page opens for those who pass both.
   */
  gate?: Policy;
  /** The kinds of session its navigation entry, card and shortcuts are listed for; absent: both. */
  sessions?: readonly AreaViewer["kind"][];
  nav?: { label: string; section: NavSection };
  card?: { title: string; description: string };
  /** Listed with the area, for those it is listed for. */
  shortcuts?: readonly AreaShortcut[];
};

/** In the order the spec lists the navigation (000 §2); the cards keep the same relative order. */
export const AREAS: readonly Area[] = [
  {
    id: "home",
    path: "/",
    route: "routes/_app._index",
    policy: policies.viewer,
    nav: { label: "Home", section: "main" },
  },
  {
    id: "order-tracking",
    path: "/order-tracking",
    route: "routes/_app.order-tracking",
    policy: policies.grant("orders:view"),
    nav: { label: "Order Tracking", section: "main" },
    card: { title: "Order Tracking", description: "Track orders, payments, trucking and deliveries" },
  },
  {
    id: "return-forms",
    path: "/return-forms",
    route: "routes/_app.return-forms",
    policy: policies.grant("returns:view"),
    nav: { label: "Return Forms", section: "main" },
    card: { title: "Return Forms", description: "Submit and manage product return requests" },
  },
  {
    id: "customer-applications",
    path: "/customer-applications",
    route: "routes/_app.customer-applications",
    policy: policies.grant("applications:view"),
    nav: { label: "Customer Applications", section: "main" },
    card: { title: "Customer Applications", description: "Review and process new customer applications" },
    // The application form, as customers see it: offered to those who review applications.
    shortcuts: [{ id: "new-customer", label: "New Customer", path: "/apply", route: "routes/apply", policy: policies.public, position: 2 }],
  },
  {
    id: "pick-list",
    path: "/pick-list",
    route: "routes/pick-list",
    policy: policies.public,
    gate: policies.grant(...PICK_GRANTS),
    // A shared picking phone's shell is Home and Pick List; staff who pick reach it from their picks and tasks.
    sessions: ["passcode"],
    nav: { label: "Pick List", section: "main" },
    card: { title: "Pick List", description: "Pick and verify order lines" },
  },
  {
    // Issue 24: logistics plans which driver takes which delivery on which day, in what order.
    id: "delivery-routes",
    path: "/delivery-routes",
    route: "routes/_app.delivery-routes",
    policy: policies.grant("delivery:plan"),
    sessions: ["user"],
    nav: { label: "Delivery Routes", section: "main" },
  },
  {
    id: "quickbooks-customers",
    path: "/quickbooks-customers",
    route: "routes/_app.quickbooks-customers",
    policy: policies.grant("customers:view"),
    nav: { label: "QuickBooks Customers", section: "management" },
  },
  {
    id: "reports",
    path: "/reports",
    route: "routes/_app.reports._index",
    policy: policies.grant(...REPORTS_PAGE_GRANTS),
    nav: { label: "Reports", section: "management" },
    card: { title: "Reports", description: "Stock transfer receiving and devanning reports" },
    shortcuts: [{ id: "insights", label: "Insights", path: "/reports", route: "routes/_app.reports._index", policy: policies.grant(...REPORTS_PAGE_GRANTS), position: 1 }],
  },
  {
    id: "admin",
    path: "/admin/access/users",
    route: "routes/_app.admin.access.users",
    policy: policies.admin,
    nav: { label: "Admin", section: "management" },
  },
  {
    id: "payment-tracking",
    path: "/payment-tracking",
    route: "routes/_app.payment-tracking",
    policy: policies.staff,
    card: { title: "Payment Tracking", description: "Monitor payment statuses and records" },
  },
  {
    id: "customer-service",
    path: "/customer-service",
    route: "routes/_app.customer-service",
    policy: policies.staff,
    card: { title: "Customer Service", description: "Access support resources and resolve inquiries" },
  },
];

/** Whether the area's page opens for the viewer: the guard's own predicate on its policy (and on its gate). */
export function opensFor(viewer: AreaViewer, area: Area): boolean {
  return viewerSatisfies(viewer, area.policy) && (!area.gate || viewerSatisfies(viewer, area.gate));
}

/** Whether the area's navigation entry, card and shortcuts are listed for the viewer: it opens for them, and the session kind fits. */
export function listedFor(viewer: AreaViewer, area: Area): boolean {
  return (!area.sessions || area.sessions.includes(viewer.kind)) && opensFor(viewer, area);
}

/** The areas listed for the viewer, in the registry's order. */
export function areasFor(viewer: AreaViewer): Area[] {
  return AREAS.filter((area) => listedFor(viewer, area));
}

/** The area a link opens: the one whose page is the link's path or holds it ('/reports/devanning'); Home only exactly. */
export function areaOfLink(href: string): Area | null {
  const path = href.split(/[?#]/, 1)[0] ?? "";
  let found: Area | null = null;
  for (const area of AREAS) {
    const inside = area.path === "/" ? path === "/" : path === area.path || path.startsWith(`${area.path}/`);
    if (inside && (!found || area.path.length > found.path.length)) found = area;
  }
  return found;
}

/**
 * Whether a link the server is about to hand a screen (a KPI tile, an activity line) opens for this viewer. A link
 * into no registered area is not offered: every link the shell shows belongs to an area.
 */
export function mayOpen(viewer: AreaViewer, href: string): boolean {
  const area = areaOfLink(href);
  return !!area && opensFor(viewer, area);
}
