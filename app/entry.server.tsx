// Server entry: streams the HTML document (Workers and the Vite dev proxy both use web streams) under a
// Content-Security-Policy with a fresh nonce, and gives data requests the same base security headers.
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/lib/db.server";
import { NonceProvider } from "~/lib/nonce";
import {
  BASE_SECURITY_HEADERS,
  contentSecurityPolicy,
  createNonce,
  documentSecurityHeaders,
  policySourcesFromEnv,
  withHeaders,
} from "~/lib/security-headers";

const ABORT_DELAY = 5_000;

/**
 * A 503 (a database that did not answer: docs/decisions/027-faults-and-processes.md) says when to come back.
 * Remix hands a thrown Response's headers only to the boundary route's `headers` export, so the page and its
 * data requests get Retry-After here, once for every route.
 */
function withRetryAfter(status: number, headers: Headers) {
  if (status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  const csp = contentSecurityPolicy({
    nonce,
    ...policySourcesFromEnv(loadContext.app.env),
    // Vite's dev server only; a production build compiles this to false.
    dev: import.meta.env.DEV ? { appOrigin: new URL(request.url).origin } : false,
  });

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    {
      // React's own inline scripts (streamed Suspense boundaries) carry it too.
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));

  // Crawlers and scripted clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  withRetryAfter(responseStatusCode, responseHeaders);
  for (const [name, value] of Object.entries(documentSecurityHeaders(csp))) responseHeaders.set(name, value);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Single-fetch `.data` responses (loaders and actions of client navigations, fetchers, form posts) and
 * their redirects. Resource routes (/api, /files, /images, /auth, /logout) and the lazy-route-discovery
 * manifest never pass through here: see docs/decisions/009-security-headers.md.
 */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  const answer = withHeaders(response, BASE_SECURITY_HEADERS);
  withRetryAfter(answer.status, answer.headers);
  return answer;
};
