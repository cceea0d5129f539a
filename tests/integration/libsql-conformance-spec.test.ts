// The preview's libSQL stand-in against the Hrana protocol as written (HRANA_3_SPEC.md, HTTP_V2_SPEC.md in the
// libSQL repository) and as sqld answers it: raw HTTP for version checks, values, error codes, batch conditions,
// batons, stored SQL, sequence, describe, autocommit and the v3 cursor; requests that are not Hrana; a request that
// aborts the database engine; and the app's own path (drizzle over @libsql/client/web, its migrations, concurrent
// clients). Decision 024.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client/web";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { drizzle } from "drizzle-orm/libsql/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "../../db/node";
import { openRemoteDatabase } from "~/lib/db.server";
import { startLibsqlStandin, type LibsqlStandin } from "../../stand-ins/libsql-http";

type Value = { type: "null" } | { type: "integer"; value: string } | { type: "float"; value: number } | { type: "text"; value: string } | { type: "blob"; base64: string };
type Answer = { status: number; type: string; text: string; json: () => Body };
type Body = { baton: string | null; base_url: string | null; results: Result[]; message?: string; code?: string };
type Result = { type: "ok"; response: Record<string, unknown> & { type: string } } | { type: "error"; error: { message: string; code: string } };

let standin: LibsqlStandin | { url: string; close(): Promise<void> };
const tempFile = (name: string) => join(mkdtempSync(join(tmpdir(), "riceops-hrana-spec-")), name);

beforeAll(async () => {
  // LIBSQL_CONFORMANCE_URL points the suite at another server (a real sqld) to check the suite itself.
  const url = process.env.LIBSQL_CONFORMANCE_URL;
  standin = url ? { url, close: async () => {} } : await startLibsqlStandin({ file: tempFile("spec.db") });
  await pipeline(2, null, [exec("CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v NOT NULL, r REAL)"), { type: "close" }]);
});

afterAll(async () => {
  await standin?.close();
});

async function http(path: string, init?: { method?: string; body?: string }): Promise<Answer> {
  const res = await fetch(standin.url + path, { method: init?.method ?? (init?.body === undefined ? "GET" : "POST"), body: init?.body, headers: { "content-type": "application/json" } });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", text, json: () => JSON.parse(text) as Body };
}

async function pipeline(version: 2 | 3, baton: string | null, requests: unknown[]): Promise<Body> {
  const res = await http(`/v${version}/pipeline`, { body: JSON.stringify({ baton, requests }) });
  expect(res.status, res.text).toBe(200);
  return res.json();
}

const exec = (sqlText: string, args?: Value[], extra: Record<string, unknown> = {}) => ({ type: "execute", stmt: { sql: sqlText, ...(args ? { args } : {}), ...extra } });
const ok = (r: Result | undefined) => {
  expect(r?.type, JSON.stringify(r)).toBe("ok");
  return (r as Extract<Result, { type: "ok" }>).response;
};
const rowsOf = (r: Result | undefined) => (ok(r)["result"] as { rows: Value[][] }).rows;
const errorOf = (r: Result | undefined) => {
  expect(r?.type, JSON.stringify(r)).toBe("error");
  return (r as Extract<Result, { type: "error" }>).error;
};

describe("version checks", () => {
  it.each(["/v2", "/v3"])("GET %s answers 2xx", async (path) => {
    expect((await http(path)).status).toBe(200);
  });

  it("GET /v3-protobuf answers 2xx (the Protobuf encoding: libsql-conformance-hrana3.test.ts)", async () => {
    expect((await http("/v3-protobuf")).status).toBe(200);
  });
});

