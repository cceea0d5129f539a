// The official libSQL client's own test suite (libsql-client-ts, src/__tests__/client.test.ts), its HTTP cases,
// ported to vitest and run against the preview's libSQL stand-in through @libsql/client/web, as it runs against
// sqld: the profile the upstream file calls "sqld" (Hrana 2 over HTTP, which is what the client speaks; its Hrana
// 3-only cases run in libsql-conformance-hrana3.test.ts and, for the batch one, libsql-conformance-spec.test.ts). Cases for local
// files, in-memory databases, WebSockets and sync are left out: they never reach a server. Decision 024.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, LibsqlError, type Client, type Config, type InValue, type IntMode, type Value } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLibsqlStandin, type LibsqlStandin } from "../../stand-ins/libsql-http";

let standin: LibsqlStandin | { url: string; close(): Promise<void> };

beforeAll(async () => {
  // LIBSQL_CONFORMANCE_URL points the suite at another server (a real sqld) to check the suite itself.
  const url = process.env.LIBSQL_CONFORMANCE_URL;
  standin = url ? { url, close: async () => {} } : await startLibsqlStandin({ file: join(mkdtempSync(join(tmpdir(), "riceops-hrana-client-")), "client.db") });
});

afterAll(async () => {
  await standin?.close();
});

function withClient(f: (c: Client) => Promise<void>, extra: Partial<Config> = {}): () => Promise<void> {
  return async () => {
    const c = createClient({ url: standin.url, ...extra });
    try {
      await f(c);
    } finally {
      c.close();
    }
  };
}

/** The upstream `toBeLibsqlError(code?)` matcher. */
async function expectLibsqlError(promise: Promise<unknown>, code?: string): Promise<LibsqlError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LibsqlError);
  if (code !== undefined) expect((error as LibsqlError).code).toBe(code);
  return error as LibsqlError;
}

async function expectBatchError(promise: Promise<unknown>, statementIndex: number) {
  const e = (await promise.then(
    () => undefined,
    (err: unknown) => err,
  )) as { name?: string; statementIndex?: number; code?: string } | undefined;
  expect(e?.name).toBe("LibsqlBatchError");
  expect(e?.statementIndex).toBe(statementIndex);
  expect(e?.code).toBeDefined();
}

describe("createClient()", () => {
  it("URL scheme not supported", () => {
    expect(() => createClient({ url: "ftp://localhost" })).toThrow(/"ftp:"/);
  });

  it("URL param not supported", () => {
    expect(() => createClient({ url: "ws://localhost?foo=bar" })).toThrow(/"foo"/);
  });

  it("URL scheme incompatible with ?tls", () => {
    for (const url of ["ws://localhost?tls=1", "wss://localhost?tls=0", "http://localhost?tls=1", "https://localhost?tls=0"]) {
      expect(() => createClient({ url })).toThrow(/TLS/);
    }
  });

  it("missing port in libsql URL with tls=0", () => {
    expect(() => createClient({ url: "libsql://localhost?tls=0" })).toThrow(/port/);
  });

  it("invalid value of tls query param", () => {
    expect(() => createClient({ url: "libsql://localhost?tls=yes" })).toThrow(/"tls".*"yes"/);
  });

  it("passing URL instead of config object", () => {
    // @ts-expect-error the upstream case passes a string on purpose
    expect(() => createClient("ws://localhost")).toThrow(/as object, got string/);
  });

  it("invalid value for `intMode`", () => {
    // @ts-expect-error the upstream case passes a bad mode on purpose
    expect(() => createClient({ url: "http://localhost", intMode: "foo" })).toThrow(/"foo"/);
  });
});

