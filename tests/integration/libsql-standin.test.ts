// The preview's database path (decision 019): the Worker's @libsql/client/web talking Hrana over HTTP to
// the local stand-in over an embedded file. The same routes must answer the same through it as through
// the Node client on the file, and writes, batches, version checks and transactions must behave.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../../config/local-env";
import { migrateDatabase, openDatabase } from "../../db/node";
import { orders, settings } from "../../db/schema";
import { seedDatabase } from "../../db/seed";
import { openRemoteDatabase, type Database } from "~/lib/db.server";
import { loader as listLoader } from "~/routes/api.order-trackers";
import { action as updateAction } from "~/routes/api.order-trackers.$id";
import { startLibsqlStandin, type LibsqlStandin } from "../../stand-ins/libsql-http";
import { SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookies } from "../support/context";

let standin: LibsqlStandin;
let local: Database;
let web: Database;
let viaFile: ReturnType<typeof createTestContext>;
let viaWeb: ReturnType<typeof createTestContext>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), "riceops-hrana-")), "preview.db");
  local = openDatabase(`file:${file}`);
  await migrateDatabase(local);
  await seedDatabase(local, { orders: 150, now: SEED_NOW, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
  standin = await startLibsqlStandin({ file });
  web = openRemoteDatabase(standin.url);
  viaFile = createTestContext(local, { now: SEED_NOW });
  viaWeb = createTestContext(web, { now: SEED_NOW });
  Object.assign(cookies, await staffCookies(viaWeb.app, ["admin", "warehouse"]));
}, 60_000);

afterAll(async () => {
  await standin?.close();
});

async function list(ctx: ReturnType<typeof createTestContext>, who: string, query: string) {
  const res = (await settle(() => listLoader({ request: request(`/api/order-trackers?${query}`, { cookie: cookies[who] }), context: ctx, params: {} }))) as Response;
  return { status: res.status, body: (await res.json()) as unknown };
}

describe("the same answers through the web client", () => {
  it.each([
    ["admin", "page=1&limit=25"],
    ["admin", "page=2&limit=50&sortBy=orderNumber&sortOrder=asc"],
    ["admin", "search=rice&searchField=customerOrOrder"],
    ["warehouse", "page=1&limit=25"],
  ])("GET /api/order-trackers as %s with %s", async (who, query) => {
    const a = await list(viaFile, who, query);
    const b = await list(viaWeb, who, query);
    expect(b.status).toBe(200);
    expect(b).toEqual(a);
  });

  it("keeps integers, floats, text, null and blobs intact", async () => {
    const [row] = await web.all<{ i: number; f: number; t: string; n: null; b: ArrayBuffer }>(
      sql`select 9007199254740991 as i, 2.5 as f, ${"déjà vu ✓"} as t, null as n, x'00ff10' as b`,
    );
    expect(row).toMatchObject({ i: 9007199254740991, f: 2.5, t: "déjà vu ✓", n: null });
    expect([...new Uint8Array(row!.b)]).toEqual([0, 255, 16]);
  });
});

describe("answers as Turso does (issue 20)", () => {
  it("a null parameter, an integral float and a lone BLOB argument come back as sent", async () => {
    const [row] = await web.all<{ n: null; f: number; t: string; b: ArrayBuffer }>(sql`select ${null} as n, ${1e18} as f, typeof(${0.0}) as t, ${new Uint8Array([0, 255])} as b`);
    expect(row).toMatchObject({ n: null, f: 1e18, t: "real" });
    expect([...new Uint8Array(row!.b)]).toEqual([0, 255]);
    const [blob] = await web.all<{ n: number }>(sql`select length(${new Uint8Array([1, 2, 3])}) as n`);
    expect(blob!.n).toBe(3);
  });

  it("a constraint error carries the primary code, as libSQL's server sends it", async () => {
    const error = await web.insert(settings).values({ key: "email.defaultCc", value: [] }).then(
      () => null,
      (e: unknown) => e as { cause?: { code?: string; message?: string } },
    );
    expect(error?.cause?.code).toBe("SQLITE_CONSTRAINT");
    expect(error?.cause?.message).toMatch(/UNIQUE constraint failed/);
  });
});

describe("writes through the web client", () => {
  it("an edit saves once; a stale version gets 409; the file sees the saved row", async () => {
    const [o] = await local.select().from(orders).where(eq(orders.orderStatus, "Picking")).orderBy(asc(orders.id)).limit(1);
    const body = { paymentStatus: "Paid", orderType: o!.orderType, truckingCompany: "Estes", warehouseAssignment: ["Kevin Chen"], notes: "via hrana", version: o!.version };
    const put = async () =>
      (await settle(() => updateAction({ request: request(`/api/order-trackers/${o!.id}`, { method: "PUT", cookie: cookies.admin, json: body }), context: viaWeb, params: { id: String(o!.id) } }))) as Response;
    expect((await put()).status).toBe(200);
    expect((await put()).status).toBe(409);
    const [after] = await local.select().from(orders).where(eq(orders.id, o!.id));
    expect(after).toMatchObject({ notes: "via hrana", version: o!.version + 1 });
  });

  it("reports affected rows for UPDATE … RETURNING and plain UPDATE", async () => {
    const returned = await web.update(settings).set({ value: "x" }).where(eq(settings.key, "no-such-key")).returning();
    expect(returned).toEqual([]);
    const result = await web.run(sql`update orders set notes = notes where id in (1, 2, 3)`);
    expect(result.rowsAffected).toBe(3);
  });

  it("a batch is atomic: a failing statement leaves nothing", async () => {
    await expect(
      web.batch([
        web.insert(settings).values({ key: "batch-a", value: 1 }),
        web.insert(settings).values({ key: "batch-a", value: 2 }), // duplicate primary key
      ]),
    ).rejects.toThrow();
    expect(await local.select().from(settings).where(eq(settings.key, "batch-a"))).toEqual([]);
  });

  it("an interactive transaction commits, and rolls back when it throws", async () => {
    await web.transaction(async (tx) => {
      await tx.insert(settings).values({ key: "tx-commit", value: true });
    });
    await expect(
      web.transaction(async (tx) => {
        await tx.insert(settings).values({ key: "tx-rollback", value: true });
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    const keys = (await local.select().from(settings)).map((s) => s.key);
    expect(keys).toContain("tx-commit");
    expect(keys).not.toContain("tx-rollback");
  });

  it("a failed statement does not hold back the stream's next write", async () => {
    await expect(web.insert(settings).values({ key: "email.defaultCc", value: [] })).rejects.toThrow();
    await web.insert(settings).values({ key: "after-failure", value: 1 });
    expect((await local.select().from(settings)).map((s) => s.key)).toContain("after-failure");
  });

  it("a write waits for another stream's transaction instead of failing", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = web.transaction(async (t) => {
      await t.insert(settings).values({ key: "tx-held", value: 1 });
      await held;
    });
    await new Promise((r) => setTimeout(r, 50));
    const other = web.insert(settings).values({ key: "after-held", value: 2 }).execute();
    setTimeout(release, 100);
    const [, written] = await Promise.all([tx, other]);
    expect(written.rowsAffected).toBe(1);
    const keys = (await local.select().from(settings)).map((s) => s.key);
    expect(keys).toEqual(expect.arrayContaining(["tx-held", "after-held"]));
  });
});
