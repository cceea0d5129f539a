// Hrana 3 as the official client library speaks it: @libsql/hrana-client opened for protocol version 3 negotiates
// /v3-protobuf, so every request here is Protobuf-encoded, batches with `useCursor` go through /v3-protobuf/cursor,
// and @libsql/client's own transaction code runs at version 3 (its is_autocommit guards). The upstream client
// suite's Hrana 3-only transaction cases are ported here, since @libsql/client itself speaks Hrana 2 over HTTP.
// Decision 024.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as hrana from "@libsql/hrana-client";
import { HttpTransaction, LibsqlError } from "@libsql/client/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLibsqlStandin, type LibsqlStandin } from "../../stand-ins/libsql-http";

let standin: LibsqlStandin | { url: string; close(): Promise<void> };
let client: hrana.HttpClient;

beforeAll(async () => {
  // LIBSQL_CONFORMANCE_URL points the suite at another server (a real sqld) to check the suite itself.
  const url = process.env.LIBSQL_CONFORMANCE_URL;
  standin = url ? { url, close: async () => {} } : await startLibsqlStandin({ file: join(mkdtempSync(join(tmpdir(), "riceops-hrana3-")), "v3.db") });
  client = hrana.openHttp(standin.url, undefined, undefined, undefined, 3);
  client.intMode = "bigint";
});

afterAll(async () => {
  client?.close();
  await standin?.close();
});

async function onStream<T>(f: (s: hrana.HttpStream) => Promise<T>): Promise<T> {
  const stream = client.openStream();
  try {
    return await f(stream);
  } finally {
    stream.closeGracefully();
  }
}

async function expectCode(promise: Promise<unknown>, code?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LibsqlError);
  if (code !== undefined) expect((error as LibsqlError).code).toBe(code);
}

it("negotiates Hrana 3 over Protobuf", async () => {
  expect(await client.getVersion()).toBe(3);
});

describe("values keep their type through Protobuf", () => {
  it.each([
    ["null", null, "null"],
    ["integer", -9223372036854775808n, "integer"],
    ["integral float", 1e18, "real"],
    ["zero float", 0, "real"],
    ["float", -12.5, "real"],
    ["text", "žluťoučký ✓", "text"],
    ["blob", new Uint8Array([0, 255, 16]), "blob"],
    ["empty blob", new Uint8Array([]), "blob"],
  ] as const)("%s", async (_name, value, sqliteType) => {
    const rows = await onStream((s) => s.query(new hrana.Stmt("SELECT ?, typeof(?)").bindIndexes([value, value])));
    const [back, type] = [rows.rows[0]![0], rows.rows[0]![1]];
    expect(type).toBe(sqliteType);
    if (value instanceof Uint8Array) expect([...new Uint8Array(back as ArrayBuffer)]).toEqual([...value]);
    else expect(back).toStrictEqual(value);
  });
});

describe("stream requests", () => {
  it("execute reports columns, row counts and the inserted rowid", async () => {
    const [created, inserted, read] = await onStream(async (s) => [
      await s.run("CREATE TABLE IF NOT EXISTS v3 (id INTEGER PRIMARY KEY, name TEXT)"),
      await s.run(new hrana.Stmt("INSERT INTO v3 (id, name) VALUES (?, ?), (?, ?)").bindIndexes([41n, "a", 42n, "b"])),
      await s.query("SELECT id, name FROM v3 ORDER BY id"),
    ]);
    expect(created.affectedRowCount).toBe(0);
    expect([inserted.affectedRowCount, inserted.lastInsertRowid]).toEqual([2, 42n]);
    expect(read.columnDecltypes).toEqual(["INTEGER", "TEXT"]);
    expect(read.rows.map((r) => Array.from(r as ArrayLike<unknown>))).toEqual([
      [41n, "a"],
      [42n, "b"],
    ]);
  });

  it("getAutocommit follows BEGIN and COMMIT on the stream", async () => {
    const states = await onStream(async (s) => {
      const out = [await s.getAutocommit()];
      await s.run("BEGIN");
      out.push(await s.getAutocommit());
      await s.run("COMMIT");
      out.push(await s.getAutocommit());
      return out;
    });
    expect(states).toEqual([true, false, true]);
  });

  it("stored SQL, sequence and describe", async () => {
    const [value, description] = await onStream(async (s) => {
      const stored = s.storeSql("SELECT 6 * 7");
      await s.sequence("CREATE TABLE IF NOT EXISTS seq3 (a); INSERT INTO seq3 VALUES (1);");
      const v = await s.queryValue(stored);
      stored.close();
      return [v.value, await s.describe("SELECT a FROM seq3 WHERE a = :a")];
    });
    expect(value).toBe(42n);
    expect(description).toMatchObject({ paramNames: [":a"], isExplain: false, isReadonly: true });
    expect(description.columns).toEqual([{ name: "a", decltype: undefined }]);
  });

  it("a statement error carries sqld's code and leaves the stream usable", async () => {
    const outcome = await onStream(async (s) => {
      const error = await s.run("INSERT INTO v3 (id, name) VALUES (41, 'dup')").then(
        () => null,
        (e: unknown) => e as hrana.ResponseError,
      );
      return { code: error?.code, next: (await s.queryValue("SELECT 1")).value };
    });
    expect(outcome).toEqual({ code: "SQLITE_CONSTRAINT", next: 1n });
  });
});