describe("execute()", () => {
  it(
    "query a single value",
    withClient(async (c) => {
      const rs = await c.execute("SELECT 42");
      expect(rs.columns.length).toBe(1);
      expect(rs.columnTypes.length).toBe(1);
      expect(rs.rows.length).toBe(1);
      expect(rs.rows[0]!.length).toBe(1);
      expect(rs.rows[0]![0]).toStrictEqual(42);
    }),
  );

  it(
    "query a single row",
    withClient(async (c) => {
      const rs = await c.execute("SELECT 1 AS one, 'two' AS two, 0.5 AS three");
      expect(rs.columns).toStrictEqual(["one", "two", "three"]);
      expect(rs.columnTypes).toStrictEqual(["", "", ""]);
      const r = rs.rows[0]!;
      expect(Array.from(r)).toStrictEqual([1, "two", 0.5]);
      expect(Object.entries(r)).toStrictEqual([
        ["one", 1],
        ["two", "two"],
        ["three", 0.5],
      ]);
    }),
  );

  it(
    "query multiple rows",
    withClient(async (c) => {
      const rs = await c.execute("VALUES (1, 'one'), (2, 'two'), (3, 'three')");
      expect(rs.columns.length).toBe(2);
      expect(rs.rows.map((r) => Array.from(r))).toStrictEqual([
        [1, "one"],
        [2, "two"],
        [3, "three"],
      ]);
    }),
  );

  it(
    "statement that produces error",
    withClient(async (c) => {
      await expectLibsqlError(c.execute("SELECT foobar"));
    }),
  );

  it(
    "rowsAffected with INSERT",
    withClient(async (c) => {
      await c.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a)"], "write");
      const rs = await c.execute("INSERT INTO t VALUES (1), (2)");
      expect(rs.rowsAffected).toBe(2);
    }),
  );

  it(
    "rowsAffected with DELETE",
    withClient(async (c) => {
      await c.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a)", "INSERT INTO t VALUES (1), (2), (3), (4), (5)"], "write");
      const rs = await c.execute("DELETE FROM t WHERE a >= 3");
      expect(rs.rowsAffected).toBe(3);
    }),
  );

  it(
    "lastInsertRowid with INSERT",
    withClient(async (c) => {
      await c.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a)", "INSERT INTO t VALUES ('one'), ('two')"], "write");
      const insertRs = await c.execute("INSERT INTO t VALUES ('three')");
      expect(insertRs.lastInsertRowid).not.toBeUndefined();
      const selectRs = await c.execute({ sql: "SELECT a FROM t WHERE ROWID = ?", args: [insertRs.lastInsertRowid!] });
      expect(Array.from(selectRs.rows[0]!)).toStrictEqual(["three"]);
    }),
  );

  it(
    "rows from INSERT RETURNING",
    withClient(async (c) => {
      await c.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a)"], "write");
      const rs = await c.execute("INSERT INTO t VALUES (1) RETURNING 42 AS x, 'foo' AS y");
      expect(rs.columns).toStrictEqual(["x", "y"]);
      expect(rs.columnTypes).toStrictEqual(["", ""]);
      expect(Array.from(rs.rows[0]!)).toStrictEqual([42, "foo"]);
    }),
  );

  it(
    "rowsAffected with WITH INSERT",
    withClient(async (c) => {
      await c.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a)", "INSERT INTO t VALUES (1), (2), (3)"], "write");
      const rs = await c.execute(`
            WITH x(a) AS (SELECT 2*a FROM t)
            INSERT INTO t SELECT a+1 FROM x
        `);
      expect(rs.rowsAffected).toBe(3);
    }),
  );
});

