// Idempotency-Key support for retried mobile submissions (DESIGN §7): the first result is stored in
// `idempotency_keys` and a retry with the same key gets it back without running the write again.
import { and, eq } from "drizzle-orm";
import { idempotencyKeys } from "../../db/schema";
import { UnprocessableError, ValidationError } from "~/domain/errors";
import type { AppContext } from "./context.server";
import { sha256Hex } from "./crypto.server";

export type IdempotentResult = { status: number; body: unknown };
/**
 * Hands the caller the row that records its result, to insert into `idempotencyKeys` in the same batch or
 * transaction as its own write. It is a list (empty without a key), so callers spread it into their statements.
 */
export type Remember = (result: IdempotentResult) => (typeof idempotencyKeys.$inferInsert)[];
export { idempotencyKeys };

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header, or null; a malformed key is a 400 (nothing is written). */
export function idempotencyKeyOf(request: Request): string | null {
  const raw = request.headers.get("idempotency-key");
  if (raw === null || raw.trim() === "") return null;
  const key = raw.trim();
  if (!KEY_PATTERN.test(key)) throw new ValidationError("Invalid Idempotency-Key header");
  return key;
}

/** What makes two requests the same one: the SHA-256 of the parsed body as canonical JSON (keys sorted). */
export function requestFingerprint(body: unknown): Promise<string> {
  return sha256Hex(canonicalJson(body ?? null));
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export const REUSED_KEY_MESSAGE = "This Idempotency-Key was already used for a different request";

type Stored = IdempotentResult & { fingerprint: string };

export async function stored(ctx: AppContext, scope: string, key: string): Promise<Stored | null> {
  const [row] = await ctx.db
    .select({ status: idempotencyKeys.status, body: idempotencyKeys.body, fingerprint: idempotencyKeys.fingerprint })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row ? { status: row.status, body: JSON.parse(row.body) as unknown, fingerprint: row.fingerprint } : null;
}

/** The stored answer, unless the key came back with another request: that is the client's bug, a 422. */
function replay(result: Stored, fingerprint: string): Response {
  if (result.fingerprint && result.fingerprint !== fingerprint) throw new UnprocessableError(REUSED_KEY_MESSAGE);
  return Response.json(result.body, { status: result.status, headers: { "Idempotent-Replayed": "true" } });
}

/**
 * Runs `run` once per (scope, key). `run` receives `remember` and should add `remember(result)` to the batch
 * or transaction of its own write, so the write and the record commit together; a concurrent duplicate then
 * fails on the primary key, its write rolls back, and it answers the stored result. If `run` did not use
 * `remember`, the result is recorded right after. Only successful (2xx) results are kept: a rejected request
 * wrote nothing, so its retry simply runs again. Without a key, `run` just runs. `fingerprint`
 * (requestFingerprint of the body) tells a retry from a different request reusing the key (422).
 */
export async function withIdempotency(
  ctx: AppContext,
  scope: string,
  key: string | null,
  fingerprint: string,
  run: (remember: Remember) => Promise<IdempotentResult>,
  /** The record of (scope, key) when the caller looked it up alongside its other reads (`stored`). */
  lookedUp?: Promise<Stored | null>,
): Promise<Response> {
  if (!key) {
    const result = await run(() => []);
    return Response.json(result.body, { status: result.status });
  }
  const before = await (lookedUp ?? stored(ctx, scope, key));
  if (before) return replay(before, fingerprint);

  let remembered = false;
  const remember: Remember = (result) => {
    remembered = true;
    return [row(ctx, scope, key, fingerprint, result)];
  };
  let result: IdempotentResult;
  try {
    result = await run(remember);
  } catch (error) {
    // Lost a race with the same key: the winner's result is the answer.
    const winner = await stored(ctx, scope, key).catch(() => null);
    if (winner) return replay(winner, fingerprint);
    throw error;
  }
  if (!remembered && result.status < 300) {
    await ctx.db.insert(idempotencyKeys).values(row(ctx, scope, key, fingerprint, result)).onConflictDoNothing();
  }
  return Response.json(result.body, { status: result.status });
}

function row(ctx: AppContext, scope: string, key: string, fingerprint: string, result: IdempotentResult): typeof idempotencyKeys.$inferInsert {
  return { scope, key, status: result.status, body: JSON.stringify(result.body), fingerprint, createdAt: ctx.now().toISOString() };
}
