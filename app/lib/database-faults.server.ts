// A database that does not answer becomes a 503 with Retry-After on every route of the build, wherever the
// wait ran out: the guard's session read, a page loader, a resource route (decision 027). Kept apart from
// route.server.ts so the Worker can apply it without bundling the guard and sessions a second time.
import type { ActionFunctionArgs, LoaderFunctionArgs, ServerBuild } from "@remix-run/cloudflare";
import { databaseUnavailable, type DatabaseUnavailableError } from "./db.server";

type RouteFunction = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/** The JSON error answer of the /api routes (respondToError's shape). */
function jsonAnswer(down: DatabaseUnavailableError): Response {
  return Response.json({ success: false, error: down.message }, { status: down.status, headers: { "Cache-Control": "no-store", ...down.headers } });
}

/** The thrown Response a page's error boundary shows as its 'try again' screen. */
function pageAnswer(down: DatabaseUnavailableError): Response {
  return new Response(down.message, { status: down.status, headers: { "Content-Type": "text/plain; charset=utf-8", ...down.headers } });
}

/**
 * The server build with every loader and action wrapped: a failure that is the database not answering (see
 * databaseUnavailable) becomes the JSON 503 for a resource route and a thrown 503 Response for a page; any
 * other outcome passes through untouched. route.server.ts answers the same inside apiRoute and pageLoader,
 * which catch before this sees anything.
 */
export function databaseFaultAnswers(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = route.module as typeof route.module & { loader?: RouteFunction; action?: RouteFunction };
    // Remix serves a route with neither a component nor an error boundary as a resource route.
    const resource = module.default == null && module.ErrorBoundary == null;
    const guard = (fn: RouteFunction) => async (args: LoaderFunctionArgs | ActionFunctionArgs) => {
      try {
        return await fn(args);
      } catch (error) {
        const down = error instanceof Response ? null : databaseUnavailable(error);
        if (!down) throw error;
        if (resource) return jsonAnswer(down);
        throw pageAnswer(down);
      }
    };
    const wrapped = { ...module, ...(module.loader && { loader: guard(module.loader) }), ...(module.action && { action: guard(module.action) }) };
    routes[id] = { ...route, module: wrapped as typeof route.module };
  }
  return { ...build, routes };
}
