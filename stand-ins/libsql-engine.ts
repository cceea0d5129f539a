// The libSQL stand-in's database side, run in a child process of the HTTP server (stand-ins/libsql-http.ts): it
// holds one embedded-libSQL connection per Hrana stream and answers stream requests as sqld does. It lives in its
// own process because the native binding aborts the whole process on some inputs (a Rust panic, e.g. reading
// TEXT that is not UTF-8); the server then answers that request with an error and starts a new engine.
// Decision 024.
import Database from "libsql";
import {
  checkBatch,
  ProtocolError,
  type Batch,
  type BatchCond,
  type BatchResult,
  type CursorEntry,
  type DescribeResult,
  type HranaError,
  type HranaValue,
  type Stmt,
  type StmtResult,
  type StreamRequest,
  type StreamResponse,
  type StreamResult,
  type Version,
} from "./libsql-protocol";
import { splitStatements, sqlShape, type SqlShape } from "./libsql-sql";

export type EngineRequest =
  | { id: number; type: "pipeline"; stream: number | null; version: Version; requests: StreamRequest[] }
  | { id: number; type: "cursor"; stream: number | null; version: Version; batch: Batch }
  | { id: number; type: "close"; stream: number };

/** A reply; `ok: false` fails the whole HTTP request (400: a protocol error, 500: the engine's own failure). */
export type EngineReply = { id: number; statements: number } & (
  | { ok: true; stream: number; closed: boolean; results?: StreamResult[]; entries?: CursorEntry[] }
  | { ok: false; status: 400 | 500; message: string }
);

type Conn = InstanceType<typeof Database>;
type Prepared = ReturnType<Conn["prepare"]>;
type Stream = { db: Conn | null; sqls: Map<number, string>; file: string };

/** How long a statement waits for another stream's lock, retried without blocking the event loop. */
const BUSY_WAIT_MS = 5_000;
/** sqld's limits on stored SQL texts per stream. */
const MAX_SQL_COUNT = 50;
const MAX_STORED_SQL_BYTES = 5 * 1024;

/** A statement's failure, answered as an error result (sqld's StmtError); the stream goes on. */
class StmtError extends Error {
  constructor(readonly error: HranaError) {
    super(error.message);
  }
}

// sqld names the primary result code (rusqlite's ErrorCode); SQLITE_ERROR has no name there and is SQLITE_UNKNOWN.
const PRIMARY_CODES: Record<number, string> = {
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS",
  23: "SQLITE_AUTH",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
};

const isSqliteError = (e: unknown): e is Error & { code: string; rawCode: number } =>
  e instanceof Error && typeof (e as { code?: unknown }).code === "string" && typeof (e as { rawCode?: unknown }).rawCode === "number";
const isSyntaxError = (e: unknown) => isSqliteError(e) && (e.rawCode & 0xff) === 1 && /syntax error|incomplete input|unrecognized token/.test(e.message);
const isBusy = (e: unknown) => isSqliteError(e) && ((e.rawCode & 0xff) === 5 || (e.rawCode & 0xff) === 6);

/**
 * The error sqld sends for a failure of the database: a parse error, an input error found while preparing (no such
 * table, column or function), or the SQLite error with its primary code.
 */
function stmtErrorOf(e: unknown, phase: "prepare" | "step"): StmtError {
  if (e instanceof StmtError) return e;
  if (!isSqliteError(e)) return new StmtError({ message: `Internal error: ${e instanceof Error ? e.message : String(e)}`, code: "INTERNAL_ERROR" });
  if (isSyntaxError(e)) return new StmtError({ message: `SQL string could not be parsed: ${e.message}`, code: "SQL_PARSE_ERROR" });
  const primary = e.rawCode & 0xff;
  if (phase === "prepare" && primary === 1) return new StmtError({ message: `SQL input error: ${e.message}`, code: "SQL_INPUT_ERROR" });
  return new StmtError({ message: `SQLite error: ${e.message}`, code: PRIMARY_CODES[primary] ?? "SQLITE_UNKNOWN" });
}

