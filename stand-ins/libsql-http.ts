// A local libSQL server for `npm run preview`: Hrana over HTTP (protocol v2, JSON pipeline), the protocol
// the Worker's `@libsql/client/web` speaks to Turso in production, answered from the embedded database
// file. No sqld can be installed here, so this stand-in lets the built Worker reach its data through the
// very code path it uses in production (decision 019).
//
// What it implements: GET /v2 (version check), POST /v2/pipeline with the stream requests execute, batch
// (with its step conditions), sequence, describe (not supported: an error, as the client never uses it
// for the app), store_sql / close_sql, get_autocommit and close; streams (batons) hold their own
// connection so interactive transactions work. The client probes /v3-protobuf first; a 404 there makes
// it fall back to v2 JSON, as it does against older servers.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Database from "libsql";

type HranaValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };
type Stmt = { sql?: string; sql_id?: number; args?: HranaValue[]; named_args?: { name: string; value: HranaValue }[]; want_rows?: boolean };
type BatchCond =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and"; conds: BatchCond[] }
  | { type: "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };
type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; batch: { steps: { condition?: BatchCond; stmt: Stmt }[] } }
  | { type: "sequence"; sql?: string; sql_id?: number }
  | { type: "describe"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };
type StmtResult = {
  cols: { name: string; decltype: string | null }[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
};
type HranaError = { message: string; code: string };

type Conn = InstanceType<typeof Database>;
type Stream = { db: Conn; sqls: Map<number, string>; timer?: NodeJS.Timeout };

/** How long a write waits for another stream's lock, retried without blocking the event loop. */
const BUSY_WAIT_MS = 5_000;
/** A stream nobody uses for this long is closed and its transaction rolled back (Turso: 10 s). */
const STREAM_IDLE_MS = 10_000;

export class StandinError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

function toSql(v: HranaValue): unknown {
  switch (v.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(v.value);
    case "float":
      return v.value;
    case "text":
      return v.value;
    case "blob":
      return Buffer.from(v.base64, "base64");
  }
}

function fromSql(v: unknown): HranaValue {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  if (typeof v === "number") return Number.isInteger(v) ? { type: "integer", value: String(v) } : { type: "float", value: v };
  if (typeof v === "string") return { type: "text", value: v };
  if (v instanceof Uint8Array) return { type: "blob", base64: Buffer.from(v).toString("base64") };
  return { type: "text", value: String(v) };
}

function errorOf(e: unknown): HranaError {
  const code = typeof (e as { code?: unknown })?.code === "string" ? (e as { code: string }).code : "SQLITE_ERROR";
  return { message: e instanceof Error ? e.message : String(e), code };
}

const isBusy = (e: unknown) => /SQLITE_BUSY|database is locked/i.test(`${(e as { code?: string })?.code ?? ""} ${e instanceof Error ? e.message : ""}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type LibsqlStandin = { url: string; close(): Promise<void>; statements(): number };

export async function startLibsqlStandin(options: { file: string; port?: number; host?: string }): Promise<LibsqlStandin> {
  const streams = new Map<string, Stream>();
  let statementCount = 0;

  function open(): Conn {
    const db = new Database(options.file);
    db.exec("PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 0;");
    return db;
  }

  function resolveSql(stream: Stream, sql: string | undefined, sqlId: number | undefined): string {
    if (sql !== undefined) return sql;
    const stored = sqlId === undefined ? undefined : stream.sqls.get(sqlId);
    if (stored === undefined) throw new StandinError(`SQL text ${sqlId} is not stored`, "SQL_NOT_FOUND");
    return stored;
  }

  /** One statement; a lock held by another stream is waited for asynchronously, up to BUSY_WAIT_MS. */
  async function execute(stream: Stream, stmt: Stmt): Promise<StmtResult> {
    const sql = resolveSql(stream, stmt.sql, stmt.sql_id);
    const deadline = Date.now() + BUSY_WAIT_MS;
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      const inTransaction = stream.db.inTransaction;
      try {
        return executeOnce(stream.db, sql, stmt);
      } catch (e) {
        // A statement that failed is left unreset by the native binding, and would hold the stream's next
        // autocommit write open until the connection closes (losing it): outside a transaction, go on with a
        // fresh connection.
        if (!inTransaction) {
          stream.db.close();
          stream.db = open();
        }
        if (!isBusy(e) || Date.now() > deadline) throw e;
        await sleep(wait);
      }
    }
  }

  function executeOnce(db: Conn, sql: string, stmt: Stmt): StmtResult {
    statementCount += 1;
    const named = stmt.named_args ?? [];
    const args: unknown =
      named.length > 0
        ? Object.fromEntries(named.map((a) => [a.name.replace(/^[:@$]/, ""), toSql(a.value)]))
        : (stmt.args ?? []).map(toSql);
    const prepared = db.prepare(sql);
    prepared.safeIntegers(true);
    let returnsData = true;
    try {
      prepared.raw(true);
    } catch {
      returnsData = false;
    }
    if (returnsData) {
      const columns = prepared.columns() as { name: string; type: string | null }[];
      const rows = (Array.isArray(args) ? prepared.all(...args) : prepared.all(args)) as unknown[][];
      // INSERT/UPDATE/DELETE … RETURNING report their changes like sqld does.
      const writes = /^\s*(insert|update|delete|replace)\b/i.test(sql);
      const changes = writes ? Number((db.prepare("SELECT changes()").raw(true).get() as unknown[])[0]) : 0;
      const rowid = writes ? String((db.prepare("SELECT last_insert_rowid()").raw(true).get() as unknown[])[0]) : null;
      return {
        cols: columns.map((c) => ({ name: c.name, decltype: c.type ?? null })),
        rows: stmt.want_rows === false ? [] : rows.map((r) => r.map(fromSql)),
        affected_row_count: changes,
        last_insert_rowid: rowid,
      };
    }
    const info = (Array.isArray(args) ? prepared.run(...args) : prepared.run(args)) as { changes: number; lastInsertRowid: number | bigint };
    return { cols: [], rows: [], affected_row_count: Number(info.changes), last_insert_rowid: String(info.lastInsertRowid) };
  }

  function holds(cond: BatchCond | undefined, results: (StmtResult | null)[], errors: (HranaError | null)[], db: Conn): boolean {
    if (!cond) return true;
    switch (cond.type) {
      case "ok":
        return results[cond.step] != null;
      case "error":
        return errors[cond.step] != null;
      case "not":
        return !holds(cond.cond, results, errors, db);
      case "and":
        return cond.conds.every((c) => holds(c, results, errors, db));
      case "or":
        return cond.conds.some((c) => holds(c, results, errors, db));
      case "is_autocommit":
        return !db.inTransaction;
    }
  }

  async function handle(stream: Stream, req: StreamRequest): Promise<unknown> {
    switch (req.type) {
      case "close":
        return { type: "close" };
      case "execute":
        return { type: "execute", result: await execute(stream, req.stmt) };
      case "batch": {
        const results: (StmtResult | null)[] = [];
        const errors: (HranaError | null)[] = [];
        for (const step of req.batch.steps) {
          if (!holds(step.condition, results, errors, stream.db)) {
            results.push(null);
            errors.push(null);
            continue;
          }
          try {
            results.push(await execute(stream, step.stmt));
            errors.push(null);
          } catch (e) {
            results.push(null);
            errors.push(errorOf(e));
          }
        }
        return { type: "batch", result: { step_results: results, step_errors: errors } };
      }
      case "sequence":
        statementCount += 1;
        stream.db.exec(resolveSql(stream, req.sql, req.sql_id));
        return { type: "sequence" };
      case "store_sql":
        stream.sqls.set(req.sql_id, req.sql);
        return { type: "store_sql" };
      case "close_sql":
        stream.sqls.delete(req.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: !stream.db.inTransaction };
      case "describe":
        throw new StandinError("describe is not supported by the local libSQL stand-in", "NOT_SUPPORTED");
    }
  }

  function closeStream(baton: string) {
    const stream = streams.get(baton);
    if (!stream) return;
    streams.delete(baton);
    clearTimeout(stream.timer);
    try {
      if (stream.db.inTransaction) stream.db.exec("ROLLBACK");
    } catch {
      /* closing anyway */
    }
    stream.db.close();
  }

  async function pipeline(body: { baton?: string | null; requests?: StreamRequest[] }) {
    let baton = body.baton ?? null;
    let stream: Stream;
    if (baton) {
      const found = streams.get(baton);
      if (!found) throw new StandinError("Stream expired or unknown baton", "STREAM_EXPIRED");
      streams.delete(baton);
      clearTimeout(found.timer);
      stream = found;
    } else {
      stream = { db: open(), sqls: new Map() };
    }
    const results: unknown[] = [];
    let closed = false;
    for (const req of body.requests ?? []) {
      if (closed) {
        results.push({ type: "error", error: { message: "Stream is closed", code: "STREAM_CLOSED" } });
        continue;
      }
      try {
        results.push({ type: "ok", response: await handle(stream, req) });
      } catch (e) {
        results.push({ type: "error", error: errorOf(e) });
      }
      if (req.type === "close") closed = true;
    }
    if (closed) {
      baton = null;
      try {
        if (stream.db.inTransaction) stream.db.exec("ROLLBACK");
      } catch {
        /* closing anyway */
      }
      stream.db.close();
    } else {
      baton = randomUUID();
      const key = baton;
      stream.timer = setTimeout(() => closeStream(key), STREAM_IDLE_MS);
      streams.set(key, stream);
    }
    return { baton, base_url: null, results };
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, { "content-type": typeof body === "string" ? "text/plain" : "application/json" });
    res.end(text);
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "GET" && (path === "/v2" || path === "/health")) return send(res, 200, "");
    if (req.method === "POST" && path === "/v2/pipeline") {
      readJson(req)
        .then((body) => pipeline(body as { baton?: string | null; requests?: StreamRequest[] }))
        .then((out) => send(res, 200, out))
        .catch((e: unknown) => send(res, e instanceof StandinError ? 400 : 500, { message: e instanceof Error ? e.message : String(e), code: (e as StandinError).code ?? "INTERNAL" }));
      return;
    }
    send(res, 404, "Not found");
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    statements: () => statementCount,
    close: () =>
      new Promise<void>((resolve) => {
        for (const baton of [...streams.keys()]) closeStream(baton);
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const file = arg("file") ?? ".data/preview.db";
  const standin = await startLibsqlStandin({ file, port: Number(arg("port") ?? process.env.LIBSQL_PORT ?? 8080) });
  console.log(`libSQL (Hrana over HTTP) on ${standin.url} → ${file}`);
  const stop = () => void standin.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