describe("values", () => {
  function roundtrip(name: string, passed: InValue, expected: Value, intMode?: IntMode) {
    it(
      `${name}${intMode ? ` (${intMode})` : ""}`,
      withClient(
        async (c) => {
          const rs = await c.execute({ sql: "SELECT ?", args: [passed] });
          expect(rs.rows[0]![0]).toStrictEqual(expected);
        },
        { intMode },
      ),
    );
  }

  function roundtripError(name: string, passed: InValue, expectedError: new (...args: never[]) => Error, intMode?: IntMode) {
    it(
      `${name}${intMode ? ` (${intMode})` : ""}`,
      withClient(
        async (c) => {
          await expect(c.execute({ sql: "SELECT ?", args: [passed] })).rejects.toBeInstanceOf(expectedError);
        },
        { intMode },
      ),
    );
  }

  roundtrip("string", "boomerang", "boomerang");
  roundtrip("string with weird characters", "a\n\r\t ", "a\n\r\t ");
  roundtrip("string with unicode", "žluťoučký kůň úpěl ďábelské ódy", "žluťoučký kůň úpěl ďábelské ódy");

  describe("number", () => {
    for (const intMode of ["number", "bigint", "string"] as const) {
      roundtrip("zero", 0, 0, intMode);
      roundtrip("integer", -2023, -2023, intMode);
      roundtrip("float", 12.345, 12.345, intMode);
      roundtrip("large positive float", 1e18, 1e18, intMode);
      roundtrip("large negative float", -1e18, -1e18, intMode);
      roundtrip("MAX_VALUE", Number.MAX_VALUE, Number.MAX_VALUE, intMode);
      roundtrip("-MAX_VALUE", -Number.MAX_VALUE, -Number.MAX_VALUE, intMode);
      roundtrip("MIN_VALUE", Number.MIN_VALUE, Number.MIN_VALUE, intMode);
    }
  });

  describe("bigint", () => {
    roundtrip("zero integer", 0n, 0, "number");
    roundtrip("small integer", -42n, -42, "number");
    roundtrip("largest safe integer", 9007199254740991n, 9007199254740991, "number");
    roundtripError("smallest unsafe integer", 9007199254740992n, RangeError, "number");
    roundtripError("large unsafe integer", -1152921504594532842n, RangeError, "number");

    roundtrip("zero integer", 0n, 0n, "bigint");
    roundtrip("small integer", -42n, -42n, "bigint");
    roundtrip("large positive integer", 1152921504608088318n, 1152921504608088318n, "bigint");
    roundtrip("large negative integer", -1152921504594532842n, -1152921504594532842n, "bigint");
    roundtrip("largest positive integer", 9223372036854775807n, 9223372036854775807n, "bigint");
    roundtrip("largest negative integer", -9223372036854775808n, -9223372036854775808n, "bigint");

    roundtrip("zero integer", 0n, "0", "string");
    roundtrip("small integer", -42n, "-42", "string");
    roundtrip("large positive integer", 1152921504608088318n, "1152921504608088318", "string");
    roundtrip("large negative integer", -1152921504594532842n, "-1152921504594532842", "string");
    roundtrip("largest positive integer", 9223372036854775807n, "9223372036854775807", "string");
    roundtrip("largest negative integer", -9223372036854775808n, "-9223372036854775808", "string");
  });

  const buf = new ArrayBuffer(256);
  const array = new Uint8Array(buf);
  for (let i = 0; i < 256; ++i) array[i] = i ^ 0xab;
  roundtrip("ArrayBuffer", buf, buf);
  roundtrip("Uint8Array", array, buf);

  roundtrip("null", null, null);
  roundtrip("true", true, 1n, "bigint");
  roundtrip("false", false, 0n, "bigint");
  roundtrip("true", true, 1, "number");
  roundtrip("false", false, 0, "number");
  roundtrip("true", true, "1", "string");
  roundtrip("false", false, "0", "string");
  roundtrip("true", true, 1);
  roundtrip("false", false, 0);

  roundtrip("Date", new Date("2023-01-02T12:34:56Z"), 1672662896000, "bigint");

  roundtripError("undefined produces error", undefined as unknown as InValue, TypeError);
  roundtripError("NaN produces error", NaN, RangeError);
  roundtripError("Infinity produces error", Infinity, RangeError);
  roundtripError("large bigint produces error", -1267650600228229401496703205376n, RangeError);

  it(
    "max 64-bit bigint",
    withClient(async (c) => {
      const rs = await c.execute({ sql: "SELECT ?||''", args: [9223372036854775807n] });
      expect(rs.rows[0]![0]).toStrictEqual("9223372036854775807");
    }),
  );

  it(
    "min 64-bit bigint",
    withClient(async (c) => {
      const rs = await c.execute({ sql: "SELECT ?||''", args: [-9223372036854775808n] });
      expect(rs.rows[0]![0]).toStrictEqual("-9223372036854775808");
    }),
  );
});