function toSql(v: HranaValue): unknown {
  switch (v.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(v.value);
    case "float":
      return v.value; // a JS number is bound as REAL by the binding, integral or not
    case "text":
      return v.value;
    case "blob":
      return Buffer.from(v.base64, "base64");
  }
}

function fromSql(v: unknown): HranaValue {
  if (v === null || v === undefined) return { type: "null" };
  // With safeIntegers on, the binding gives INTEGER as bigint and REAL as number: a REAL stays a float even when
  // integral (0.0, 1e18), as sqld answers it.
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  if (typeof v === "number") return { type: "float", value: v };
  if (typeof v === "string") return { type: "text", value: v };
  if (v instanceof Uint8Array) return { type: "blob", base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") };
  return { type: "text", value: String(v) };
}

/**
 * sqld's binding rules (libsql-server query.rs): positional or named, never both; no more values than parameters;
 * each parameter found by its `?NNN` position, its name with or without the prefix, or its index; a parameter
 * without a value is an error (except under EXPLAIN).
 */
function bindArgs(shape: SqlShape, stmt: Stmt): unknown[] {
  const args = stmt.args ?? [];
  const namedArgs = stmt.named_args ?? [];
  if (args.length > 0 && namedArgs.length > 0) throw new StmtError({ message: "Specifying both positional and named arguments is not supported", code: "ARGS_BOTH_POSITIONAL_AND_NAMED" });
  const named = new Map(namedArgs.map((a) => [a.name, a.value]));
  const given = namedArgs.length > 0 ? named.size : args.length;
  const invalid = (detail: string) => new StmtError({ message: `Arguments do not match SQL parameters: ${detail}`, code: "ARGS_INVALID" });
  if (given > shape.params.length) throw invalid(`too many parameters, expected ${shape.params.length} found ${given}`);
  const bound: unknown[] = [];
  for (let index = 1; index <= shape.params.length; index += 1) {
    const name = shape.params[index - 1] ?? null;
    const byPosition = (pos: number) => (namedArgs.length > 0 ? undefined : args[pos - 1]);
    const value = name === null ? byPosition(index) : name.startsWith("?") ? byPosition(Number(name.slice(1))) : (named.get(name) ?? named.get(name.slice(1)));
    if (value === undefined) {
      if (shape.isExplain) break;
      throw invalid(`value for parameter ${name ?? index} not found`);
    }
    bound.push(toSql(value));
  }
  return bound;
}

let statementCount = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function open(file: string): Conn {
  const db = new Database(file);
  db.exec("PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 0;");
  return db;
}

function replaceConn(stream: Stream) {
  try {
    stream.db?.close();
  } catch {
    /* replaced anyway */
  }
  stream.db = open(stream.file);
}

function dbOf(stream: Stream): Conn {
  if (!stream.db) throw new ProtocolError("Stream for this baton was closed");
  return stream.db;
}

function resolveSql(stream: Stream, r: { sql?: string | null; sql_id?: number | null }): string {
  if (r.sql != null) return r.sql;
  const stored = stream.sqls.get(r.sql_id!);
  if (stored === undefined) throw new ProtocolError(`SQL text ${r.sql_id} not found`);
  return stored;
}

/** What sqld checks while reading a statement, before running anything. */
function parseStmt(stream: Stream, stmt: Stmt): { sql: string; shape: SqlShape } {
  const sql = resolveSql(stream, stmt);
  const shape = sqlShape(sql);
  if (shape.statements === 0) throw new StmtError({ message: "SQL string does not contain any statement", code: "SQL_NO_STATEMENT" });
  if (shape.statements > 1) throw new StmtError({ message: "SQL string contains more than one statement", code: "SQL_MANY_STATEMENTS" });
  if ((stmt.args?.length ?? 0) > 0 && (stmt.named_args?.length ?? 0) > 0)
    throw new StmtError({ message: "Specifying both positional and named arguments is not supported", code: "ARGS_BOTH_POSITIONAL_AND_NAMED" });
  return { sql, shape };
}

/**
 * Runs one statement, waiting for a lock another stream holds (up to BUSY_WAIT_MS, without blocking the event loop)
 * instead of failing at once. The wait re-runs the same prepared statement: one left behind after SQLITE_BUSY stays
 * active in SQLite and the connection could then never COMMIT ("SQL statements in progress").
 */
async function run(stream: Stream, sql: string, shape: SqlShape, args: unknown[], wantRows: boolean, ready?: Prepared): Promise<StmtResult> {
  statementCount += 1;
  const deadline = Date.now() + BUSY_WAIT_MS;
  const db = dbOf(stream);
  let prepared: Prepared | undefined = ready;
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    try {
      prepared ??= db.prepare(sql);
      return complete(db, prepared, shape, args, wantRows);
    } catch (e) {
      if (isBusy(e) && Date.now() <= deadline) {
        await sleep(wait);
        continue;
      }
      // Given up while locked: outside a transaction the connection is replaced, so the statement left active
      // cannot wedge the stream's later writes (inside one, the client's ROLLBACK or close ends it).
      if (prepared && isBusy(e) && !db.inTransaction) replaceConn(stream);
      throw stmtErrorOf(e, prepared ? "step" : "prepare");
    }
  }
}

