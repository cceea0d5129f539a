// Home: greeting and role, module search and cards, shortcuts, live KPI tiles, recent activity, announcements.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BarChart3, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { ActivityPanels } from "~/components/shell/home/activity-panels";
import { KpiTiles, type KpiTile } from "~/components/shell/home/kpi-tiles";
import { ModuleSearch } from "~/components/shell/home/module-search";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { firstName, greeting } from "~/domain/shell/greeting";
import { moduleCards, passcodeCards, shortcuts } from "~/domain/shell/modules";
import { shellViewer } from "~/domain/shell/viewer";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { homeData } from "~/services/home.server";
import { noAction } from "~/lib/route.server";

export const policy = policies.viewer;

// No writes here: any non-GET gets a clean 405 (never Remix\'s message naming the route).
export const action = noAction(policy);

export const meta: MetaFunction = () => [{ title: "Home — Golden Grain" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const shell = shellViewer(viewer);
  const roleInput = { roleId: viewer.roleId, isAdmin: viewer.isAdmin };
  const now = context.app.now().toISOString();
  if (shell.isPasscode) {
    return { name: shell.name, email: shell.email, roleLabel: shell.roleLabel, now, cards: passcodeCards(), shortcuts: [], kpis: [], activity: [], announcements: [] };
  }
  const data = await homeData(context.app, viewer);
  const kpis: KpiTile[] = [
    { id: "orders-today", label: "Orders Today", value: data.kpis.ordersToday, to: "/order-tracking" },
    // Not counted for viewers who may not see trucking (null): no tile rather than a count of a hidden field.
    ...(data.kpis.awaitingTrucking === null
      ? []
      : [{ id: "awaiting-trucking", label: "Awaiting Trucking", value: data.kpis.awaitingTrucking, to: "/order-tracking" }]),
    { id: "not-delivered", label: "Not Delivered", value: data.kpis.notDelivered, to: "/order-tracking" },
  ];
  if (data.kpis.pendingReturns !== null) {
    kpis.push({ id: "pending-returns", label: "Pending Returns", value: data.kpis.pendingReturns, to: "/return-forms" });
  }
  return {
    name: shell.name,
    email: shell.email,
    roleLabel: shell.roleLabel,
    now,
    cards: moduleCards(roleInput),
    shortcuts: shortcuts(roleInput),
    kpis,
    activity: data.activity,
    announcements: data.announcements,
  };
}

const SHORTCUT_ICONS = { insights: BarChart3, "new-customer": UserPlus } as const;

export default function Home() {
  const data = useLoaderData<typeof loader>();
  // The server renders with its own clock; the browser switches to the viewer's local time of day.
  const [hello, setHello] = useState(() => greeting(new Date(data.now)));
  useEffect(() => setHello(greeting(new Date())), []);

  return (
    <div className="space-y-6">
      <section className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl" suppressHydrationWarning>
            {/* A passcode session is named after its warehouse phone, not a person: show the whole label. */}
            {hello}, {data.roleLabel === "Passcode Session" ? data.name : firstName(data.name, data.email)}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
            <span>Signed in as</span>
            <Badge tone="brand" className="text-sm">
              {data.roleLabel}
            </Badge>
          </p>
        </div>
        {data.shortcuts.length ? (
          <nav aria-label="Shortcuts" className="flex flex-wrap gap-2">
            {data.shortcuts.map((s) => {
              const Icon = SHORTCUT_ICONS[s.id as keyof typeof SHORTCUT_ICONS] ?? BarChart3;
              return (
                <Link key={s.id} to={s.path} className={buttonClass({ variant: s.id === "new-customer" ? "primary" : "outline" })}>
                  <Icon className="size-5" aria-hidden="true" />
                  {s.label}
                </Link>
              );
            })}
          </nav>
        ) : null}
      </section>

      {/* Spec 000 order: search and module cards, then the KPI tiles. */}
      <ModuleSearch cards={data.cards} />
      <KpiTiles tiles={data.kpis} />
      {data.activity.length || data.announcements.length || data.kpis.length ? (
        <ActivityPanels activity={data.activity} announcements={data.announcements} now={data.now} />
      ) : null}
    </div>
  );
}
