// The signed-in layout: guards every child route (staff or passcode session), then renders the header,
// the page and the footer. Navigation is computed on the server from the area registry and the viewer's grants.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { AppHeader } from "~/components/shell/app-header";
import { describeRouteError, ErrorPage } from "~/components/shell/error-page";
import { ShellErrorPage } from "~/components/shell/shell-error-page";
import { CopyNoticeLater } from "~/components/shell/copy-notice-later";
import { Footer } from "~/components/shell/footer";
import { useSessionWatch } from "~/components/shell/session-watch";
import { navItems } from "~/domain/shell/nav";
import { layoutHint } from "~/domain/shell/layout-hint";
import { shellViewer } from "~/domain/shell/viewer";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { noAction } from "~/lib/route.server";
import { taskBadge } from "~/services/tasks.server";

export const policy = policies.viewer;

// A pathless layout is never a POST's target; declared so every module answers every method cleanly.
export const action = noAction(policy);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const shell = shellViewer(viewer);
  // The bell's count is in the first HTML; its lists are asked for once the page has settled (use-task-center.ts).
  // A failure here costs the page nothing: the bell then counts from its first call, as before.
  const bell = shell.canSeeTasks ? await taskBadge(context.app, viewer).catch(() => null) : null;
  return {
    bell,
    now: context.app.now().toISOString(),
    viewer: shell,
    // Links by grants (decision 032): the role's name decides nothing here.
    nav: navItems({ isAdmin: shell.isAdmin, grants: shell.grants, email: shell.email }),
    // Which layout the lists render first (lib/use-max-width.ts reads it by this route's id).
    layout: layoutHint(request.headers),
  };
}

/**
 * What the layout loads (who is signed in, the links, the bell's count, the layout hint) never depends on the query
 * string. A page that changes only its own query is not a reason to ask for it again: Order Tracking taking its entry
 * query out of the URL as it opens re-ran this loader and re-drew the header, a round trip and a dozen tasks right
 * after hydration. A new page, a form's submission and an explicit revalidation (same URL) still ask.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;

export default function AppLayout() {
  const { viewer, nav, now, bell } = useLoaderData<typeof loader>();
  useSessionWatch(viewer.sessionExp, now);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <AppHeader viewer={viewer} nav={nav} bell={bell} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-4 sm:py-6">
        <CopyNoticeLater servedAt={now} />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/**
 * Errors of child pages (403, 404, 405, 500) render inside the shell, header and navigation kept, when the
 * layout itself loaded; a failure of the layout's own loader gets the plain error page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useRouteLoaderData<typeof loader>("routes/_app");
  const info = describeRouteError(error, isRouteErrorResponse(error));
  return shell ? <ShellErrorPage shell={shell} {...info} /> : <ErrorPage {...info} />;
}