describe("values round-trip with their type", () => {
  const cases: [string, Value, string][] = [
    ["null", { type: "null" }, "null"],
    ["zero integer", { type: "integer", value: "0" }, "integer"],
    ["largest integer", { type: "integer", value: "9223372036854775807" }, "integer"],
    ["smallest integer", { type: "integer", value: "-9223372036854775808" }, "integer"],
    ["integral float 0.0", { type: "float", value: 0 }, "real"],
    ["integral float 1e18", { type: "float", value: 1e18 }, "real"],
    ["float MAX_VALUE", { type: "float", value: Number.MAX_VALUE }, "real"],
    ["float MIN_VALUE", { type: "float", value: Number.MIN_VALUE }, "real"],
    ["float -0.5", { type: "float", value: -0.5 }, "real"],
    ["a Date's time as float", { type: "float", value: 1672662896000 }, "real"],
    ["empty text", { type: "text", value: "" }, "text"],
    ["unicode text", { type: "text", value: "žluťoučký kůň ✓ 😀" }, "text"],
    ["empty blob", { type: "blob", base64: "" }, "blob"],
    ["blob", { type: "blob", base64: "AP8QgA==" }, "blob"],
  ];
  for (const version of [2, 3] as const) {
    it.each(cases)(`v${version}: %s`, async (_name, value, sqliteType) => {
      const body = await pipeline(version, null, [exec("SELECT ?, typeof(?)", [value, value]), { type: "close" }]);
      expect(rowsOf(body.results[0])).toEqual([[value, { type: "text", value: sqliteType }]]);
    });
  }

  it("a REAL column keeps an integral value a float, and INTEGER an integer", async () => {
    const body = await pipeline(2, null, [
      exec("INSERT INTO kv VALUES ('real', 3, 2.0)"),
      exec("SELECT v, r, 1.0, 7 FROM kv WHERE k = 'real'"),
      { type: "close" },
    ]);
    expect(rowsOf(body.results[1])).toEqual([[{ type: "integer", value: "3" }, { type: "float", value: 2 }, { type: "float", value: 1 }, { type: "integer", value: "7" }]]);
  });

  it("a positional NULL argument is written and read back as NULL", async () => {
    const body = await pipeline(2, null, [exec("INSERT INTO kv VALUES ('nullable', 1, ?)", [{ type: "null" }]), exec("SELECT r FROM kv WHERE k = 'nullable'"), { type: "close" }]);
    expect(ok(body.results[0])["result"]).toMatchObject({ affected_row_count: 1 });
    expect(rowsOf(body.results[1])).toEqual([[{ type: "null" }]]);
  });

  it("a lone BLOB argument is bound, not taken for named parameters (it aborted the old process)", async () => {
    const body = await pipeline(2, null, [exec("SELECT length(?)", [{ type: "blob", base64: "AQID" }]), { type: "close" }]);
    expect(rowsOf(body.results[0])).toEqual([[{ type: "integer", value: "3" }]]);
  });
});

describe("results report what sqld reports", () => {
  it("columns carry their declared type; writes their row count; inserts their rowid; reads neither", async () => {
    const body = await pipeline(2, null, [
      exec("INSERT INTO kv VALUES ('c1', 1, 1.5), ('c2', 2, 2.5)"),
      exec("UPDATE kv SET v = v + 1 WHERE k IN ('c1', 'c2')"),
      exec("SELECT k, v AS value, r + 1 FROM kv WHERE k = 'c1'"),
      exec("INSERT INTO kv VALUES ('c3', 3, NULL) RETURNING k", [], { want_rows: false }),
      { type: "close" },
    ]);
    expect(ok(body.results[0])["result"]).toMatchObject({ affected_row_count: 2, last_insert_rowid: expect.stringMatching(/^\d+$/) });
    expect(ok(body.results[1])["result"]).toMatchObject({ affected_row_count: 2, last_insert_rowid: null });
    expect(ok(body.results[2])["result"]).toMatchObject({
      cols: [
        { name: "k", decltype: "TEXT" },
        { name: "value", decltype: null },
        { name: "r + 1", decltype: null },
      ],
      affected_row_count: 0,
      last_insert_rowid: null,
    });
    expect(ok(body.results[3])["result"]).toMatchObject({ cols: [{ name: "k", decltype: "TEXT" }], rows: [], affected_row_count: 1 });
  });
});

