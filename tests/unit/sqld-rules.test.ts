// What Turso's server (sqld) refuses that a local SQLite file accepts: the deploy dry run's proxy applies it.
import { describe, expect, it } from "vitest";
import { pipelineStatements, sqldRefusal } from "../../scripts/sqld-rules";

describe("sqldRefusal", () => {
  it.each([
    ["PRAGMA foreign_keys = ON", null],
    ["PRAGMA foreign_keys=OFF", null],
    ["PRAGMA table_info(`orders`)", null],
    ["PRAGMA journal_mode", null],
    ["pragma user_version = 3", null],
    ["CREATE TABLE `t` (`id` integer PRIMARY KEY)", null],
    ["CREATE VIRTUAL TABLE `_s` USING fts5(a, tokenize = 'trigram')", null],
    ["CREATE TRIGGER `x` AFTER INSERT ON `t` BEGIN SELECT 1; END", null],
    ["INSERT INTO sqlite_sequence (name, seq) VALUES ('t', 3)", null],
    ["PRAGMA journal_mode = WAL", /journal_mode with an argument/],
    ["PRAGMA busy_timeout = 5000", /busy_timeout with an argument/],
    ["PRAGMA optimize", /optimize is an unsupported statement/],
    ["  -- why\n  PRAGMA main.journal_mode=WAL", /journal_mode/],
    ["PRAGMA wal_checkpoint(TRUNCATE)", /wal_checkpoint/],
    ["ANALYZE", /ANALYZE/],
    ["VACUUM", /VACUUM/],
    ["ATTACH DATABASE 'x.db' AS x", /ATTACH/],
    ["CREATE TEMP TABLE t (a)", /temporary/],
  ])("%s", (sql, refusal) => {
    const answer = sqldRefusal(sql);
    if (refusal === null) expect(answer).toBeNull();
    else expect(answer).toMatch(refusal);
  });
});

describe("pipelineStatements", () => {
  it("reads every SQL text of a Hrana pipeline", () => {
    const body = {
      baton: null,
      requests: [
        { type: "execute", stmt: { sql: "SELECT 1" } },
        { type: "batch", batch: { steps: [{ stmt: { sql: "BEGIN" } }, { stmt: { sql: "PRAGMA optimize" } }] } },
        { type: "sequence", sql: "SELECT 2; SELECT 3" },
        { type: "store_sql", sql_id: 1, sql: "SELECT 4" },
        { type: "close" },
      ],
    };
    expect(pipelineStatements(body)).toEqual(["SELECT 1", "BEGIN", "PRAGMA optimize", "SELECT 2", "SELECT 3", "SELECT 4"]);
    expect(pipelineStatements(null)).toEqual([]);
  });
});