describe("ResultSet.toJSON()", () => {
  it(
    "simple result set",
    withClient(async (c) => {
      const rs = await c.execute("SELECT 1 AS a");
      const json = rs.toJSON();
      expect(json["lastInsertRowid"] === null || json["lastInsertRowid"] === "0").toBe(true);
      expect(json["columns"]).toStrictEqual(["a"]);
      expect(json["columnTypes"]).toStrictEqual([""]);
      expect(json["rows"]).toStrictEqual([[1]]);
      expect(json["rowsAffected"]).toBe(0);
      expect([
        '{"columns":["a"],"columnTypes":[""],"rows":[[1]],"rowsAffected":0,"lastInsertRowid":null}',
        '{"columns":["a"],"columnTypes":[""],"rows":[[1]],"rowsAffected":0,"lastInsertRowid":"0"}',
      ]).toContain(JSON.stringify(rs));
    }),
  );

  it(
    "lastInsertRowid",
    withClient(async (c) => {
      await c.execute("DROP TABLE IF EXISTS t");
      await c.execute("CREATE TABLE t (id INTEGER PRIMARY KEY NOT NULL)");
      const rs = await c.execute("INSERT INTO t VALUES (12345)");
      expect(rs.toJSON()).toStrictEqual({ columns: [], columnTypes: [], rows: [], rowsAffected: 1, lastInsertRowid: "12345" });
    }),
  );

  it(
    "computed values",
    withClient(async (c) => {
      const rs = await c.execute("SELECT 42 AS integer, 0.5 AS float, NULL AS \"null\", 'foo' AS text, X'626172' AS blob");
      const json = rs.toJSON();
      expect(json["columns"]).toStrictEqual(["integer", "float", "null", "text", "blob"]);
      expect(json["columnTypes"]).toStrictEqual(["", "", "", "", ""]);
      expect(json["rows"]).toStrictEqual([[42, 0.5, null, "foo", "YmFy"]]);
    }),
  );

  it(
    "row values",
    withClient(async (c) => {
      await c.execute("DROP TABLE IF EXISTS t");
      await c.execute("CREATE TABLE t (i INTEGER, f FLOAT, t TEXT, b BLOB)");
      await c.execute("INSERT INTO t VALUES (42, 0.5, 'foo', X'626172')");
      const rs = await c.execute("SELECT i, f, t, b FROM t LIMIT 1");
      const json = rs.toJSON();
      expect(json["columns"]).toStrictEqual(["i", "f", "t", "b"]);
      expect(json["columnTypes"]).toStrictEqual(["INTEGER", "FLOAT", "TEXT", "BLOB"]);
      expect(json["rows"]).toStrictEqual([[42, 0.5, "foo", "YmFy"]]);
    }),
  );

  it(
    "bigint row value",
    withClient(
      async (c) => {
        const rs = await c.execute("SELECT 42");
        expect(rs.toJSON()["rows"]).toStrictEqual([["42"]]);
      },
      { intMode: "bigint" },
    ),
  );
});

describe("arguments", () => {
  it(
    "? arguments",
    withClient(async (c) => {
      const rs = await c.execute({ sql: "SELECT ?, ?", args: ["one", "two"] });
      expect(Array.from(rs.rows[0]!)).toStrictEqual(["one", "two"]);
    }),
  );

  it(
    "?NNN arguments",
    withClient(async (c) => {
      const rs = await c.execute({ sql: "SELECT ?2, ?3, ?1", args: ["one", "two", "three"] });
      expect(Array.from(rs.rows[0]!)).toStrictEqual(["two", "three", "one"]);
    }),
  );

  it(
    "?NNN arguments with holes",
    withClient(async (c) => {
      const rs = await c.execute({ sql: "SELECT ?3, ?1", args: ["one", "two", "three"] });
      expect(Array.from(rs.rows[0]!)).toStrictEqual(["three", "one"]);
    }),
  );

  it(
    "?NNN and ? arguments",
    withClient(async (c) => {
      const rs = await c.execute({ sql: "SELECT ?2, ?, ?3", args: ["one", "two", "three"] });
      expect(Array.from(rs.rows[0]!)).toStrictEqual(["two", "three", "three"]);
    }),
  );

  for (const sign of [":", "@", "$"]) {
    it(
      `${sign}AAAA arguments`,
      withClient(async (c) => {
        const rs = await c.execute({ sql: `SELECT ${sign}b, ${sign}a`, args: { a: "one", [`${sign}b`]: "two" } });
        expect(Array.from(rs.rows[0]!)).toStrictEqual(["two", "one"]);
      }),
    );

    it(
      `${sign}AAAA arguments used multiple times`,
      withClient(async (c) => {
        const rs = await c.execute({ sql: `SELECT ${sign}b, ${sign}a, ${sign}b || ${sign}a`, args: { a: "one", [`${sign}b`]: "two" } });
        expect(Array.from(rs.rows[0]!)).toStrictEqual(["two", "one", "twoone"]);
      }),
    );

    it(
      `${sign}AAAA arguments and ?NNN arguments`,
      withClient(async (c) => {
        const rs = await c.execute({ sql: `SELECT ${sign}b, ${sign}a, ?1`, args: { a: "one", [`${sign}b`]: "two" } });
        expect(Array.from(rs.rows[0]!)).toStrictEqual(["two", "one", "two"]);
      }),
    );
  }
});