describe("error codes", () => {
  const cases: [string, unknown, string][] = [
    ["an unknown column is an input error", exec("SELECT foobar"), "SQL_INPUT_ERROR"],
    ["a syntax error is a parse error", exec("SELEC 1"), "SQL_PARSE_ERROR"],
    ["no statement", exec("  -- nothing"), "SQL_NO_STATEMENT"],
    ["two statements", exec("SELECT 1; SELECT 2"), "SQL_MANY_STATEMENTS"],
    ["a primary key conflict is the primary code", exec("INSERT INTO kv VALUES ('dup', 1, 1), ('dup', 2, 2)"), "SQLITE_CONSTRAINT"],
    ["NOT NULL is a constraint too", exec("INSERT INTO kv VALUES ('nn', NULL, 1)"), "SQLITE_CONSTRAINT"],
    ["a runtime SQLITE_ERROR is sqld's SQLITE_UNKNOWN", exec("SELECT json('{')"), "SQLITE_UNKNOWN"],
    ["too many arguments", exec("SELECT ?", [{ type: "null" }, { type: "null" }]), "ARGS_INVALID"],
    ["a missing argument", exec("SELECT ?, ?", [{ type: "null" }]), "ARGS_INVALID"],
    ["a missing named argument", { type: "execute", stmt: { sql: "SELECT :a, :b", named_args: [{ name: "a", value: { type: "null" } }] } }, "ARGS_INVALID"],
    ["positional and named together", { type: "execute", stmt: { sql: "SELECT ?", args: [{ type: "null" }], named_args: [{ name: "a", value: { type: "null" } }] } }, "ARGS_BOTH_POSITIONAL_AND_NAMED"],
  ];
  it.each(cases)("%s", async (_name, request, code) => {
    const body = await pipeline(2, null, [request, exec("SELECT 1"), { type: "close" }]);
    expect(errorOf(body.results[0]).code).toBe(code);
    // A failed statement leaves the stream usable: the next request in the pipeline runs.
    expect(rowsOf(body.results[1])).toEqual([[{ type: "integer", value: "1" }]]);
  });

  it("a failed statement keeps its message, as the app matches on it", async () => {
    const body = await pipeline(2, null, [exec("INSERT INTO kv VALUES ('dup2', 1, 1), ('dup2', 2, 2)"), { type: "close" }]);
    expect(errorOf(body.results[0]).message).toMatch(/UNIQUE constraint failed: kv\.k/);
  });
});

