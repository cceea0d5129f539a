// A database that stops answering (decision 027): the web client, as the Worker uses it, talks to the local
// libSQL server through a proxy the test pauses: before a request, between two reads of one request, and
// between the statements of a transaction. Every request gets a 503 with Retry-After within the bound,
// nothing is half-written, and once the server answers again so does the app. Driven through the real
// routes and Remix's own request handler (pages and their error screen included).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client/node";
import { createRequestHandler } from "@remix-run/cloudflare";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCAL_DEFAULTS } from "../../config/local-env";
import { migrateDatabase, openDatabase } from "../../db/node";
import { auditEvents, returnRequests } from "../../db/schema";
import { seedDatabase } from "../../db/seed";
import { startPausableProxy, type PausableProxy } from "../../scripts/pausable-proxy";
import { startLibsqlStandin, type LibsqlStandin } from "../../stand-ins/libsql-http";
import { databaseFaultAnswers } from "~/lib/database-faults.server";
import { DATABASE_UNAVAILABLE_MESSAGE, openRemoteDatabase, type Database } from "~/lib/db.server";
import { SEED_NOW } from "../support/db";
import { createTestContext, request, staffCookies } from "../support/context";
import { sourceBuild } from "../support/remix-build";
import { untilWriteLockFree } from "../support/write-lock";

// The Worker and Vite resolve react-dom/server's web-streams build; Node's default has no renderToReadableStream.
// @ts-expect-error the browser build has no type declarations of its own (same API as react-dom/server)
vi.mock("react-dom/server", () => import("react-dom/server.browser"));

/** The bound under test: short, so the suite is quick; production's is DATABASE_TIMEOUT_MS. */
const BOUND_MS = 1_000;
/** What a 503 may take beyond the bound: the route's own work and a slow shared machine. */
const SLACK_MS = 2_000;

let file: string;
let standin: LibsqlStandin;
let proxy: PausableProxy;
let local: Database;
let ctx: ReturnType<typeof createTestContext>;
let handle: (req: Request) => Promise<Response>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  vi.stubEnv("DEV", false); // as a production build runs: no error details
  file = join(mkdtempSync(join(tmpdir(), "riceops-faults-")), "faults.db");
  local = openDatabase(`file:${file}`);
  await migrateDatabase(local);
  await seedDatabase(local, { orders: 120, now: SEED_NOW, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
  standin = await startLibsqlStandin({ file });
  proxy = await startPausableProxy({ target: { host: "127.0.0.1", port: Number(new URL(standin.url).port) } });
  // The server's first answer opens the file (seconds on a busy machine): not what is under test.
  await openRemoteDatabase(standin.url, undefined, { timeoutMs: 60_000 }).run("select 1");
  ctx = createTestContext(openRemoteDatabase(`http://127.0.0.1:${proxy.port}`, undefined, { timeoutMs: BOUND_MS }), { now: SEED_NOW });
  Object.assign(cookies, await staffCookies(createTestContext(local, { now: SEED_NOW }).app, ["admin"]));
  // The same wrapping the Worker gives its build (workers/app.ts).
  const handler = createRequestHandler(databaseFaultAnswers(sourceBuild()), "production");
  handle = (req) => handler(req, ctx);
}, 90_000);

afterEach(() => proxy.resume());

afterAll(async () => {
  vi.unstubAllEnvs();
  await proxy?.close();
  await standin?.close();
});

/** Runs a request, returning its answer and how long it took. */
async function timed(req: Request) {
  const started = performance.now();
  const res = await handle(req);
  return { res, ms: performance.now() - started };
}

async function expectUnavailableJson(res: Response, ms: number) {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("5");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(await res.json()).toEqual({ success: false, error: DATABASE_UNAVAILABLE_MESSAGE });
  expect(ms).toBeGreaterThanOrEqual(BOUND_MS - 50);
  expect(ms).toBeLessThan(BOUND_MS + SLACK_MS);
}

