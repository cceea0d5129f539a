// The HTML document: meta, stylesheet, toasts, and the last-resort error page for every route.
import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { ErrorPage } from "~/components/shell/error-page";
import type { Policy } from "~/lib/guard.server";
import styles from "./tailwind.css?url";

// Root has no loader: it reads nothing, so nothing sensitive can leak from it. The policy is written
// as a literal (same value as `policies.public`) because a runtime import of a `.server` module from a
// route's client exports breaks the browser bundle.
export const policy: Policy = { kind: "public" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: "Golden Grain Rice Co. — Operations" },
  { name: "theme-color", content: "#7f4e10" },
];

/** Toasts disappear after 2.5 s (spec 000). */
export const TOAST_DURATION_MS = 2500;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        {children}
        <Toaster duration={TOAST_DURATION_MS} position="top-center" richColors closeButton />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return <ErrorPage code="404" title="404 Not Found" message="The page you are looking for does not exist." />;
    }
    if (error.status === 403) {
      return <ErrorPage code="403" title="Access denied" message={messageOf(error.data) ?? "You do not have access to this page."} />;
    }
    return (
      <ErrorPage
        code={String(error.status)}
        title="Unexpected Application Error!"
        message={`${error.status} ${error.statusText || ""}`.trim() + (messageOf(error.data) ? ` — ${messageOf(error.data)}` : "")}
      />
    );
  }
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return <ErrorPage code="500" title="Unexpected Application Error!" message={message} />;
}

/** Thrown responses carry either plain text or our JSON error shape. */
function messageOf(data: unknown): string | null {
  if (typeof data === "string" && data.trim()) return data;
  if (data && typeof data === "object" && "error" in data && typeof (data as { error: unknown }).error === "string") {
    return (data as { error: string }).error;
  }
  return null;
}
