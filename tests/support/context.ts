// Test load contexts: the real app context over a libSQL file, an in-memory R2 and a fixed clock, plus
// signed-in requests for any seeded member or a picklist passcode.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { passcodes, users } from "../../db/schema";
import { localEnv } from "../../config/local-env";
import type { AppContext } from "~/lib/context.server";
import type { Database } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { createPasscodeSession, createStaffSession } from "~/lib/session.server";
import { createMemoryR2 } from "./memory-r2";

/** Stands in for the platform's connecting address (Cloudflare's, the dev server's socket) in tests. */
export const TEST_ADDRESS_HEADER = "x-test-connecting-address";

export function createTestContext(db: Database, opts: { now?: Date; env?: Record<string, string> } = {}): AppLoadContext & { app: AppContext } {
  const fixed = opts.now;
  const app: AppContext = {
    env: parseEnv({ ...localEnv({ ENVIRONMENT: "test" }), ...opts.env }),
    db,
    files: createMemoryR2(),
    now: () => (fixed ? new Date(fixed) : new Date()),
    waitUntil: () => {},
    clientAddress: (r) => r.headers.get(TEST_ADDRESS_HEADER) ?? "127.0.0.1",
  };
  return { app } as AppLoadContext & { app: AppContext };
}

function cookiePair(setCookie: string) {
  return setCookie.split(";")[0]!;
}

/** A cookie header for a staff session of the member with this email. */
export async function staffCookie(ctx: AppContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`no seeded user ${email}`);
  const { cookie } = await createStaffSession(ctx, user, null);
  return cookiePair(cookie);
}

/** Staff session cookies for seeded members by mailbox name, e.g. ["admin", "warehouse"] → {admin: "__session=…"}. */
export async function staffCookies(ctx: AppContext, names: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of names) out[name] = await staffCookie(ctx, `${name}@${ctx.env.COMPANY_DOMAIN}`);
  return out;
}

/** A cookie header for a passcode session of the first active passcode (or the given one). */
export async function passcodeCookie(ctx: AppContext, passcodeId?: number) {
  const [code] = passcodeId
    ? await ctx.db.select().from(passcodes).where(eq(passcodes.id, passcodeId)).limit(1)
    : await ctx.db.select().from(passcodes).where(eq(passcodes.active, true)).limit(1);
  if (!code) throw new Error("no passcode seeded");
  const { cookie } = await createPasscodeSession(ctx, code);
  return cookiePair(cookie);
}

export function request(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return new Request(`http://127.0.0.1${path}`, { ...init, headers, body });
}

/** Runs a loader/action and returns the Response it returned or threw (errors that are not Responses rethrow). */
export async function settle(run: () => Promise<unknown>): Promise<Response | unknown> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