function complete(db: Conn, prepared: Prepared, shape: SqlShape, args: unknown[], wantRows: boolean): StmtResult {
  let cols: StmtResult["cols"] = [];
  let rows: HranaValue[][] = [];
  // Always one array of values: the binding takes a lone object argument for named parameters, and a lone
  // null or Buffer is refused ("failed to downcast") or aborts the process.
  if (prepared.reader) {
    prepared.safeIntegers(true);
    prepared.raw(true);
    cols = (prepared.columns() as { name: string; type: string | null }[]).map((c) => ({ name: c.name, decltype: c.type ?? null }));
    const all = prepared.all(args) as unknown[][];
    rows = wantRows ? all.map((r) => r.map(fromSql)) : [];
  } else {
    prepared.run(args);
  }
  let affected = 0;
  let rowid: string | null = null;
  if (shape.isWrite) {
    // all(), not get(): a statement left after its first row keeps a read transaction open on the connection.
    const [[changes, last]] = db.prepare("SELECT changes(), last_insert_rowid()").safeIntegers(true).raw(true).all([]) as [[bigint, bigint]];
    affected = Number(changes);
    if (shape.isInsert) rowid = last.toString();
  }
  return { cols, rows, affected_row_count: affected, last_insert_rowid: rowid };
}

async function execute(stream: Stream, stmt: Stmt, ready?: { sql: string; shape: SqlShape; prepared?: Prepared; on?: Conn }): Promise<StmtResult> {
  const { sql, shape } = ready ?? parseStmt(stream, stmt);
  const args = bindArgs(shape, stmt);
  // A statement prepared on a connection since replaced (after a lock wait gave up) is prepared again.
  return run(stream, sql, shape, args, stmt.want_rows !== false, ready?.on === stream.db ? ready?.prepared : undefined);
}

function holds(cond: BatchCond | null | undefined, result: BatchResult, stream: Stream): boolean {
  if (!cond) return true;
  switch (cond.type) {
    case "ok":
      return result.step_results[cond.step] != null;
    case "error":
      return result.step_errors[cond.step] != null;
    case "not":
      return !holds(cond.cond, result, stream);
    case "and":
      return cond.conds.every((c) => holds(c, result, stream));
    case "or":
      return cond.conds.some((c) => holds(c, result, stream));
    case "is_autocommit":
      return !dbOf(stream).inTransaction;
  }
}

