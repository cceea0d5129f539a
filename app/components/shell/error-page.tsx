// Error messages (404, access denied, method not allowed, unexpected errors) with a way back home, as a full page
// for visitors. Inside the signed-in shell (header and navigation kept) it is shell-error-page.tsx: the root's
// error page stays free of the header and Task Center, which pages outside the shell never load (issue 25).
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import type { NavItem } from "~/domain/shell/nav";
import type { ShellViewer } from "~/domain/shell/viewer";
import { Brand } from "./brand";
import { Footer } from "./footer";
import type { TaskBadge } from "~/domain/tasks/list";

/** `retry`: the failure is passing (the database did not answer): the page offers to try the same address again. */
export type ErrorInfo = { code: string; title: string; message: string; retry?: boolean };

/** What the shell needs to draw its header: the `_app` loader's data (the catch-all sends the same). */
export type ShellData = { viewer: ShellViewer; nav: NavItem[]; now: string; bell?: TaskBadge | null };

export const NOT_FOUND: ErrorInfo = { code: "404", title: "404 Not Found", message: "The page you are looking for does not exist." };
const UNEXPECTED_TITLE = "Unexpected Application Error!";
const TRY_AGAIN = "Something went wrong. Please try again.";

/** The text a response carries: a plain string, or the `error` of our JSON answers. */
function responseText(data: unknown): string {
  if (typeof data === "string") return data.trim();
  if (data && typeof data === "object" && typeof (data as { error?: unknown }).error === "string") return (data as { error: string }).error;
  return "";
}

/**
 * Maps a caught route error to what the page shows: spec 002's 404, 403 'Access denied' with the guard's
 * text, 'Method not allowed', else the router's 'Unexpected Application Error!'. Raw error text (Remix's
 * own messages name the route file; a thrown Error may carry internals) is shown only in local development:
 * `details` defaults to Vite's dev server, and a production build compiles it to false.
 */
export function describeRouteError(error: unknown, isResponse: boolean, { details = import.meta.env.DEV }: { details?: boolean } = {}): ErrorInfo {
  if (isResponse) {
    const e = error as { status: number; statusText?: string; data?: unknown };
    const text = responseText(e.data);
    const status = `${e.status} ${e.statusText ?? ""}`.trim();
    if (e.status === 404) return NOT_FOUND;
    // The server's own 'not now' (a database that did not answer in time): its text says what to do.
    if (e.status === 503) return { code: "503", title: "Please try again", message: text && !text.startsWith("Error:") ? text : TRY_AGAIN, retry: true };
    if (e.status === 403) return { code: "403", title: "Access denied", message: text || "You do not have access to this page." };
    if (e.status === 405) {
      // Remix answers a POST to a page without an action with a message naming the route module.
      return { code: "405", title: "Method not allowed", message: details && text ? text : "This page does not accept that request. Go back and try again." };
    }
    // 5xx bodies and the router's own messages ("Error: You made a GET request to … route "routes/…"") are internals.
    const internal = e.status >= 500 || text.startsWith("Error:");
    if (internal && !details) return { code: String(e.status), title: UNEXPECTED_TITLE, message: e.status >= 500 ? TRY_AGAIN : status };
    return { code: String(e.status), title: UNEXPECTED_TITLE, message: [status, text].filter(Boolean).join(" — ") };
  }
  const message = details && error instanceof Error ? error.message : TRY_AGAIN;
  return { code: "500", title: UNEXPECTED_TITLE, message };
}

export function ErrorContent({ code, title, message, retry }: ErrorInfo) {
  const location = useLocation();
  return (
    <main id="main" className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
        {code}
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-base break-words text-slate-700">{message}</p>
      {retry ? (
        // A plain link to this very address: it works before the page's scripts load, and a click after
        // hydration runs the page's loaders again.
        <Link to={`${location.pathname}${location.search}`} reloadDocument className={buttonClass({ className: "mt-8" })}>
          Try again
        </Link>
      ) : (
        <Link to="/" className={buttonClass({ className: "mt-8" })}>
          Go to Home
        </Link>
      )}
    </main>
  );
}

export function ErrorPage({ header, ...info }: ErrorInfo & { header?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      {header ?? (
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex h-16 max-w-7xl items-center px-4">
            <Brand />
          </div>
        </header>
      )}
      <ErrorContent {...info} />
      <Footer />
    </div>
  );
}