describe("batch conditions", () => {
  const step = (condition: unknown, sqlText = "SELECT 1") => ({ condition, stmt: { sql: sqlText } });
  const cases: [string, unknown, boolean][] = [
    ["ok of a step that ran", { type: "ok", step: 0 }, true],
    ["ok of a step that failed", { type: "ok", step: 1 }, false],
    ["ok of a skipped step", { type: "ok", step: 2 }, false],
    ["error of a step that failed", { type: "error", step: 1 }, true],
    ["error of a skipped step", { type: "error", step: 2 }, false],
    ["not", { type: "not", cond: { type: "ok", step: 1 } }, true],
    ["and", { type: "and", conds: [{ type: "ok", step: 0 }, { type: "error", step: 1 }] }, true],
    ["and with one false", { type: "and", conds: [{ type: "ok", step: 0 }, { type: "ok", step: 1 }] }, false],
    ["empty and", { type: "and", conds: [] }, true],
    ["or", { type: "or", conds: [{ type: "ok", step: 1 }, { type: "ok", step: 0 }] }, true],
    ["empty or", { type: "or", conds: [] }, false],
    ["is_autocommit outside a transaction", { type: "is_autocommit" }, true],
  ];
  it.each(cases)("%s", async (_name, condition, runs) => {
    // steps: 0 ok, 1 fails, 2 skipped, 3 under test
    const body = await pipeline(3, null, [{ type: "batch", batch: { steps: [step(null), step(null, "SELECT nope"), step({ type: "not", cond: { type: "ok", step: 0 } }), step(condition)] } }, { type: "close" }]);
    const result = ok(body.results[0])["result"] as { step_results: unknown[]; step_errors: unknown[] };
    expect(result.step_results[0]).not.toBeNull();
    expect(result.step_errors[1]).toMatchObject({ code: "SQL_INPUT_ERROR" });
    expect([result.step_results[2], result.step_errors[2]]).toEqual([null, null]);
    expect(result.step_results[3] !== null).toBe(runs);
  });

  it("is_autocommit is false inside a transaction, so a ROLLBACK stops the rest of a Hrana 3 batch", async () => {
    const notAuto = { type: "not", cond: { type: "is_autocommit" } };
    const body = await pipeline(3, null, [
      exec("DELETE FROM kv WHERE k LIKE 'rb%'"),
      {
        type: "batch",
        batch: {
          steps: [
            step(null, "BEGIN"),
            { condition: { type: "and", conds: [{ type: "ok", step: 0 }, notAuto] }, stmt: { sql: "INSERT INTO kv VALUES ('rb1', 1, 1)" } },
            { condition: { type: "and", conds: [{ type: "ok", step: 1 }, notAuto] }, stmt: { sql: "ROLLBACK" } },
            { condition: { type: "and", conds: [{ type: "ok", step: 2 }, notAuto] }, stmt: { sql: "INSERT INTO kv VALUES ('rb2', 1, 1)" } },
          ],
        },
      },
      exec("SELECT count(*) FROM kv WHERE k LIKE 'rb%'"),
      { type: "close" },
    ]);
    const result = ok(body.results[1])["result"] as { step_results: unknown[] };
    expect(result.step_results.map((r) => r !== null)).toEqual([true, true, true, false]);
    expect(rowsOf(body.results[2])).toEqual([[{ type: "integer", value: "0" }]]);
  });

  it("a batch step that cannot be parsed fails the whole batch before any step runs", async () => {
    const body = await pipeline(2, null, [
      { type: "batch", batch: { steps: [{ stmt: { sql: "INSERT INTO kv VALUES ('parsed', 1, 1)" } }, { stmt: { sql: "SELEC 1" } }] } },
      exec("SELECT count(*) FROM kv WHERE k = 'parsed'"),
      { type: "close" },
    ]);
    expect(errorOf(body.results[0]).code).toBe("SQL_PARSE_ERROR");
    expect(rowsOf(body.results[1])).toEqual([[{ type: "integer", value: "0" }]]);
  });

  it.each([
    ["a condition on a later step", 2, { steps: [{ condition: { type: "ok", step: 0 }, stmt: { sql: "SELECT 1" } }] }],
    ["is_autocommit in Hrana 2", 2, { steps: [{ condition: { type: "is_autocommit" }, stmt: { sql: "SELECT 1" } }] }],
  ] as const)("%s is a protocol error (400)", async (_name, version, batch) => {
    const res = await http(`/v${version}/pipeline`, { body: JSON.stringify({ baton: null, requests: [{ type: "batch", batch }] }) });
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/text\/plain/);
  });
});