describe("batches over the cursor", () => {
  it("conditions, step errors and rows arrive through /v3-protobuf/cursor", async () => {
    const outcome = await onStream(async (s) => {
      const batch = s.batch(true);
      const first = batch.step();
      const one = first.queryValue("SELECT 1");
      const bad = batch.step().condition(hrana.BatchCond.ok(first));
      const failed = bad.run("SELECT nope").then(
        () => "ran",
        (e: hrana.ResponseError) => e.code,
      );
      const skipped = batch.step().condition(hrana.BatchCond.ok(bad)).queryValue("SELECT 2");
      const rescue = batch.step().condition(hrana.BatchCond.and(batch, [hrana.BatchCond.not(hrana.BatchCond.ok(bad)), hrana.BatchCond.isAutocommit(batch)])).query("VALUES (3), (4)");
      await batch.execute();
      return { one: (await one)?.value, failed: await failed, skipped: await skipped, rescue: (await rescue)?.rows.map((r) => r[0]) };
    });
    expect(outcome).toEqual({ one: 1n, failed: "SQL_INPUT_ERROR", skipped: undefined, rescue: [3n, 4n] });
  });
});

// Ported from libsql-client-ts client.test.ts (its `hasHrana3` cases), run through @libsql/client's own
// transaction class at protocol version 3.
describe("transaction() at Hrana 3", () => {
  const transaction = () => new HttpTransaction(client.openStream(), "write", 3);
  const count = async () => (await onStream((s) => s.queryValue("SELECT COUNT(*) FROM t"))).value;
  const fresh = (unique = false) => onStream((s) => s.sequence(`DROP TABLE IF EXISTS t; CREATE TABLE t (a${unique ? " UNIQUE" : ""});`));

  it("ROLLBACK statement stops execution of transaction", async () => {
    await fresh();
    const txn = transaction();
    const prom1 = txn.execute("INSERT INTO t VALUES (1), (2), (3)");
    const prom2 = txn.execute("ROLLBACK");
    const prom3 = txn.execute("INSERT INTO t VALUES (4), (5)");
    await prom1;
    await prom2;
    await expectCode(prom3, "TRANSACTION_CLOSED");
    await expectCode(txn.commit());
    txn.close();
    expect(await count()).toBe(0n);
  });

  it("OR ROLLBACK statement stops execution of transaction", async () => {
    await fresh(true);
    const txn = transaction();
    const prom1 = txn.execute("INSERT INTO t VALUES (1), (2), (3)");
    const prom2 = txn.execute("INSERT OR ROLLBACK INTO t VALUES (1)");
    const prom3 = txn.execute("INSERT INTO t VALUES (4), (5)");
    await prom1;
    await expectCode(prom2);
    await expectCode(prom3, "TRANSACTION_CLOSED");
    await expectCode(txn.commit());
    txn.close();
    expect(await count()).toBe(0n);
  });

  it("OR ROLLBACK as the first statement stops execution of transaction", async () => {
    await fresh(true);
    await onStream((s) => s.run("INSERT INTO t VALUES (1), (2), (3)"));
    const txn = transaction();
    const prom1 = txn.execute("INSERT OR ROLLBACK INTO t VALUES (1)");
    const prom2 = txn.execute("INSERT INTO t VALUES (4), (5)");
    await expectCode(prom1);
    await expectCode(prom2, "TRANSACTION_CLOSED");
    await expectCode(txn.commit());
    txn.close();
    expect(await count()).toBe(3n);
  });

  it("commit() keeps what the transaction wrote", async () => {
    await fresh();
    const txn = transaction();
    await txn.execute("INSERT INTO t VALUES ('one')");
    await txn.batch(["INSERT INTO t VALUES ('two')", "INSERT INTO t VALUES ('three')"]);
    await txn.commit();
    expect(await count()).toBe(3n);
  });
});
