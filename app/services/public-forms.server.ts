// The customers' public forms (return request, new-customer application): one rate limit per client and
// form. Checked before anything is parsed; a submission is counted only once it is stored, so a refused one
// (a 4xx of any kind) writes nothing at all, the rule every /api call keeps.
import { and, eq, gt, lt } from "drizzle-orm";
import { submissionAttempts } from "../../db/schema";
import { passcodeRateDecision } from "~/domain/access/rate-limit";
import { RateLimitedError } from "~/domain/errors";
import type { AppContext } from "~/lib/context.server";

export type PublicForm = "return" | "application";

/** Per client and form: 5 submissions in 15 minutes is more than any customer needs; a script gets 429. */
export const PUBLIC_FORM_MAX = 5;
export const PUBLIC_FORM_WINDOW_MS = 15 * 60_000;

export async function admitPublicSubmission(ctx: AppContext, client: string, kind: PublicForm): Promise<void> {
  const now = ctx.now();
  const since = new Date(now.getTime() - PUBLIC_FORM_WINDOW_MS).toISOString();
  const recent = await ctx.db
    .select({ at: submissionAttempts.at })
    .from(submissionAttempts)
    .where(and(eq(submissionAttempts.clientKey, client), eq(submissionAttempts.kind, kind), gt(submissionAttempts.at, since)));
  const decision = passcodeRateDecision(recent.map((r) => r.at), now, PUBLIC_FORM_MAX, PUBLIC_FORM_WINDOW_MS);
  if (!decision.allowed) {
    throw new RateLimitedError(`Too many submissions from this connection. Try again in ${Math.ceil(decision.retryAfterSeconds / 60)} minutes.`, decision.retryAfterSeconds);
  }
}

/** Counts a stored submission against the client's limit (and sweeps this client's expired ones). */
export async function recordPublicSubmission(ctx: AppContext, client: string, kind: PublicForm): Promise<void> {
  const now = ctx.now();
  const since = new Date(now.getTime() - PUBLIC_FORM_WINDOW_MS).toISOString();
  await ctx.db.batch([
    ctx.db.insert(submissionAttempts).values({ clientKey: client, kind, at: now.toISOString() }),
    ctx.db.delete(submissionAttempts).where(and(eq(submissionAttempts.clientKey, client), lt(submissionAttempts.at, since))),
  ]);
}