describe("streams and batons", () => {
  it("a transaction holds across requests; another stream sees it only after COMMIT; the closed stream has no baton", async () => {
    await pipeline(2, null, [exec("DELETE FROM kv WHERE k = 'tx'"), { type: "close" }]);
    const first = await pipeline(3, null, [exec("BEGIN"), exec("INSERT INTO kv VALUES ('tx', 1, 1)"), { type: "get_autocommit" }]);
    expect(first.baton).toEqual(expect.any(String));
    expect(ok(first.results[2])["is_autocommit"]).toBe(false);
    const outside = await pipeline(2, null, [exec("SELECT count(*) FROM kv WHERE k = 'tx'"), { type: "close" }]);
    expect(rowsOf(outside.results[0])).toEqual([[{ type: "integer", value: "0" }]]);
    const second = await pipeline(3, first.baton, [exec("COMMIT"), { type: "get_autocommit" }, { type: "close" }]);
    expect(second.baton).toBeNull();
    expect(ok(second.results[1])["is_autocommit"]).toBe(true);
    const after = await pipeline(2, null, [exec("SELECT count(*) FROM kv WHERE k = 'tx'"), { type: "close" }]);
    expect(rowsOf(after.results[0])).toEqual([[{ type: "integer", value: "1" }]]);
  });

  it("each baton serves one request: a used, forged or closed stream's baton is refused with 400", async () => {
    const first = await pipeline(2, null, [exec("SELECT 1")]);
    const second = await pipeline(2, first.baton, [exec("SELECT 2")]);
    expect(second.baton).not.toBe(first.baton);
    const reused = await http("/v2/pipeline", { body: JSON.stringify({ baton: first.baton, requests: [exec("SELECT 3")] }) });
    expect([reused.status, reused.text]).toEqual([400, "Received a baton that has already been used"]);
    const forged = await http("/v2/pipeline", { body: JSON.stringify({ baton: "bm90LWEtYmF0b24", requests: [] }) });
    expect([forged.status, forged.text]).toEqual([400, "Received an invalid baton"]);
    await pipeline(2, second.baton, [{ type: "close" }]);
    const closed = await http("/v2/pipeline", { body: JSON.stringify({ baton: second.baton, requests: [] }) });
    expect(closed.status).toBe(400);
  });

  it("get_autocommit is a Hrana 3 request: on /v2 it is refused (400)", async () => {
    const res = await http("/v2/pipeline", { body: JSON.stringify({ baton: null, requests: [{ type: "get_autocommit" }] }) });
    expect(res.status).toBe(400);
  });

  it("stored SQL texts serve execute, batch and sequence on their stream until closed", async () => {
    const body = await pipeline(2, null, [
      { type: "store_sql", sql_id: 7, sql: "SELECT 40 + 2" },
      { type: "execute", stmt: { sql_id: 7 } },
      { type: "batch", batch: { steps: [{ stmt: { sql_id: 7 } }] } },
      { type: "sequence", sql_id: 7 },
      { type: "close_sql", sql_id: 7 },
      { type: "close_sql", sql_id: 7 },
    ]);
    expect(rowsOf(body.results[1])).toEqual([[{ type: "integer", value: "42" }]]);
    expect((ok(body.results[2])["result"] as { step_results: { rows: unknown[] }[] }).step_results[0]!.rows).toEqual([[{ type: "integer", value: "42" }]]);
    expect(ok(body.results[3])).toEqual({ type: "sequence" });
    expect(body.results.slice(4).map((r) => r.type)).toEqual(["ok", "ok"]);
    const gone = await http("/v2/pipeline", { body: JSON.stringify({ baton: body.baton, requests: [{ type: "execute", stmt: { sql_id: 7 } }] }) });
    expect([gone.status, gone.text]).toEqual([400, "SQL text 7 not found"]);
  });
});

