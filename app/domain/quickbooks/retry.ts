// Spec 001 §8's recovery for QuickBooks calls from a screen: when a call fails with what looks like an
// authorization problem, ask the server to ensure auth (refresh the token), then retry the call once.
import { isQboAuthProblem } from "./errors";

export type QboFailure = { error: string; code?: unknown; status?: number };

/** A failure with the shape of an /api/qb answer, so the rule can read its message and code. */
export function failureOf(thrown: unknown): QboFailure | null {
  if (!thrown || typeof thrown !== "object") return null;
  const { message, error, code, status } = thrown as { message?: unknown; error?: unknown; code?: unknown; status?: unknown };
  const text = typeof error === "string" ? error : typeof message === "string" ? message : null;
  return text === null ? null : { error: text, code, status: typeof status === "number" ? status : undefined };
}

/**
 * Runs `call`; on an authorization problem runs `ensureAuth` and then `call` once more. If ensure-auth itself
 * fails, its failure is the answer (the call would only fail the same way again). Anything else rethrows.
 */
export async function retryOnceAfterEnsureAuth<T>(call: () => Promise<T>, ensureAuth: () => Promise<unknown>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    const failure = failureOf(thrown);
    if (!failure || !isQboAuthProblem(failure)) throw thrown;
    await ensureAuth();
    return call();
  }
}
