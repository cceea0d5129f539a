// The signed-in header: nav links (desktop), a hamburger drawer with 'Main' and 'Management' (< 768 px),
// the passcode badge, the floor outbox's state, the drivers' Help button, the Task Center bell, the user and Log Out.
import { useLocation } from "@remix-run/react";
import { LifeBuoy, Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { NavItem } from "~/domain/shell/nav";
import type { TaskBadge } from "~/domain/tasks/list";
import { whenIdle } from "~/lib/when-idle";
import type { ShellViewer } from "~/domain/shell/viewer";
import { Brand } from "./brand";
import { LogoutButton } from "./logout-button";
import { ShellNavLink } from "./nav-link";
import { PasscodeBadge } from "./passcode-badge";
import { TaskCenter } from "./task-center";
import { UserAvatar } from "./user-avatar";

// The outbox's state shows only once something waits: loaded after the first paint, it and the outbox stay out
// of every page's first-load JS (the 150 KB budget).
// Need Help's dialog (its form, photo and outbox send) loads right after the first paint, not with it (the
// 150 KB first-load budget of every page); it is rendered closed once the page has hydrated (never on the server:
// a boundary still hydrating may not receive an update), so a Help tap with no signal opens it. Not later: a page
// that lost its signal before the chunk came (the dev server has no service worker) would fail to draw the header.
const NeedHelpDialog = lazy(() => import("./need-help-dialog").then((m) => ({ default: m.NeedHelpDialog })));
// The drawer (phones) is not on the first paint: loaded when the page is idle or on the first tap on the menu.
const loadDrawer = () => import("./app-drawer");
const AppDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.AppDrawer })));
const OutboxIndicator = lazy(() => import("./outbox-indicator").then((m) => ({ default: m.OutboxIndicator })));

const desktopLinkClass = (active: boolean) =>
  cn(
    "inline-flex min-h-11 items-center rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap",
    active ? "bg-brand-100 text-brand-900" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

function DesktopLink({ item, pathname }: { item: NavItem; pathname: string }) {
  return <ShellNavLink item={item} pathname={pathname} className={desktopLinkClass} />;
}

/**
 * The links share the brand's row once they fit there; until then they get a row of their own rather
 * than scroll out of sight (7 links need about 1,536 px beside the brand and the user controls).
 */
function singleRowFrom(links: number): string {
  if (links <= 3) return "md:order-none md:mx-0 md:w-auto md:min-w-0 md:flex-1 md:pb-0";
  if (links <= 5) return "xl:order-none xl:mx-0 xl:w-auto xl:min-w-0 xl:flex-1 xl:pb-0";
  return "2xl:order-none 2xl:mx-0 2xl:w-auto 2xl:min-w-0 2xl:flex-1 2xl:pb-0";
}

export function AppHeader({ viewer, nav, bell = null }: { viewer: ShellViewer; nav: NavItem[]; bell?: TaskBadge | null }) {
  const { pathname, search, hash } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const hydrated = useHydrated();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => void loadDrawer().then(() => setIdle(true), () => {})), []);

  // Following a link closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname, search, hash]);


  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-x-2 px-3 sm:px-4 md:flex-wrap">
        <div className="flex h-16 min-w-0 items-center gap-1">
          <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu" onClick={() => setDrawerOpen(true)}>
            <Menu className="size-6" aria-hidden="true" />
          </Button>
          <Brand />
        </div>

        <nav
          aria-label="Main"
          className={cn("order-last -mx-1 hidden w-full gap-0.5 overflow-x-auto pb-2 md:flex", singleRowFrom(nav.length))}
        >
          {nav.map((item) => (
            <DesktopLink key={item.id} item={item} pathname={pathname} />
          ))}
        </nav>

        <div className="ml-auto flex h-16 items-center gap-1 sm:gap-1.5">
          {viewer.isPasscode ? <PasscodeBadge /> : null}
          {hydrated ? (
            <Suspense fallback={null}>
              <OutboxIndicator owner={viewer.email} />
            </Suspense>
          ) : null}
          {viewer.canRequestHelp ? (
            <Button variant="danger" size="md" className="px-2.5 sm:px-3" onClick={() => setHelpOpen(true)}>
              <LifeBuoy className="size-5" aria-hidden="true" />
              Help
            </Button>
          ) : null}
          {viewer.canSeeTasks ? <TaskCenter initial={bell} /> : null}
          <span className="hidden items-center gap-2 md:inline-flex" title={`${viewer.name} · ${viewer.roleLabel}`}>
            <UserAvatar name={viewer.name} picture={viewer.picture} />
            <span className="hidden max-w-40 truncate text-sm font-semibold text-slate-800 lg:inline">{viewer.name}</span>
          </span>
          <LogoutButton className="hidden md:block" />
        </div>
      </div>

      {/* Mounted once the page is idle (loading its code then) or on the first tap on the menu. */}
      {drawerOpen || idle ? (
        <Suspense fallback={null}>
          <AppDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            onHelp={() => {
              setDrawerOpen(false);
              setHelpOpen(true);
            }}
            viewer={viewer}
            nav={nav}
            pathname={pathname}
          />
        </Suspense>
      ) : null}

      {viewer.canRequestHelp && hydrated ? (
        <Suspense fallback={null}>
          <NeedHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