describe("sequence and describe", () => {
  it("a sequence runs its statements in order (a trigger body's semicolons and CASE … END included) and stops at the first error", async () => {
    const body = await pipeline(2, null, [
      {
        type: "sequence",
        sql: `CREATE TABLE IF NOT EXISTS seq (a); CREATE TABLE IF NOT EXISTS seq_log (a);
              CREATE TRIGGER IF NOT EXISTS seq_t AFTER INSERT ON seq BEGIN INSERT INTO seq_log VALUES (new.a); INSERT INTO seq_log VALUES (CASE WHEN new.a > 0 THEN new.a * 10 ELSE 0 END); END;
              INSERT INTO seq VALUES (1);`,
      },
      { type: "sequence", sql: "INSERT INTO seq VALUES (2); INSERT INTO nowhere VALUES (3); INSERT INTO seq VALUES (4);" },
      exec("SELECT (SELECT group_concat(a) FROM seq), (SELECT group_concat(a) FROM seq_log)"),
      { type: "close" },
    ]);
    expect(ok(body.results[0])).toEqual({ type: "sequence" });
    expect(errorOf(body.results[1]).code).toBe("SQL_INPUT_ERROR");
    expect(rowsOf(body.results[2])).toEqual([[{ type: "text", value: "1,2" }, { type: "text", value: "1,10,2,20" }]]);
  });

  it.each([
    ["SELECT k, v FROM kv WHERE k = :key AND v > ?", [":key", null], [{ name: "k", decltype: "TEXT" }, { name: "v", decltype: null }], false, true],
    ["INSERT INTO kv VALUES (?1, ?2, ?1)", ["?1", "?2"], [], false, false],
    ["EXPLAIN SELECT 1", [], expect.any(Array), true, true],
  ])("describe %s", async (sqlText, params, cols, isExplain, isReadonly) => {
    const body = await pipeline(2, null, [{ type: "describe", sql: sqlText }, { type: "close" }]);
    expect(ok(body.results[0])["result"]).toEqual({ params: (params as (string | null)[]).map((name) => ({ name })), cols, is_explain: isExplain, is_readonly: isReadonly });
  });
});

describe("the v3 cursor", () => {
  it("streams a batch as JSON lines: the baton, then each step's begin, rows and end, or its error", async () => {
    const res = await http("/v3/cursor", { body: JSON.stringify({ baton: null, batch: { steps: [{ stmt: { sql: "VALUES (1), (2)" } }, { stmt: { sql: "SELECT nope" } }] } }) });
    expect(res.status).toBe(200);
    const lines = res.text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toEqual({ baton: expect.any(String), base_url: null });
    expect(lines.slice(1).map((l) => l["type"])).toEqual(["step_begin", "row", "row", "step_end", "step_error"]);
    expect(lines[2]).toEqual({ type: "row", row: [{ type: "integer", value: "1" }] });
    await pipeline(3, lines[0]!["baton"] as string, [{ type: "close" }]);
  });
});

describe("requests that are not Hrana get an error answer and change nothing", () => {
  it.each([
    ["bad JSON", "{not json"],
    ["no requests", JSON.stringify({ baton: null })],
    ["an unknown request type", JSON.stringify({ baton: null, requests: [{ type: "drop_everything" }] })],
    ["an unknown value type", JSON.stringify({ baton: null, requests: [exec("SELECT ?", [{ type: "date", value: "x" } as unknown as Value])] })],
    ["an integer that is not a number", JSON.stringify({ baton: null, requests: [exec("SELECT ?", [{ type: "integer", value: "1.5" }])] })],
    ["an integer beyond 64 bits", JSON.stringify({ baton: null, requests: [exec("SELECT ?", [{ type: "integer", value: "9223372036854775808" }])] })],
    ["a baton of the wrong type", JSON.stringify({ baton: 12, requests: [] })],
    ["both sql and sql_id", JSON.stringify({ baton: null, requests: [{ type: "execute", stmt: { sql: "SELECT 1", sql_id: 1 } }] })],
    ["a later bad request after a write", JSON.stringify({ baton: null, requests: [exec("INSERT INTO kv VALUES ('partial', 1, 1)"), { type: "nope" }] })],
  ])("%s: 400 with the reason", async (_name, body) => {
    const res = await http("/v2/pipeline", { body });
    expect(res.status).toBe(400);
    expect(res.text.length).toBeGreaterThan(0);
  });

  it.each([
    ["garbage", Buffer.from([0xff, 0xff, 0xff])],
    ["a truncated message", Buffer.from([0x12, 0x05, 0x12])],
    ["a request field of the wrong wire type", Buffer.from([0x10, 0x01])],
    ["a request of no known type", Buffer.from([0x12, 0x00])],
  ])("Protobuf %s: 400 with the reason", async (_name, bytes) => {
    const res = await fetch(`${standin.url}/v3-protobuf/pipeline`, { method: "POST", body: bytes, headers: { "content-type": "application/x-protobuf" } });
    expect(res.status).toBe(400);
    expect((await res.text()).length).toBeGreaterThan(0);
  });

  it("nothing of a refused pipeline was written, and the server still serves", async () => {
    const body = await pipeline(2, null, [exec("SELECT count(*) FROM kv WHERE k = 'partial'"), { type: "close" }]);
    expect(rowsOf(body.results[0])).toEqual([[{ type: "integer", value: "0" }]]);
  });

  it("a wrong method or path is 405 / 404", async () => {
    expect((await http("/v2/pipeline")).status).toBe(405);
    expect((await http("/v9/pipeline", { body: "{}" })).status).toBe(404);
  });
});