describe("batch()", () => {
  it(
    "multiple queries",
    withClient(async (c) => {
      const rss = await c.batch(["SELECT 1+1", "SELECT 1 AS one, 2 AS two", { sql: "SELECT ?", args: ["boomerang"] }, { sql: "VALUES (?), (?)", args: ["big", "ben"] }], "read");
      expect(rss.length).toBe(4);
      expect(Array.from(rss[0]!.rows[0]!)).toStrictEqual([2]);
      expect(Array.from(rss[1]!.rows[0]!)).toStrictEqual([1, 2]);
      expect(Array.from(rss[2]!.rows[0]!)).toStrictEqual(["boomerang"]);
      expect(rss[3]!.rows.map((r) => Array.from(r))).toStrictEqual([["big"], ["ben"]]);
    }),
  );

  it(
    "statements are executed sequentially",
    withClient(async (c) => {
      const rss = await c.batch(
        ["DROP TABLE IF EXISTS t", "CREATE TABLE t (a, b)", "INSERT INTO t VALUES (1, 'one')", "SELECT * FROM t ORDER BY a", "INSERT INTO t VALUES (2, 'two')", "SELECT * FROM t ORDER BY a", "DROP TABLE t"],
        "write",
      );
      expect(rss.length).toBe(7);
      expect(rss[3]!.rows).toEqual([{ a: 1, b: "one" }]);
      expect(rss[5]!.rows).toEqual([
        { a: 1, b: "one" },
        { a: 2, b: "two" },
      ]);
    }),
  );

  it(
    "statements are executed in a transaction",
    withClient(async (c) => {
      await c.batch(["DROP TABLE IF EXISTS t1", "DROP TABLE IF EXISTS t2", "CREATE TABLE t1 (a)", "CREATE TABLE t2 (a)"], "write");
      const n = 100;
      await Promise.all(
        Array.from({ length: n }, async (_, i) => {
          const rss = await c.batch([{ sql: "INSERT INTO t1 VALUES (?)", args: [i] }, { sql: "INSERT INTO t2 VALUES (?)", args: [i * 10] }, "SELECT SUM(a) FROM t1", "SELECT SUM(a) FROM t2"], "write");
          expect(rss[3]!.rows[0]![0]).toStrictEqual((rss[2]!.rows[0]![0] as number) * 10);
        }),
      );
      expect((await c.execute("SELECT SUM(a) FROM t1")).rows[0]![0]).toBe((n * (n - 1)) / 2);
      expect((await c.execute("SELECT SUM(a) FROM t2")).rows[0]![0]).toBe(((n * (n - 1)) / 2) * 10);
    }),
    10_000,
  );

  it(
    "error in batch",
    withClient(async (c) => {
      await expectLibsqlError(c.batch(["SELECT 1+1", "SELECT foobar"], "read"));
    }),
  );

  it(
    "error in batch rolls back transaction",
    withClient(async (c) => {
      await c.execute("DROP TABLE IF EXISTS t");
      await c.execute("CREATE TABLE t (a)");
      await c.execute("INSERT INTO t VALUES ('one')");
      await expectLibsqlError(c.batch(["INSERT INTO t VALUES ('two')", "SELECT foobar", "INSERT INTO t VALUES ('three')"], "write"));
      expect((await c.execute("SELECT COUNT(*) FROM t")).rows[0]![0]).toBe(1);
    }),
  );

  it.each([0, 1, 2])(
    "batch error reports statement index - error at index %i",
    (at) =>
      withClient(async (c) => {
        const stmts = ["SELECT 1", "SELECT 2"];
        stmts.splice(at, 0, "SELECT invalid_column");
        await expectBatchError(c.batch(stmts, "read"), at);
      })(),
  );

  it(
    "batch error with write mode reports statement index",
    withClient(async (c) => {
      await c.execute("DROP TABLE IF EXISTS t");
      await c.execute("CREATE TABLE t (a UNIQUE)");
      await c.execute("INSERT INTO t VALUES (1)");
      await expectBatchError(c.batch(["INSERT INTO t VALUES (2)", "INSERT INTO t VALUES (3)", "INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (4)"], "write"), 2);
      expect((await c.execute("SELECT COUNT(*) FROM t")).rows[0]![0]).toBe(1);
    }),
  );

  it(
    "batch with a lot of different statements",
    withClient(async (c) => {
      const stmts = Array.from({ length: 1000 }, (_, i) => `SELECT ${i}`);
      const rss = await c.batch(stmts, "read");
      rss.forEach((rs, i) => expect(rs.rows[0]![0]).toBe(i));
    }),
  );

  it(
    "batch with a lot of the same statements",
    withClient(async (c) => {
      const n = 20;
      const m = 200;
      const stmts = [];
      for (let i = 0; i < n; ++i) for (let j = 0; j < m; ++j) stmts.push({ sql: `SELECT ?, ${j}`, args: [i] });
      const rss = await c.batch(stmts, "read");
      for (let i = 0; i < n; ++i)
        for (let j = 0; j < m; ++j) {
          expect(rss[i * m + j]!.rows[0]![0]).toBe(i);
          expect(rss[i * m + j]!.rows[0]![1]).toBe(j);
        }
    }),
  );

  it(
    "deferred batch",
    withClient(async (c) => {
      const rss = await c.batch(["SELECT 1+1", "DROP TABLE IF EXISTS t", "CREATE TABLE t (a)", "INSERT INTO t VALUES (21) RETURNING 2*a"], "deferred");
      expect(rss.length).toBe(4);
      expect(Array.from(rss[0]!.rows[0]!)).toStrictEqual([2]);
      expect(Array.from(rss[3]!.rows[0]!)).toStrictEqual([42]);
    }),
  );
});

