// The HTML document: meta, stylesheet, toasts, and the last-resort error page for every route.
import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { Toaster } from "~/components/ui/toast";
import { describeRouteError, ErrorPage } from "~/components/shell/error-page";
import { ServiceWorkerBridge } from "~/components/shell/service-worker-bridge";
import { policies } from "~/domain/access/policy";
import { BROWSER_SETUP_SCRIPT } from "~/lib/csp-browser";
import { useNonce } from "~/lib/nonce";
import styles from "./tailwind.css?url";

// Root has no loader: it reads nothing, so nothing sensitive can leak from it.
export const policy = policies.public;

// The installable app's manifest and icons (public/, precached by the service worker: decision 039).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", type: "image/png", sizes: "192x192", href: "/icons/icon-192.png" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon-180.png" },
];

export const meta: MetaFunction = () => [
  { title: "Golden Grain Rice Co. — Operations" },
  { name: "theme-color", content: "#7f4e10" },
];

/** Toasts disappear after 2.5 s (spec 000). */
const TOAST_DURATION_MS = 2500;

export function Layout({ children }: { children: ReactNode }) {
  // The server's per-request CSP nonce (entry.server.tsx); undefined in the browser, see ~/lib/nonce.
  const nonce = useNonce();
  return (
    <html lang="en" dir="ltr" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Runs before every module (see ~/lib/csp-browser); the browser hides the nonce, hence no hydration check. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: BROWSER_SETUP_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        {children}
        <Toaster duration={TOAST_DURATION_MS} position="top-center" dir="ltr" richColors closeButton />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <ServiceWorkerBridge />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage {...describeRouteError(error, isRouteErrorResponse(error))} />;
}
