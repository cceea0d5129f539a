// The admin panel's shell (spec 002 §2): the 'Admin Panel' rail (Users, Locations, Workers, Email Routing,
// Picklist Passcodes, RBAC Debug), a 'Show Admin Menu' / 'Hide Admin Menu' toggle on a phone, and the
// screen. Admins only: anyone else gets 'You must be an admin to view this panel.'
import { isRouteErrorResponse, NavLink, Outlet, useLocation, useRouteError } from "@remix-run/react";
import { useEffect, useState } from "react";
import { describeRouteError } from "~/components/shell/error-page";
import { cn } from "~/components/ui/cn";
import { policies } from "~/domain/access/policy";
import { ADMIN_TEXT } from "~/domain/admin/rules";
import { noAction, pageLoader } from "~/lib/route.server";

export const policy = policies.admin;

export const loader = pageLoader(policy, () => ({ ok: true }));

export const action = noAction(policy);

export const ADMIN_LINKS = [
  { to: "/admin/access/users", label: "Users" },
  { to: "/admin/access/locations", label: "Locations" },
  { to: "/admin/access/workers", label: "Workers" },
  // Issue 13: what pickers scan and where they walk, and why a line may be short.
  { to: "/admin/access/products", label: "Products & Barcodes" },
  { to: "/admin/access/short-reasons", label: "Short Reasons" },
  { to: "/admin/access/email-routing", label: "Email Routing" },
  { to: "/admin/access/picklist-passcodes", label: "Picklist Passcodes" },
  // Issue 21: the keys the company's systems send orders, products, stock and locations with.
  { to: "/admin/access/integrations", label: "Integrations" },
  // Issue 21: orders, products and stock from a CSV file, checked row by row first (decision 031).
  { to: "/admin/access/imports", label: "Import" },
  { to: "/admin/access/rbac-debug", label: "RBAC Debug" },
  // Which proof completing a delivery needs, per order type (issue 8): its own screen, reached from here.
  { to: "/delivery-settings", label: "Delivery Proof" },
] as const;

export default function AdminShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-start">
      <div className="md:hidden">
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="admin-rail"
          onClick={() => setMenuOpen((o) => !o)}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-4 text-left font-semibold text-slate-900"
        >
          {menuOpen ? "Hide Admin Menu" : "Show Admin Menu"}
        </button>
      </div>
      <nav
        id="admin-rail"
        aria-label="Admin Panel"
        className={cn("shrink-0 rounded-xl border border-slate-200 bg-white p-3 md:sticky md:top-20 md:block md:w-56", menuOpen ? "block" : "hidden")}
      >
        <h2 className="mb-2 px-2 text-sm font-bold tracking-wide text-slate-600 uppercase">Admin Panel</h2>
        <ul className="flex flex-col gap-1">
          {ADMIN_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                prefetch="intent"
                onClick={() => setMenuOpen(false)}
                className={({ isActive }) =>
                  cn("flex min-h-11 items-center rounded-lg px-3 text-base", isActive ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-800 hover:bg-slate-100")
                }
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0 flex-1">
        {/* Until the screen's script runs, its controls stay disabled: a tap before hydration would submit
            a native form (reloading the page) or be lost (decision 008). */}
        <fieldset disabled={!hydrated} className="m-0 min-w-0 border-0 p-0">
          <Outlet />
        </fieldset>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const isResponse = isRouteErrorResponse(error);
  const info = describeRouteError(error, isResponse);
  const forbidden = isResponse && error.status === 403;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
      <h1 className="text-xl font-bold">{forbidden ? "Access denied" : info.title}</h1>
      <p className="mt-2">{forbidden ? ADMIN_TEXT.notAdmin : info.message}</p>
    </div>
  );
}