describe("transaction()", () => {
  it(
    "query multiple rows",
    withClient(async (c) => {
      const txn = await c.transaction("read");
      const rs = await txn.execute("VALUES (1, 'one'), (2, 'two'), (3, 'three')");
      expect(rs.rows.map((r) => Array.from(r))).toStrictEqual([
        [1, "one"],
        [2, "two"],
        [3, "three"],
      ]);
      txn.close();
    }),
  );

  it(
    "commit()",
    withClient(async (c) => {
      await c.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a)"], "write");
      const txn = await c.transaction("write");
      await txn.execute("INSERT INTO t VALUES ('one')");
      await txn.execute("INSERT INTO t VALUES ('two')");
      expect(txn.closed).toBe(false);
      await txn.commit();
      expect(txn.closed).toBe(true);
      expect((await c.execute("SELECT COUNT(*) FROM t")).rows[0]![0]).toBe(2);
      await expectLibsqlError(txn.execute("SELECT 1"), "TRANSACTION_CLOSED");
    }),
  );

  it(
    "rollback()",
    withClient(async (c) => {
      await c.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a)"], "write");
      const txn = await c.transaction("write");
      await txn.execute("INSERT INTO t VALUES ('one')");
      await txn.execute("INSERT INTO t VALUES ('two')");
      await txn.rollback();
      expect(txn.closed).toBe(true);
      expect((await c.execute("SELECT COUNT(*) FROM t")).rows[0]![0]).toBe(0);
      await expectLibsqlError(txn.execute("SELECT 1"), "TRANSACTION_CLOSED");
    }),
  );

  it(
    "close()",
    withClient(async (c) => {
      await c.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a)"], "write");
      const txn = await c.transaction("write");
      await txn.execute("INSERT INTO t VALUES ('one')");
      txn.close();
      expect(txn.closed).toBe(true);
      expect((await c.execute("SELECT COUNT(*) FROM t")).rows[0]![0]).toBe(0);
      await expectLibsqlError(txn.execute("SELECT 1"), "TRANSACTION_CLOSED");
    }),
  );

  it(
    "error does not rollback",
    withClient(async (c) => {
      await c.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a)"], "write");
      const txn = await c.transaction("write");
      await expectLibsqlError(txn.execute("SELECT foo"));
      await txn.execute("INSERT INTO t VALUES ('one')");
      await expectLibsqlError(txn.execute("SELECT bar"));
      await txn.commit();
      expect((await c.execute("SELECT COUNT(*) FROM t")).rows[0]![0]).toBe(1);
    }),
  );

  it(
    "commit empty",
    withClient(async (c) => {
      await (await c.transaction("read")).commit();
    }),
  );

  it(
    "rollback empty",
    withClient(async (c) => {
      await (await c.transaction("read")).rollback();
    }),
  );

  describe("batch()", () => {
    it(
      "as the first operation on transaction",
      withClient(async (c) => {
        const txn = await c.transaction("write");
        await txn.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a)", { sql: "INSERT INTO t VALUES (?)", args: [1] }, { sql: "INSERT INTO t VALUES (?)", args: [2] }, { sql: "INSERT INTO t VALUES (?)", args: [4] }]);
        expect((await txn.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(7);
        txn.close();
      }),
    );

    it(
      "as the second operation on transaction",
      withClient(async (c) => {
        const txn = await c.transaction("write");
        await txn.execute("DROP TABLE IF EXISTS t");
        await txn.batch(["CREATE TABLE t (a)", { sql: "INSERT INTO t VALUES (?)", args: [1] }, { sql: "INSERT INTO t VALUES (?)", args: [2] }, { sql: "INSERT INTO t VALUES (?)", args: [4] }]);
        expect((await txn.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(7);
        txn.close();
      }),
    );

    it(
      "after error, further statements are not executed",
      withClient(async (c) => {
        const txn = await c.transaction("write");
        await expectLibsqlError(txn.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a UNIQUE)", "INSERT INTO t VALUES (1), (2), (4)", "INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (8), (16)"]));
        expect((await txn.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(7);
        await txn.commit();
      }),
    );

    it(
      "batch error reports statement index in transaction",
      withClient(async (c) => {
        const txn = await c.transaction("write");
        await expectBatchError(txn.batch(["DROP TABLE IF EXISTS t", "CREATE TABLE t (a UNIQUE)", "INSERT INTO t VALUES (1), (2), (3)", "INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (4), (5)"]), 3);
        expect((await txn.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(6);
        await txn.commit();
      }),
    );

    it(
      "batch error reports statement index - error at first statement in transaction",
      withClient(async (c) => {
        const txn = await c.transaction("read");
        await expectBatchError(txn.batch(["SELECT invalid_column", "SELECT 1", "SELECT 2"]), 0);
        txn.close();
      }),
    );

    it(
      "batch error reports statement index - error at middle statement in transaction",
      withClient(async (c) => {
        const txn = await c.transaction("read");
        await expectBatchError(txn.batch(["SELECT 1", "SELECT 2", "SELECT invalid_column", "SELECT 3"]), 2);
        txn.close();
      }),
    );
  });

  describe("executeMultiple()", () => {
    it(
      "as the first operation on transaction",
      withClient(async (c) => {
        const txn = await c.transaction("write");
        await txn.executeMultiple(`
                DROP TABLE IF EXISTS t;
                CREATE TABLE t (a);
                INSERT INTO t VALUES (1), (2), (4), (8);
            `);
        expect((await txn.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(15);
        txn.close();
      }),
    );

    it(
      "as the second operation on transaction",
      withClient(async (c) => {
        const txn = await c.transaction("write");
        await txn.execute("DROP TABLE IF EXISTS t");
        await txn.executeMultiple(`
                CREATE TABLE t (a);
                INSERT INTO t VALUES (1), (2), (4), (8);
            `);
        expect((await txn.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(15);
        txn.close();
      }),
    );

    it(
      "after error, further statements are not executed",
      withClient(async (c) => {
        const txn = await c.transaction("write");
        await expectLibsqlError(
          txn.executeMultiple(`
                DROP TABLE IF EXISTS t;
                CREATE TABLE t (a UNIQUE);
                INSERT INTO t VALUES (1), (2), (4);
                INSERT INTO t VALUES (1);
                INSERT INTO t VALUES (8), (16);
            `),
        );
        expect((await txn.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(7);
        await txn.commit();
      }),
    );
  });
});

describe("executeMultiple()", () => {
  it(
    "multiple statements",
    withClient(async (c) => {
      await c.executeMultiple(`
            DROP TABLE IF EXISTS t;
            CREATE TABLE t (a);
            INSERT INTO t VALUES (1), (2), (4), (8);
        `);
      expect((await c.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(15);
    }),
  );

  it(
    "after an error, statements are not executed",
    withClient(async (c) => {
      await expectLibsqlError(
        c.executeMultiple(`
            DROP TABLE IF EXISTS t;
            CREATE TABLE t (a);
            INSERT INTO t VALUES (1), (2), (4);
            INSERT INTO t VALUES (foo());
            INSERT INTO t VALUES (8), (16);
        `),
      );
      expect((await c.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(7);
    }),
  );

  it(
    "manual transaction control statements",
    withClient(async (c) => {
      await c.executeMultiple(`
            DROP TABLE IF EXISTS t;
            CREATE TABLE t (a);
            BEGIN;
            INSERT INTO t VALUES (1), (2), (4);
            INSERT INTO t VALUES (8), (16);
            COMMIT;
        `);
      expect((await c.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(31);
    }),
  );

  it(
    "error rolls back a manual transaction",
    withClient(async (c) => {
      await expectLibsqlError(
        c.executeMultiple(`
            DROP TABLE IF EXISTS t;
            CREATE TABLE t (a);
            INSERT INTO t VALUES (0);
            BEGIN;
            INSERT INTO t VALUES (1), (2), (4);
            INSERT INTO t VALUES (foo());
            INSERT INTO t VALUES (8), (16);
            COMMIT;
        `),
      );
      expect((await c.execute("SELECT SUM(a) FROM t")).rows[0]![0]).toBe(0);
    }),
  );
});

it("custom fetch", async () => {
  let calls = 0;
  const c = createClient({
    url: standin.url,
    fetch: (request: Request) => {
      calls += 1;
      return fetch(request);
    },
  });
  try {
    expect((await c.execute("SELECT 42")).rows[0]![0]).toBe(42);
    expect(calls).toBeGreaterThan(0);
  } finally {
    c.close();
  }
});

describe("constraint error codes", () => {
  it(
    "PRIMARY KEY constraint violation",
    withClient(async (c) => {
      await c.execute("DROP TABLE IF EXISTS t_pk_test");
      await c.execute("CREATE TABLE t_pk_test (id INTEGER PRIMARY KEY, name TEXT)");
      await c.execute("INSERT INTO t_pk_test VALUES (1, 'first')");
      const e = await expectLibsqlError(c.execute("INSERT INTO t_pk_test VALUES (1, 'duplicate')"));
      expect(e.code).toBe("SQLITE_CONSTRAINT");
      if (e.extendedCode !== undefined) expect(e.extendedCode).toBe("SQLITE_CONSTRAINT_PRIMARYKEY");
    }),
  );

  it(
    "UNIQUE constraint violation",
    withClient(async (c) => {
      await c.execute("DROP TABLE IF EXISTS t_unique_test");
      await c.execute("CREATE TABLE t_unique_test (id INTEGER, name TEXT UNIQUE)");
      await c.execute("INSERT INTO t_unique_test VALUES (1, 'unique_name')");
      const e = await expectLibsqlError(c.execute("INSERT INTO t_unique_test VALUES (2, 'unique_name')"));
      expect(e.code).toBe("SQLITE_CONSTRAINT");
      if (e.extendedCode !== undefined) expect(e.extendedCode).toBe("SQLITE_CONSTRAINT_UNIQUE");
    }),
  );
});
