// Home: greeting and role, the floor's own work (a warehouse employee's picks, a driver's deliveries), module
// search and cards, shortcuts, live KPI tiles, recent activity, announcements.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BarChart3, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { ActivityPanels } from "~/components/shell/home/activity-panels";
import { KpiTiles } from "~/components/shell/home/kpi-tiles";
import { ModuleSearch } from "~/components/shell/home/module-search";
import { MyPicks } from "~/components/shell/home/my-picks";
import { TodaysDeliveries } from "~/components/shell/home/todays-deliveries";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { firstName, greeting } from "~/domain/shell/greeting";
import { homeKpiTiles } from "~/domain/shell/home";
import { moduleCards, shortcuts } from "~/domain/shell/modules";
import { shellViewer } from "~/domain/shell/viewer";
import { mayOpen } from "~/domain/access/areas";
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
  const now = context.app.now().toISOString();
  if (shell.isPasscode) {
    return {
      name: shell.name,
      email: shell.email,
      roleLabel: shell.roleLabel,
      isPasscode: true,
      now,
      cards: moduleCards(viewer),
      shortcuts: [],
      kpis: [],
      activity: [],
      announcements: [],
      floor: null,
    };
  }
  const data = await homeData(context.app, viewer);
  return {
    name: shell.name,
    email: shell.email,
    roleLabel: shell.roleLabel,
    isPasscode: false,
    now,
    // Cards and shortcuts are the registry's areas whose route opens for this viewer (decision 032).
    cards: moduleCards(viewer),
    shortcuts: shortcuts(viewer),
    // Each tile opens Order Tracking with its quick filter; a count the viewer may not have, or a tile whose
    // screen would refuse them, is no tile.
    kpis: homeKpiTiles(data.kpis).filter((tile) => mayOpen(viewer, tile.to)),
    activity: data.activity,
    announcements: data.announcements,
    floor: data.floor,
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
            {hello}, {data.isPasscode ? data.name : firstName(data.name, data.email)}
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

      {/* The people on the floor start from their own work: picks, or today's stops. */}
      {data.floor?.picks ? <MyPicks picks={data.floor.picks} /> : null}
      {data.floor?.deliveries ? <TodaysDeliveries deliveries={data.floor.deliveries} /> : null}

      {/* Spec 000 order: search and module cards, then the KPI tiles. */}
      <ModuleSearch cards={data.cards} />
      <KpiTiles tiles={data.kpis} />
      {data.activity.length || data.announcements.length || data.kpis.length ? (
        <ActivityPanels activity={data.activity} announcements={data.announcements} now={data.now} />
      ) : null}
    </div>
  );
}
