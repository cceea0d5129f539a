// Support for tests/integration/api-fuzz.test.ts: a write detector for the test's libSQL file, a per-table
// digest of its content (for the one route whose refusals are meant to write), and the pieces of a fuzzed
// HTTP request (bodies, headers) as plain data, so fast-check prints a failing case in full.
import { createClient, type Client } from "@libsql/client/node";
import type { Database } from "~/lib/db.server";

// ---------------------------------------------------------------- detecting writes

/** The libSQL client behind a drizzle handle (drizzle keeps it on $client; the app's type does not say so). */
export function clientOf(db: Database): Client {
  return (db as unknown as { $client: Client }).$client;
}

/** The path of the database file behind a drizzle handle (PRAGMA database_list, schema 'main'). */
export async function databaseFile(db: Database): Promise<string> {
  const rs = await clientOf(db).execute("PRAGMA database_list");
  const main = rs.rows.find((r) => r.name === "main");
  if (!main?.file) throw new Error("the test database has no file (an in-memory database cannot be observed)");
  return String(main.file);
}

/**
 * Sees every commit to the database file, whichever connection made it. The app's @libsql/client/node
 * keeps a pool of connections (a transaction holds one, concurrent statements open more), and SQLite's
 * total_changes() counts only its own connection's statements (rolled back ones included), so it can
 * neither see all writes nor tell a rolled-back one from a committed one. `PRAGMA data_version` on a
 * separate connection that never writes changes exactly when another connection commits a change to the
 * file (WAL frames appended): autocommit statements, batches and transactions alike, from any connection
 * of the pool; reads, statements that match no row and rolled-back transactions leave it as it was. It is
 * one indexed read per check. The observer has one connection (concurrency 1): data_version values of
 * different connections are not comparable.
 */
export class WriteDetector {
  private constructor(private readonly client: Client) {}

  static async open(db: Database): Promise<WriteDetector> {
    const client = createClient({ url: `file:${await databaseFile(db)}`, concurrency: 1 });
    const detector = new WriteDetector(client);
    await detector.version();
    return detector;
  }

  async version(): Promise<number> {
    const rs = await this.client.execute("PRAGMA data_version");
    return Number(rs.rows[0]![0]);
  }

  /** The observer's own connection, for read-only queries (a snapshot). */
  get reader(): Client {
    return this.client;
  }

  close() {
    this.client.close();
  }
}

// ---------------------------------------------------------------- table digests

export type TableDigest = { rows: number; maxRowid: number; sum: number; xor: number };
export type Snapshot = Map<string, TableDigest>;

/** FNV-1a 32-bit of a string. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Table = { name: string; rowid: boolean };

/**
 * Every table with content: sqlite_% internals and FTS5 virtual tables are left out (an FTS table's rows
 * live in its shadow tables, which are listed; two of those are WITHOUT ROWID).
 */
export async function tableNames(reader: Client): Promise<Table[]> {
  const rs = await reader.execute(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
  );
  return rs.rows.map((r) => ({ name: String(r.name), rowid: !/WITHOUT\s+ROWID/i.test(String(r.sql)) }));
}

/**
 * A table's row count, max(rowid) and an order-independent content digest (sum and xor of every row's
 * hash, rowid included), optionally only over rows with rowid ≤ a bound (the rows that existed before).
 */
export async function tableDigest(reader: Client, table: Table, maxRowid?: number): Promise<TableDigest> {
  const quoted = `"${table.name.replace(/"/g, '""')}"`;
  const where = maxRowid === undefined || !table.rowid ? "" : ` WHERE rowid <= ${Math.floor(maxRowid)}`;
  const rs = await reader.execute(`SELECT ${table.rowid ? "rowid AS __rowid" : "0 AS __rowid"}, * FROM ${quoted}${where}`);
  let sum = 0;
  let xor = 0;
  let max = 0;
  for (const row of rs.rows) {
    const values = Array.from(row as ArrayLike<unknown>, (v) => (typeof v === "bigint" ? `${v}n` : v instanceof ArrayBuffer ? Array.from(new Uint8Array(v)) : v));
    const h = fnv(JSON.stringify(values));
    sum = (sum + h) >>> 0;
    xor = (xor ^ h) >>> 0;
    max = Math.max(max, Number(row[0]));
  }
  return { rows: rs.rows.length, maxRowid: max, sum, xor };
}

export async function snapshot(reader: Client, tables: readonly Table[]): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const t of tables) out.set(t.name, await tableDigest(reader, t));
  return out;
}

export function sameDigest(a: TableDigest | undefined, b: TableDigest | undefined): boolean {
  return !!a && !!b && a.rows === b.rows && a.maxRowid === b.maxRowid && a.sum === b.sum && a.xor === b.xor;
}

/** The tables whose digest differs. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((t) => !sameDigest(before.get(t), after.get(t)));
}

// ---------------------------------------------------------------- requests as plain data

export type Part =
  | { kind: "field"; name: string; value: string }
  | { kind: "file"; name: string; bytes: Uint8Array; type: string; filename: string };

export type BodySpec =
  | { kind: "none"; contentType?: string }
  | { kind: "text"; contentType?: string; text: string }
  | { kind: "bytes"; contentType?: string; bytes: Uint8Array }
  | { kind: "multipart"; parts: Part[]; contentType?: string }
  | { kind: "urlencoded"; pairs: [string, string][]; contentType?: string }
  /** Over the 1 MB JSON limit (built at request time so the printed case stays short). */
  | { kind: "huge"; bytes: number; contentType?: string };

/** The fetch body and the content type a client would send for a body spec (undefined: none). */
export function buildBody(spec: BodySpec): { body: BodyInit | undefined; contentType: string | undefined } {
  switch (spec.kind) {
    case "none":
      return { body: undefined, contentType: spec.contentType };
    case "text":
      return { body: spec.text, contentType: spec.contentType };
    case "bytes":
      return { body: spec.bytes as BodyInit, contentType: spec.contentType };
    case "urlencoded":
      return { body: new URLSearchParams(spec.pairs).toString(), contentType: spec.contentType };
    case "huge":
      return { body: `{"note":"${"x".repeat(spec.bytes)}"}`, contentType: spec.contentType };
    case "multipart": {
      const form = new FormData();
      for (const p of spec.parts) {
        if (p.kind === "field") form.append(p.name, p.value);
        else form.append(p.name, new Blob([p.bytes as BlobPart], { type: p.type }), p.filename);
      }
      // Without a declared type the Request names FormData's own boundary; a declared one (wrong on purpose) wins.
      return { body: form, contentType: spec.contentType };
    }
  }
}