async function runBatch(stream: Stream, batch: Batch, version: Version): Promise<BatchResult> {
  const db = dbOf(stream);
  checkBatch(batch, version);
  // sqld reads the whole batch first: a step it cannot parse fails the batch before any step runs. A step that
  // prepares now is run from that statement (SQLite re-prepares it if an earlier step changes the schema); one
  // that names a table an earlier step creates is prepared again when its turn comes.
  const ready = batch.steps.map((s) => {
    const parsed: { sql: string; shape: SqlShape; prepared?: Prepared; on?: Conn } = { ...parseStmt(stream, s.stmt), on: db };
    try {
      parsed.prepared = db.prepare(parsed.sql);
    } catch (e) {
      if (isSyntaxError(e)) throw stmtErrorOf(e, "prepare");
    }
    return parsed;
  });
  const result: BatchResult = { step_results: [], step_errors: [] };
  for (const [index, s] of batch.steps.entries()) {
    let ok: StmtResult | null = null;
    let error: HranaError | null = null;
    if (holds(s.condition, result, stream)) {
      try {
        ok = await execute(stream, s.stmt, ready[index]);
      } catch (e) {
        if (e instanceof ProtocolError) throw e;
        error = stmtErrorOf(e, "step").error;
      }
    }
    result.step_results.push(ok);
    result.step_errors.push(error);
  }
  return result;
}

async function runSequence(stream: Stream, sql: string): Promise<void> {
  // Each statement on its own, so a lock is waited for statement by statement and none runs twice.
  for (const text of splitStatements(sql)) await run(stream, text, sqlShape(text), [], false);
}

function describe(stream: Stream, sql: string): DescribeResult {
  const db = dbOf(stream);
  const shape = sqlShape(sql);
  let prepared;
  try {
    prepared = db.prepare(sql);
  } catch (e) {
    throw stmtErrorOf(e, "prepare");
  }
  const cols = prepared.reader ? (prepared.columns() as { name: string; type: string | null }[]).map((c) => ({ name: c.name, decltype: c.type ?? null })) : [];
  // sqlite3_stmt_readonly, read from the program: a write transaction, a checkpoint, VACUUM or journal_mode change.
  const target = shape.isExplain ? sql.replace(/^\s*explain(\s+query\s+plan)?/i, "") : sql;
  let isReadonly = true;
  try {
    const program = db.prepare(`EXPLAIN ${target}`).raw(true).all([]) as unknown[][];
    isReadonly = !program.some(([, opcode, , p2]) => (opcode === "Transaction" && Number(p2) !== 0) || opcode === "Checkpoint" || opcode === "Vacuum" || opcode === "JournalMode");
  } catch {
    /* a statement EXPLAIN cannot take (e.g. an EXPLAIN QUERY PLAN of DDL): keep readonly */
  }
  return { params: shape.params.map((name) => ({ name })), cols, is_explain: shape.isExplain, is_readonly: isReadonly };
}

async function handle(stream: Stream, req: StreamRequest, version: Version): Promise<StreamResponse> {
  switch (req.type) {
    case "close":
      closeConn(stream);
      return { type: "close" };
    case "execute":
      return { type: "execute", result: await execute(stream, req.stmt) };
    case "batch":
      return { type: "batch", result: await runBatch(stream, req.batch, version) };
    case "sequence":
      dbOf(stream);
      await runSequence(stream, resolveSql(stream, req));
      return { type: "sequence" };
    case "describe":
      dbOf(stream);
      return { type: "describe", result: describe(stream, resolveSql(stream, req)) };
    case "store_sql":
      if (stream.sqls.has(req.sql_id)) throw new ProtocolError(`SQL text ${req.sql_id} already exists`);
      if (stream.sqls.size >= MAX_SQL_COUNT) throw new StmtError({ message: `The server already stores ${stream.sqls.size} SQL texts, it cannot store more`, code: "SQL_STORE_TOO_MANY" });
      if (Buffer.byteLength(req.sql) > MAX_STORED_SQL_BYTES) throw new StmtError({ message: `The statement is too large to be stored: ${Buffer.byteLength(req.sql)} B/5.0 KB`, code: "SQL_STORE_TOO_LARGE" });
      stream.sqls.set(req.sql_id, req.sql);
      return { type: "store_sql" };
    case "close_sql":
      stream.sqls.delete(req.sql_id);
      return { type: "close_sql" };
    case "get_autocommit":
      return { type: "get_autocommit", is_autocommit: !dbOf(stream).inTransaction };
  }
}

