// Reads issued together share one round trip (app/lib/db.server.ts coalescingReads, decision 045): through the
// Worker's web client and the local libSQL HTTP server, a loader's parallel reads are one HTTP request, each gets
// its own rows, one bad statement fails only itself, and writes are never held back or batched.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client/web";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../../config/local-env";
import { migrateDatabase, openDatabase } from "../../db/node";
import { announcements, orders, settings } from "../../db/schema";
import { seedDatabase } from "../../db/seed";
import { coalescingReads, DatabaseUnavailableError, databaseFromClient, type Database } from "~/lib/db.server";
import { startLibsqlStandin, type LibsqlStandin } from "../../stand-ins/libsql-http";
import { SEED_NOW } from "../support/db";

let standin: LibsqlStandin;
let db: Database;
/** The HTTP requests the client sent since the last reset, by path. */
let sent: string[] = [];

beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), "riceops-coalesce-")), "c.db");
  const local = openDatabase(`file:${file}`);
  await migrateDatabase(local);
  await seedDatabase(local, { orders: 40, now: SEED_NOW, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
  standin = await startLibsqlStandin({ file });
  const counting = async (input: Request) => {
    sent.push(new URL(input.url).pathname);
    return fetch(input);
  };
  // As openRemoteDatabase opens it for the Worker, with a fetch that counts.
  db = databaseFromClient(coalescingReads(createClient({ url: standin.url, fetch: counting })));
}, 60_000);

afterAll(async () => {
  await standin?.close();
});

beforeEach(() => {
  sent = [];
});

describe("reads issued together", () => {
  it("travel in one request, each with its own answer", async () => {
    const [orderCount, firstOrder, setting, news] = await Promise.all([
      db.select({ n: count() }).from(orders),
      db.select({ orderNumber: orders.orderNumber }).from(orders).orderBy(orders.id).limit(1),
      db.select({ key: settings.key }).from(settings).limit(1),
      db.select({ id: announcements.id }).from(announcements),
    ]);
    expect(sent).toHaveLength(1);
    expect(orderCount[0]!.n).toBe(40);
    expect(firstOrder[0]!.orderNumber).toMatch(/^SO-/);
    expect(setting).toHaveLength(1);
    expect(Array.isArray(news)).toBe(true);
  });

  it("join the batch when issued a few awaits later in the same turn (a loader's Promise.all of async services)", async () => {
    const later = async () => {
      await Promise.resolve();
      await Promise.resolve();
      return db.select({ n: count() }).from(orders);
    };
    const [a, b] = await Promise.all([later(), db.select({ n: count() }).from(settings)]);
    expect(sent).toHaveLength(1);
    expect(a[0]!.n).toBe(40);
    expect(b[0]!.n).toBeGreaterThan(0);
  });

  it("a read alone goes as it always did", async () => {
    const rows = await db.select({ n: count() }).from(orders);
    expect(rows[0]!.n).toBe(40);
    expect(sent).toHaveLength(1);
  });

  it("one statement that fails fails alone: the others still answer", async () => {
    const results = await Promise.allSettled([
      db.select({ n: count() }).from(orders),
      db.all(sql`select * from no_such_table`),
      db.select({ n: count() }).from(settings),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[0] as PromiseFulfilledResult<{ n: number }[]>).value[0]!.n).toBe(40);
    expect(String((results[1] as PromiseRejectedResult).reason?.cause ?? (results[1] as PromiseRejectedResult).reason)).toMatch(/no such table/);
  });

  it("writes are neither held nor batched, and a read issued after a write sees it", async () => {
    const before = (await db.select({ n: count() }).from(announcements))[0]!.n;
    sent = [];
    await db.insert(announcements).values({ title: "Coalesce", body: "b", publishedAt: SEED_NOW.toISOString() });
    expect(sent).toHaveLength(1);
    const after = (await db.select({ n: count() }).from(announcements))[0]!.n;
    expect(after).toBe(before + 1);
    await db.delete(announcements).where(eq(announcements.title, "Coalesce"));
  });

  it("a database that does not answer fails every read of the batch once, without asking again statement by statement", async () => {
    let calls = 0;
    const refusing = async () => {
      calls += 1;
      throw new DatabaseUnavailableError(new Error("refused"));
    };
    const down = databaseFromClient(coalescingReads(createClient({ url: standin.url, fetch: refusing })));
    const results = await Promise.allSettled([down.select({ n: count() }).from(orders), down.select({ n: count() }).from(settings)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(calls).toBe(1);
  });
});
