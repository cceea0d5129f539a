// Support for tests/integration/api-fuzz.test.ts: a write detector for the test's libSQL file, a per-table
// digest of its content (for the one route whose refusals are meant to write), and the pieces of a fuzzed
// HTTP request (bodies, headers) as plain data, so fast-check prints a failing case in full.
import { createHash } from "node:crypto";
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

export type TableDigest = { rows: number; maxRowid: number; sha1: string };
export type Snapshot = Map<string, TableDigest>;

export type Table = { name: string; rowid: boolean; columns: string[] };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table with content: sqlite_% internals and FTS5 virtual tables are left out (an FTS table's rows
 * live in its shadow tables, which are listed; two of those are WITHOUT ROWID).
 */
export async function tableNames(reader: Client): Promise<Table[]> {
  const rs = await reader.execute(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
  );
  const out: Table[] = [];
  for (const r of rs.rows) {
    const name = String(r.name);
    const info = await reader.execute(`PRAGMA table_info(${quote(name)})`);
    out.push({ name, rowid: !/WITHOUT\s+ROWID/i.test(String(r.sql)), columns: info.rows.map((c) => String(c.name)) });
  }
  return out;
}

/**
 * A table's row count, max(rowid) and the SHA-1 of its content in rowid order (every cell as its type and the
 * hex of its bytes, so the driver never decodes a value: the digest is over what is stored), optionally only
 * over rows with rowid ≤ a bound (the rows that existed before). SQLite builds the one string; no row objects.
 */
export async function tableDigest(reader: Client, table: Table, maxRowid?: number): Promise<TableDigest> {
  const where = maxRowid === undefined || !table.rowid ? "" : ` WHERE rowid <= ${Math.floor(maxRowid)}`;
  const cells = table.columns.map((c) => `typeof(${quote(c)}) || hex(${quote(c)})`).join(" || ',' || ") || "''";
  const rowid = table.rowid ? "rowid" : "0";
  const order = table.rowid ? " ORDER BY rowid" : "";
  const rs = await reader.execute(
    `SELECT count(*), coalesce(max(r), 0), group_concat(r || ':' || v, '|') FROM (SELECT ${rowid} AS r, ${cells} AS v FROM ${quote(table.name)}${where}${order})`,
  );
  const row = rs.rows[0]!;
  return { rows: Number(row[0]), maxRowid: Number(row[1]), sha1: createHash("sha1").update(String(row[2] ?? "")).digest("hex") };
}

export async function snapshot(reader: Client, tables: readonly Table[]): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const t of tables) out.set(t.name, await tableDigest(reader, t));
  return out;
}

export function sameDigest(a: TableDigest | undefined, b: TableDigest | undefined): boolean {
  return !!a && !!b && a.rows === b.rows && a.maxRowid === b.maxRowid && a.sha1 === b.sha1;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

export type InvalidText = { table: string; column: string; rowid: number; hex: string };

/**
 * TEXT cells whose bytes are not UTF-8 (libsql's Node binding panics reading one, which aborts the process).
 * Each column's text is read once, concatenated and hex-encoded by SQLite and checked in one decode; only a
 * column that fails is read again cell by cell, for the report.
 */
export async function invalidTextCells(reader: Client, tables: readonly Table[]): Promise<InvalidText[]> {
  const out: InvalidText[] = [];
  for (const table of tables) {
    if (!table.columns.length) continue;
    const aggregates = table.columns.map((c) => `hex(group_concat(CASE WHEN typeof(${quote(c)}) = 'text' THEN ${quote(c)} END, char(10)))`).join(", ");
    const rs = await reader.execute(`SELECT ${aggregates} FROM ${quote(table.name)}`);
    for (const [i, column] of table.columns.entries()) {
      const hex = rs.rows[0]![i];
      if (!hex || isUtf8(String(hex))) continue;
      const cells = await reader.execute(`SELECT ${table.rowid ? "rowid" : "0"}, hex(${quote(column)}) FROM ${quote(table.name)} WHERE typeof(${quote(column)}) = 'text'`);
      for (const [rowid, cell] of cells.rows.map((r) => [Number(r[0]), String(r[1])] as const)) {
        if (!isUtf8(cell)) out.push({ table: table.name, column, rowid, hex: cell.slice(0, 200) });
      }
    }
  }
  return out;
}

function isUtf8(hex: string): boolean {
  try {
    utf8.decode(Buffer.from(hex, "hex"));
    return true;
  } catch {
    return false;
  }
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