describe("fuzzed requests never get a 500 or take the server down", () => {
  const value = fc.oneof(
    fc.constant({ type: "null" }),
    fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map((v) => ({ type: "integer", value: String(v) })),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => ({ type: "float", value: v })),
    fc.string().map((v) => ({ type: "text", value: v })),
    fc.uint8Array({ maxLength: 8 }).map((v) => ({ type: "blob", base64: Buffer.from(v).toString("base64") })),
    fc.anything(),
  );
  const sqlText = fc.oneof(fc.constantFrom("SELECT ?", "SELECT :a, ?2", "SELECT 1", "INSERT INTO kv VALUES (?, ?, ?)", "", "SELEC", "BEGIN", "ROLLBACK", "SELECT 1; SELECT 2"), fc.string({ maxLength: 12 }));
  const stmt = fc.record(
    {
      sql: sqlText,
      sql_id: fc.oneof(fc.integer({ min: -2, max: 2 }), fc.anything()),
      args: fc.array(value, { maxLength: 3 }),
      named_args: fc.array(fc.record({ name: fc.constantFrom("a", ":a", "$b", ""), value }), { maxLength: 2 }),
      want_rows: fc.boolean(),
    },
    { requiredKeys: [] },
  );
  const cond = fc.letrec((tie) => ({
    cond: fc.oneof(
      { depthSize: "small" },
      fc.record({ type: fc.constantFrom("ok", "error"), step: fc.integer({ min: -1, max: 3 }) }),
      fc.constant({ type: "is_autocommit" }),
      fc.record({ type: fc.constant("not"), cond: tie("cond") }),
      fc.record({ type: fc.constantFrom("and", "or"), conds: fc.array(tie("cond"), { maxLength: 2 }) }),
      fc.anything(),
    ),
  })).cond;
  const request = fc.oneof(
    fc.record({ type: fc.constant("execute"), stmt }),
    fc.record({ type: fc.constant("batch"), batch: fc.record({ steps: fc.array(fc.record({ condition: cond, stmt }, { requiredKeys: ["stmt"] }), { maxLength: 3 }) }) }),
    fc.record({ type: fc.constantFrom("sequence", "describe"), sql: sqlText }, { requiredKeys: ["type"] }),
    fc.record({ type: fc.constantFrom("store_sql", "close_sql"), sql_id: fc.integer({ min: -2, max: 2 }), sql: sqlText }, { requiredKeys: ["type"] }),
    fc.record({ type: fc.constantFrom("close", "get_autocommit", "open_stream") }),
    fc.anything(),
  );

  it("JSON pipelines, well-formed or not, are answered 200 or 400", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(2, 3), fc.oneof(fc.record({ baton: fc.constant(null), requests: fc.array(request, { maxLength: 4 }) }), fc.anything()), async (version, body) => {
        const res = await http(`/v${version}/pipeline`, { body: JSON.stringify(body) ?? "" });
        expect([200, 400], res.text).toContain(res.status);
        if (res.status === 200) await pipeline(2, res.json().baton, [{ type: "close" }]).catch(() => undefined);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("Protobuf bodies of random bytes are answered 200 or 400", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 40 }), async (bytes) => {
        const res = await fetch(`${standin.url}/v3-protobuf/pipeline`, { method: "POST", body: Buffer.from(bytes) });
        expect([200, 400], await res.text()).toContain(res.status);
      }),
      { numRuns: 150 },
    );
    expect((await http("/v2")).status).toBe(200);
  }, 60_000);
});

