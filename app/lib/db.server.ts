// The database handle the app uses: drizzle over libSQL. The Worker reaches Turso over HTTPS with the
// web client; Node processes (dev server, scripts, tests) open the embedded file through db/node.ts.
// Every round trip has a bounded wait (DATABASE_TIMEOUT_MS): a database that is slow or down becomes a 503
// the screens and the outbox understand, never a request that hangs (docs/decisions/027-faults-and-processes.md).
import { createClient as createWebClient, type Client, type InArgs, type InStatement, type ResultSet } from "@libsql/client/web";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";
import { DomainError } from "../domain/errors";

export type Database = LibSQLDatabase<typeof schema>;

/**
 * How long one round trip to the database (or a wait for its write lock) may take before the request gives
 * up. Turso answers in tens of milliseconds; a phone that has waited this long is better told to try again
 * (its outbox keeps the work) than left waiting.
 */
export const DATABASE_TIMEOUT_MS = 5_000;
/** Cron jobs: nobody is waiting on a screen, and a full task-list rebuild may write for longer. */
export const BACKGROUND_DATABASE_TIMEOUT_MS = 30_000;
/** What a refused request is told to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is not answering. Please try again in a moment.";

/** 503 with Retry-After: the database did not answer within the bound, refused the connection, or was busy. */
export class DatabaseUnavailableError extends DomainError {
  /**
   * Recognised by this mark, not by `instanceof`: the Worker's own copy of this module (workers/app.ts opens
   * the client) and the Remix build's copy are two classes once bundled.
   */
  readonly databaseUnavailable = true;
  constructor(cause?: unknown) {
    super(503, DATABASE_UNAVAILABLE_MESSAGE, {}, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
    this.name = "DatabaseUnavailableError";
    if (cause !== undefined) this.cause = cause;
  }
}

/** libSQL codes that mean "not now" rather than "wrong": the lock wait ran out (file client and server). */
const BUSY_CODES = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY_TIMEOUT", "SQLITE_LOCKED"]);

/**
 * Whether a failure is the database not answering, looked for along the `cause` chain (drizzle wraps every
 * query error in DrizzleQueryError, libSQL wraps the stream's in ClosedError): our own 503 from the fetch
 * below, the timeout firing while a response body was still arriving, a gateway's 502/503/504 in front of
 * the server, or a lock wait that ran out. Anything else is a real error and stays a 500.
 */
export function databaseUnavailable(error: unknown): DatabaseUnavailableError | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    if (current instanceof DatabaseUnavailableError) return current;
    const { name, code, status, databaseUnavailable: marked } = current as { name?: unknown; code?: unknown; status?: unknown; databaseUnavailable?: unknown };
    if (marked === true) return new DatabaseUnavailableError(error);
    if (name === "TimeoutError") return new DatabaseUnavailableError(error);
    if (name === "HttpServerError" && (status === 502 || status === 503 || status === 504)) return new DatabaseUnavailableError(error);
    if (typeof code === "string" && BUSY_CODES.has(code)) return new DatabaseUnavailableError(error);
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The web client's fetch with a bounded wait. The signal covers the whole exchange, body included, so a
 * server that stops halfway through an answer is cut off too. A fetch that fails (refused, reset, timed out)
 * is the database being unreachable, whatever the runtime calls it.
 */
export function boundedFetch(timeoutMs: number): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      return await fetch(request, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
  };
}

/** A statement that only reads: it may share a read transaction with the others issued beside it. */
const READ_ONLY = /^\s*(select|with)\b/i;
const WRITES = /\b(insert|update|delete|replace|create|drop|alter)\b/i;

/**
 * The reads a request issues together travel in one round trip. A loader's `Promise.all` (and the layout's and
 * the page's loaders, which Remix runs at once) used to send each query as its own HTTP request: 16 for a driver's
 * Home. A Worker opens at most six connections at a time, so against Turso those were three or more waits one after
 * another, and the document came late. Reads issued in the same turn of the event loop now go as one batch, in one
 * read transaction (one snapshot, which is also more correct); writes and transactions go as before. A batch that
 * fails on one statement is asked again statement by statement, so that statement's error is its own and the
 * others still answer; a database that does not answer fails them all at once (no second wait). Decision 045.
 * Only over HTTP: the embedded file's client (db/node.ts) has no round trip to save, and answers at once; holding its
 * reads for a turn would let another request's lock wait, which blocks the whole process there, run in between.
 */
export function coalescingReads(client: Client): Client {
  type Waiting = { stmt: InStatement; resolve: (r: ResultSet) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  const flush = async () => {
    const group = queue;
    queue = [];
    if (group.length === 1) {
      const [only] = group as [Waiting];
      return client.execute(only.stmt).then(only.resolve, only.reject);
    }
    let results: ResultSet[];
    try {
      results = await client.batch(group.map((w) => w.stmt), "read");
    } catch (error) {
      if (databaseUnavailable(error)) for (const w of group) w.reject(error);
      else for (const w of group) client.execute(w.stmt).then(w.resolve, w.reject);
      return;
    }
    group.forEach((w, i) => w.resolve(results[i]!));
  };
  const execute = (stmtOrSql: InStatement, args?: InArgs): Promise<ResultSet> => {
    const stmt: InStatement = typeof stmtOrSql === "string" && args !== undefined ? { sql: stmtOrSql, args } : stmtOrSql;
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    if (!READ_ONLY.test(sql) || WRITES.test(sql)) return client.execute(stmt);
    return new Promise<ResultSet>((resolve, reject) => {
      // The first read of a turn opens the batch; every read issued before the event loop's next turn joins it.
      if (queue.push({ stmt, resolve, reject }) === 1) setTimeout(() => void flush(), 0);
    });
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "execute") return execute;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export function databaseFromClient(client: Client): Database {
  return drizzle(client, { schema });
}

/** The production branch: any non-file URL (libsql://, https://) goes through the web client. */
export function openRemoteDatabase(url: string, authToken?: string, { timeoutMs = DATABASE_TIMEOUT_MS }: { timeoutMs?: number } = {}): Database {
  if (url.startsWith("file:")) {
    throw new Error("file: database URLs are opened by db/node.ts in Node processes, never inside the Worker");
  }
  return databaseFromClient(coalescingReads(createWebClient({ url, authToken, fetch: boundedFetch(timeoutMs) })));
}
