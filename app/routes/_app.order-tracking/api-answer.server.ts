// A page loader's copy of an /api answer: what the route would have sent, errors included, as plain data.
// Shared by the pages that bring their first data (docs/decisions/008-page-data.md); it belongs in app/lib
// next to respondToError once that settles.

export type ApiFailure = { success: false; error: string; [extra: string]: unknown };

/**
 * Runs what an /api route runs and answers its body: the value, or the `{success:false, error}` the route
 * answers for a refusal the service throws (a JSON Response today, a typed error with a `status` tomorrow).
 * Anything else is a real failure and propagates to the error boundary.
 */
export async function apiAnswer<T>(run: () => Promise<T>): Promise<T | ApiFailure> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) {
      const body = (await thrown.clone().json().catch(() => null)) as { error?: unknown } | null;
      if (thrown.status >= 400 && thrown.status < 500) return { ...body, success: false, error: typeof body?.error === "string" && body.error ? body.error : `Request failed (${thrown.status})` };
    } else if (thrown instanceof Error && typeof (thrown as { status?: unknown }).status === "number") {
      const { status, extra } = thrown as Error & { status: number; extra?: Record<string, unknown> };
      if (status >= 400 && status < 500) return { ...extra, success: false, error: thrown.message };
    }
    throw thrown;
  }
}
