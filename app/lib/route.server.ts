// Route adapters: `apiRoute` gives an /api path its loader and action (policy first, methods with 405 and
// Allow, typed errors as JSON), `pageLoader` does the same for a page's loader. respondToError is the one
// place a thrown DomainError becomes an HTTP answer; nothing else leaks (no stack, file or route name).
// A database that does not answer is a 503 with Retry-After, as on every other door (database-faults.server.ts).
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ACTED_AT_HEADER, ACTED_AT_PROBLEM, actedAtOf, parseActedAt, type ActedAt } from "~/domain/acted-at";
import type { Policy } from "~/domain/access/policy";
import { DomainError, MethodNotAllowedError, ValidationError } from "~/domain/errors";
import type { AppContext } from "./context.server";
import { databaseUnavailable } from "./db.server";
import { authorize, POLICY_DENIAL_HEADER } from "./guard.server";
import type { Viewer } from "./session.server";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type ViewerOf<P extends Policy> = [P] extends [{ kind: "public" }] ? Viewer | null : Viewer;

export type RouteArgs<V> = {
  request: Request;
  context: AppLoadContext;
  params: LoaderFunctionArgs["params"];
  viewer: V;
  ctx: AppContext;
  /**
   * When the person acted (decision 040): on a write, the phone's `X-Acted-At` bounded by the receipt time
   * and the lower bound the service gives; on a read, or without the header, the receipt time.
   */
  actedAt: ActedAt;
};

type Handler<V> = (args: RouteArgs<V>) => Promise<unknown> | unknown;

/** Personal data: never stored by a shared cache or the browser's back/forward cache. */
export const NO_STORE = "no-store";

function jsonAnswer(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": NO_STORE, ...headers } });
}

/**
 * A thrown Response passes through; a DomainError (or a database that did not answer, wrapped however deep)
 * becomes its JSON answer; anything else is a bare 500.
 */
export function respondToError(error: unknown): Response {
  if (error instanceof Response) return error;
  const known = error instanceof DomainError ? error : databaseUnavailable(error);
  if (known) {
    return jsonAnswer(known.status, { success: false, error: known.message, ...known.extra }, known.headers);
  }
  console.error(error);
  return jsonAnswer(500, { success: false, error: "Something went wrong. Please try again." });
}

function asResponse(value: unknown): Response {
  const response = value instanceof Response ? value : Response.json(value);
  if (!response.headers.has("Cache-Control")) {
    // Headers of a Response built elsewhere may be immutable; copy once when needed.
    try {
      response.headers.set("Cache-Control", NO_STORE);
    } catch {
      const copy = new Response(response.body, response);
      copy.headers.set("Cache-Control", NO_STORE);
      return copy;
    }
  }
  return response;
}

/**
 * The one place `X-Acted-At` is read (decision 040): only on writes, only as a time. A malformed header is
 * a 400 before the handler runs, so nothing is written.
 */
function actedAtOfRequest(request: Request, ctx: AppContext, method: string): ActedAt {
  const received = ctx.now();
  if (method === "GET" || method === "HEAD") return actedAtOf({ kind: "absent" }, received);
  const claim = parseActedAt(request.headers.get(ACTED_AT_HEADER));
  if (claim.kind === "malformed") throw new ValidationError(ACTED_AT_PROBLEM);
  return actedAtOf(claim, received);
}

/**
 * The loader and action of an /api path. The policy is checked first (so the authorization matrix sees the
 * same refusals for every method), then the method: one without a handler gets 405 with `Allow`. HEAD is
 * answered by GET.
 */
export function apiRoute<P extends Policy>(
  policy: P,
  handlers: Partial<Record<Method, Handler<ViewerOf<P>>>>,
  opts: { deniedMessage?: string } = {},
) {
  const methods = Object.keys(handlers) as Method[];
  const allowed = methods.includes("GET") ? [...methods, "HEAD"] : methods;
  async function handle({ request, context, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
    try {
      const viewer = (await authorize(request, context, policy).catch((thrown: unknown) => {
        // A route may name its policy's refusal in the spec's words ('You do not have permission to print pick
        // lists.'); the gate's refusals (a cross-site write) keep their own reason.
        if (opts.deniedMessage && thrown instanceof Response && thrown.status === 403 && thrown.headers.get(POLICY_DENIAL_HEADER) === "policy") {
          throw Response.json({ success: false, error: opts.deniedMessage }, { status: 403, headers: thrown.headers });
        }
        throw thrown;
      })) as ViewerOf<P>;
      const method = request.method.toUpperCase();
      const handler = handlers[(method === "HEAD" ? "GET" : method) as Method];
      if (!handler) throw new MethodNotAllowedError(allowed);
      return asResponse(await handler({ request, context, params, viewer, ctx: context.app, actedAt: actedAtOfRequest(request, context.app, method) }));
    } catch (error) {
      return respondToError(error);
    }
  }
  return { loader: handle, action: handle };
}

/** A DomainError (or a database that did not answer) as the thrown Response a page's error boundary shows. */
function pageFailure(error: unknown): unknown {
  if (error instanceof Response) return error;
  const known = error instanceof DomainError ? error : databaseUnavailable(error);
  if (!known) return error;
  return new Response(known.message, { status: known.status, headers: { "Content-Type": "text/plain; charset=utf-8", ...known.headers } });
}

/**
 * A page's loader: policy first, then the handler; a DomainError becomes a thrown Response of its status and
 * message, which the route's error boundary shows (inside the signed-in shell).
 */
export function pageLoader<P extends Policy, T>(policy: P, handler: (args: RouteArgs<ViewerOf<P>>) => Promise<T> | T) {
  return async ({ request, context, params }: LoaderFunctionArgs): Promise<T> => {
    // The guard reads the session from the database too: a database that does not answer there is the same 503.
    const viewer = (await authorize(request, context, policy).catch((error: unknown) => {
      throw pageFailure(error);
    })) as ViewerOf<P>;
    try {
      return await handler({ request, context, params, viewer, ctx: context.app, actedAt: actedAtOf({ kind: "absent" }, context.app.now()) });
    } catch (error) {
      throw pageFailure(error);
    }
  };
}

/**
 * The action of a page (or resource route) that takes no writes: the route's policy first (as for its
 * loader), then a clean 405, never Remix's message naming the route file.
 */
export function noAction(policy: Policy, allowed: readonly string[] = ["GET"]) {
  return async ({ request, context }: ActionFunctionArgs): Promise<Response> => {
    try {
      await authorize(request, context, policy);
      throw new MethodNotAllowedError([...allowed]);
    } catch (error) {
      return respondToError(error);
    }
  };
}

export type ApiFailure = { success: false; error: string; [extra: string]: unknown };

/**
 * A page loader's copy of an /api answer (docs/decisions/008-page-data.md): runs what the /api route runs
 * and gives its body, the value or the `{success:false, error}` the route would answer for a refusal the
 * service throws (a DomainError, or a Response from the guard). Anything else is a real failure and goes to
 * the error boundary.
 */
export async function apiAnswer<T>(run: () => Promise<T>): Promise<T | ApiFailure> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof DomainError && thrown.status < 500) return { ...thrown.extra, success: false, error: thrown.message };
    if (thrown instanceof Response && thrown.status >= 400 && thrown.status < 500) {
      const body = (await thrown.clone().json().catch(() => null)) as { error?: unknown } | null;
      return { ...body, success: false, error: typeof body?.error === "string" && body.error ? body.error : `Request failed (${thrown.status})` };
    }
    throw thrown;
  }
}