describe("a database that does not answer", () => {
  it("an /api read gets 503 with Retry-After within the bound; the first request after it resumes succeeds", async () => {
    proxy.pause();
    const { res, ms } = await timed(request("/api/me", { cookie: cookies.admin }));
    await expectUnavailableJson(res, ms);
    proxy.resume();
    const again = await handle(request("/api/me", { cookie: cookies.admin }));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ success: true });
  }, 20_000);

  it("stopping between two reads of one request (the session answered, the orders did not) is the same 503", async () => {
    const stopped = proxy.pauseOn('from \\"orders\\"');
    const { res, ms } = await timed(request("/api/order-trackers?page=1&limit=25", { cookie: cookies.admin }));
    await stopped;
    await expectUnavailableJson(res, ms);
    proxy.resume();
    expect((await handle(request("/api/order-trackers?page=1&limit=25", { cookie: cookies.admin }))).status).toBe(200);
  }, 20_000);

  it("a page shows the friendly 'try again' screen with 503 and Retry-After, its data request too", async () => {
    proxy.pause();
    const { res, ms } = await timed(request("/order-tracking", { cookie: cookies.admin }));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(ms).toBeLessThan(BOUND_MS + SLACK_MS);
    const html = await res.text();
    const body = html.slice(html.indexOf("<body"), html.indexOf("<script", html.indexOf("<body")));
    expect(body).toContain("Please try again");
    expect(body).toContain(DATABASE_UNAVAILABLE_MESSAGE);
    expect(body).toMatch(/<a[^>]*href="\/order-tracking"[^>]*>Try again<\/a>/);
    expect(body).not.toContain("Unexpected Application Error");

    const data = await handle(request("/order-tracking.data", { cookie: cookies.admin }));
    expect(data.status).toBe(503);
    expect(data.headers.get("retry-after")).toBe("5");
    proxy.resume();
    expect((await handle(request("/order-tracking", { cookie: cookies.admin }))).status).toBe(200);
  }, 20_000);

  it("a server that refuses connections is the same 503, at once", async () => {
    const gone = createTestContext(openRemoteDatabase("http://127.0.0.1:9", undefined, { timeoutMs: BOUND_MS }), { now: SEED_NOW });
    const handler = createRequestHandler(databaseFaultAnswers(sourceBuild()), "production");
    const res = await handler(request("/api/me", { cookie: cookies.admin }), gone);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
  });
});

describe("a write the database stops answering halfway", () => {
  it("writes nothing of a transaction stopped between its statements; the retry writes it once", async () => {
    const [target] = await local.select().from(returnRequests).where(eq(returnRequests.status, "pending")).orderBy(asc(returnRequests.id)).limit(1);
    const auditRows = () => local.select().from(auditEvents).where(and(eq(auditEvents.entityId, target!.returnID), eq(auditEvents.action, "status")));
    const before = (await auditRows()).length;
    const patch = () =>
      request(`/api/return-requests/${target!.id}/status`, { method: "PATCH", cookie: cookies.admin, json: { status: "under_review", remarks: "checked at the dock", version: target!.version } });

    // The UPDATE of the request reaches the server; the audit row that belongs with it does not.
    const stopped = proxy.pauseOn("audit_events");
    const { res, ms } = await timed(patch());
    await stopped;
    await expectUnavailableJson(res, ms);
    const [during] = await local.select().from(returnRequests).where(eq(returnRequests.id, target!.id));
    expect(during).toMatchObject({ status: "pending", version: target!.version });
    expect(await auditRows()).toHaveLength(before);

    // The server answers again. The transaction it was left holding is rolled back when its stream expires
    // (the stand-in: 10 s idle, as sqld), so nothing of it is ever committed; a retry then writes it once.
    proxy.resume();
    await untilWriteLockFree(file);
    const [rolledBack] = await local.select().from(returnRequests).where(eq(returnRequests.id, target!.id));
    expect(rolledBack).toMatchObject({ status: "pending", version: target!.version });
    expect(await auditRows()).toHaveLength(before);
    const retry = await handle(patch());
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ status: "under_review", remarks: "checked at the dock" });
    const [after] = await local.select().from(returnRequests).where(eq(returnRequests.id, target!.id));
    expect(after).toMatchObject({ status: "under_review", version: target!.version + 1 });
    expect(await auditRows()).toHaveLength(before + 1);
  }, 60_000);
});

describe("the embedded file (dev, scripts)", () => {
  it("a write waiting on another connection's lock gives up with 503 after the bound, not at once or never", async () => {
    const fileCtx = createTestContext(local, { now: SEED_NOW });
    const [target] = await local.select().from(returnRequests).where(eq(returnRequests.status, "pending")).orderBy(asc(returnRequests.id)).limit(1);
    await untilWriteLockFree(file);
    const holder = createClient({ url: `file:${file}` });
    const held = await holder.transaction("write"); // BEGIN IMMEDIATE: the write lock, kept until rollback
    try {
      const handler = createRequestHandler(databaseFaultAnswers(sourceBuild()), "production");
      const started = performance.now();
      const res = await handler(
        request(`/api/return-requests/${target!.id}/status`, { method: "PATCH", cookie: cookies.admin, json: { status: "under_review", remarks: "", version: target!.version } }),
        fileCtx,
      );
      const ms = performance.now() - started;
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ success: false, error: DATABASE_UNAVAILABLE_MESSAGE });
      expect(ms).toBeGreaterThan(1_000);
      expect(ms).toBeLessThan(15_000);
    } finally {
      await held.rollback();
      holder.close();
    }
  }, 30_000);
});
