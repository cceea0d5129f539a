// Browser entry: hydrates the server-rendered document and registers the service worker (production only).
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { hydrationReady } from "~/lib/hydration-gate";

// The route modules have run (Remix imports them before this entry): the first screen's late parts are on their way.
void hydrationReady().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);

// Loaded after the first paint and never on the dev server: the worker is not part of any route's first-load JS.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  void import("~/lib/sw-register").then(({ registerServiceWorker }) => registerServiceWorker());
}