function closeConn(stream: Stream) {
  const db = stream.db;
  stream.db = null;
  if (!db) return;
  try {
    if (db.inTransaction) db.exec("ROLLBACK");
  } catch {
    /* closing anyway */
  }
  db.close();
}

/** The engine's state and request handling, separate from the process wiring so it reads on its own. */
export function createEngine(file: string) {
  const streams = new Map<number, Stream>();
  let nextStream = 1;

  function streamFor(id: number | null): { id: number; stream: Stream } {
    if (id !== null) {
      const stream = streams.get(id);
      if (!stream) throw new ProtocolError("Received an invalid baton");
      return { id, stream };
    }
    const stream: Stream = { db: open(file), sqls: new Map(), file };
    const created = nextStream++;
    streams.set(created, stream);
    return { id: created, stream };
  }

  function drop(id: number) {
    const stream = streams.get(id);
    streams.delete(id);
    if (stream) closeConn(stream);
  }

  async function serve(req: EngineRequest): Promise<EngineReply> {
    const base = { id: req.id };
    if (req.type === "close") {
      drop(req.stream);
      return { ...base, statements: statementCount, ok: true, stream: req.stream, closed: true };
    }
    let id: number | undefined;
    try {
      const found = streamFor(req.stream);
      id = found.id;
      const stream = found.stream;
      if (req.type === "cursor") {
        const entries = await cursorEntries(stream, req.batch, req.version);
        return { ...base, statements: statementCount, ok: true, stream: id, closed: false, entries };
      }
      const results: StreamResult[] = [];
      for (const request of req.requests) {
        try {
          results.push({ type: "ok", response: await handle(stream, request, req.version) });
        } catch (e) {
          if (e instanceof ProtocolError) throw e;
          results.push({ type: "error", error: stmtErrorOf(e, "step").error });
        }
      }
      const closed = stream.db === null;
      if (closed) drop(id);
      return { ...base, statements: statementCount, ok: true, stream: id, closed, results };
    } catch (e) {
      // A protocol error closes the stream, as sqld drops it: its transaction is rolled back.
      if (id !== undefined) drop(id);
      const protocol = e instanceof ProtocolError;
      return { ...base, statements: statementCount, ok: false, status: protocol ? 400 : 500, message: protocol ? e.message : `Internal error: ${e instanceof Error ? e.message : String(e)}` };
    }
  }

  return { serve, close: () => [...streams.keys()].forEach(drop) };
}

async function cursorEntries(stream: Stream, batch: Batch, version: Version): Promise<CursorEntry[]> {
  let result: BatchResult;
  try {
    result = await runBatch(stream, batch, version);
  } catch (e) {
    if (e instanceof ProtocolError) throw e;
    return [{ type: "error", error: stmtErrorOf(e, "step").error }];
  }
  const entries: CursorEntry[] = [];
  result.step_results.forEach((r, step) => {
    const error = result.step_errors[step];
    if (r) {
      entries.push({ type: "step_begin", step, cols: r.cols });
      for (const row of r.rows) entries.push({ type: "row", row });
      entries.push({ type: "step_end", affected_row_count: r.affected_row_count, last_insert_rowid: r.last_insert_rowid });
    } else if (error) {
      entries.push({ type: "step_error", step, error });
    }
  });
  return entries;
}

// Run as the child process: requests come over IPC; a lost parent ends the engine (its connections roll back).
if (process.send && process.argv[2] === "--engine") {
  const engine = createEngine(process.argv[3]!);
  const send = process.send.bind(process);
  process.on("message", (req: EngineRequest) => {
    void engine
      .serve(req)
      .catch((e: unknown): EngineReply => ({ id: req.id, statements: statementCount, ok: false, status: 500, message: `Internal error: ${e instanceof Error ? e.message : String(e)}` }))
      .then((reply) => send(reply, () => undefined));
  });
  process.on("disconnect", () => {
    engine.close();
    process.exit(0);
  });
  send({ ready: true });
}
