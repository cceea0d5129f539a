// Browser entry: hydrates the server-rendered document and registers the service worker (production only).
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { registerServiceWorker } from "~/lib/sw-register";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

registerServiceWorker();