describe("the app's path: drizzle over @libsql/client/web", () => {
  it("drizzle's sql`SELECT ${null}` and an insert of a null parameter work, as on Turso", async () => {
    const client = createClient({ url: standin.url });
    try {
      const db = drizzle(client);
      expect(await db.all(sql`SELECT ${null} AS n`)).toEqual([{ n: null }]);
      await db.run(sql`INSERT INTO kv VALUES (${"drizzle-null"}, ${1}, ${null})`);
      expect(await db.all(sql`SELECT r FROM kv WHERE k = ${"drizzle-null"}`)).toEqual([{ r: null }]);
      // A float that happens to be integral comes back as the same number.
      expect(await db.all(sql`SELECT ${0.5 + 0.5} AS f, typeof(${1.0}) AS t`)).toEqual([{ f: 1, t: "real" }]);
    } finally {
      client.close();
    }
  });

  it("the app's migrations run through it on an empty database", async () => {
    const fresh = await startLibsqlStandin({ file: tempFile("migrate.db") });
    try {
      const db = openRemoteDatabase(fresh.url);
      await migrateDatabase(db, { remote: true });
      const tables = await db.all<{ name: string }>(sql`SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('orders', 'users', '__drizzle_migrations')`);
      expect(tables.map((t) => t.name).sort()).toEqual(["__drizzle_migrations", "orders", "users"]);
    } finally {
      await fresh.close();
    }
  }, 30_000);

  it("concurrent clients each in their own transaction all land", async () => {
    const clients = Array.from({ length: 6 }, () => createClient({ url: standin.url }));
    try {
      await clients[0]!.execute("CREATE TABLE IF NOT EXISTS hits (who INTEGER, n INTEGER)");
      await Promise.all(
        clients.map(async (c, who) => {
          for (let n = 0; n < 5; n += 1) {
            const tx = await c.transaction("write");
            await tx.execute({ sql: "INSERT INTO hits VALUES (?, ?)", args: [who, n] });
            await tx.commit();
          }
        }),
      );
      expect((await clients[0]!.execute("SELECT count(*) AS c FROM hits")).rows[0]!["c"]).toBe(30);
    } finally {
      clients.forEach((c) => c.close());
    }
  }, 30_000);
});

describe("a request that aborts the database engine", () => {
  it("gets an error answer; streams it held expire; the server keeps serving", async () => {
    const own = await startLibsqlStandin({ file: tempFile("crash.db") });
    const post = (body: unknown) => fetch(`${own.url}/v2/pipeline`, { method: "POST", body: JSON.stringify(body) });
    try {
      const open = (await (await post({ baton: null, requests: [exec("BEGIN"), exec("CREATE TABLE lost (a)")] })).json()) as Body;
      // Text that is not UTF-8 makes the native binding panic, which aborts its process.
      const crash = await post({ baton: null, requests: [exec("SELECT CAST(x'ff' AS TEXT)")] });
      expect(crash.status).toBe(500);
      expect(await crash.json()).toMatchObject({ code: "SERVER_ERROR", message: expect.stringMatching(/native SQLite binding aborted/) });
      const stale = await post({ baton: open.baton, requests: [exec("COMMIT")] });
      expect([stale.status, await stale.json()]).toEqual([500, { message: "The stream has expired due to inactivity", code: "STREAM_EXPIRED" }]);
      const after = (await (await post({ baton: null, requests: [exec("SELECT count(*) FROM sqlite_schema WHERE name = 'lost'"), { type: "close" }] })).json()) as Body;
      expect(rowsOf(after.results[0])).toEqual([[{ type: "integer", value: "0" }]]);
    } finally {
      await own.close();
    }
  }, 30_000);
});
