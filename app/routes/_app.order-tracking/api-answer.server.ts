// A page loader's copy of an /api answer: what the route would have sent, errors included, as plain data.
// Shared by the pages that bring their first data (docs/decisions/008-page-data.md); it belongs in app/lib
// next to respondToError, which builds the same error body for /api.
import { isDomainError } from "~/domain/errors";

export type ApiFailure = { success: false; error: string; [extra: string]: unknown };

/**
 * Runs what an /api route runs and answers its body: the value, or the `{success:false, error}` the route
 * answers for a refusal the service throws (a typed 4xx error, or a JSON Response from older code).
 * Anything else is a real failure and propagates to the error boundary.
 */
export async function apiAnswer<T>(run: () => Promise<T>): Promise<T | ApiFailure> {
  try {
    return await run();
  } catch (thrown) {
    if (isDomainError(thrown) && thrown.status >= 400 && thrown.status < 500) return { ...thrown.extra, success: false, error: thrown.message };
    if (thrown instanceof Response && thrown.status >= 400 && thrown.status < 500) {
      const body = (await thrown.clone().json().catch(() => null)) as { error?: unknown } | null;
      return { ...body, success: false, error: typeof body?.error === "string" && body.error ? body.error : `Request failed (${thrown.status})` };
    }
    throw thrown;
  }
}
