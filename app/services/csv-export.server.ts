// The streamed CSV export every list plugs into (docs/decisions/031-import-export.md): a list gives its own
// condition and sort keys, and this reads it in chunks by keyset (the sort keys and id of the last row sent),
// writing CSV lines as the client takes them, so 100,000 rows never sit in memory and no chunk re-reads the rows
// before it (an OFFSET would).
import { and, asc, desc, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { SelectedFields, SQLiteTable } from "drizzle-orm/sqlite-core";
import { CSV_BOM, CSV_CONTENT_TYPE, csvFilename, csvLine, type CsvValue } from "~/lib/csv";
import type { Database } from "~/lib/db.server";
import { NO_STORE } from "~/lib/route.server";

/**
 * One term of a list's ORDER BY. The last key must be unique (the id), so the keys name a row. `nullable` says the
 * expression may be NULL (SQLite sorts NULL first ascending, last descending), which the keyset must step over.
 */
export type SortKey = { expr: SQL | AnyColumn; dir: "asc" | "desc"; nullable?: boolean };

/** A CSV column: its header and the cell of a row. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

/** The sort keys' values, selected beside a row's fields as `_k0`, `_k1`, ... (read back for the next chunk). */
export type KeyValues = Record<`_k${number}`, unknown>;

export const EXPORT_CHUNK_ROWS = 500;

/** The select fields carrying the keys' values (raw, as the database holds them: bound back unchanged). */
export function keyFields(keys: readonly SortKey[]): Record<string, SQL> {
  return Object.fromEntries(keys.map((k, i) => [`_k${i}`, sql`${k.expr}`]));
}

/** The keys as an ORDER BY: the list's own order. */
export function keyOrder(keys: readonly SortKey[]): SQL[] {
  return keys.map((k) => (k.dir === "asc" ? asc(k.expr) : desc(k.expr)));
}

/**
 * The rows after the one whose key values are `values`, in the keys' order. Keys of one direction that are never
 * NULL compare as one row value (`(a, id) < (?, ?)`), which SQLite answers as a range on the sort index; mixed
 * directions or NULLs take the long form (the first key past its value, or equal and the next one past, ...).
 */
export function keysetAfter(keys: readonly SortKey[], values: readonly unknown[]): SQL {
  const e = (k: SortKey) => sql`(${k.expr})`;
  const dir = keys[0]!.dir;
  if (keys.every((k) => k.dir === dir && !k.nullable) && values.every((v) => v !== null && v !== undefined)) {
    const op = sql.raw(dir === "asc" ? ">" : "<");
    return sql`(${sql.join(keys.map(e), sql`, `)}) ${op} (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
  }
  const equal = (k: SortKey, v: unknown) => (v === null || v === undefined ? sql`${e(k)} IS NULL` : sql`${e(k)} = ${v}`);
  const beyond = (k: SortKey, v: unknown): SQL => {
    const none = v === null || v === undefined;
    if (k.dir === "asc") return none ? sql`${e(k)} IS NOT NULL` : sql`${e(k)} > ${v}`;
    if (none) return sql`0`;
    return k.nullable ? sql`(${e(k)} < ${v} OR ${e(k)} IS NULL)` : sql`${e(k)} < ${v}`;
  };
  const terms = keys.map((k, i) => and(...keys.slice(0, i).map((p, j) => equal(p, values[j])), beyond(k, values[i]))!);
  // A bound on the first key, implied by the terms, gives the planner a range to start from.
  const [first] = keys;
  const v0 = values[0];
  const bound =
    first && v0 !== null && v0 !== undefined && (first.dir === "asc" || !first.nullable)
      ? sql`${e(first)} ${sql.raw(first.dir === "asc" ? ">=" : "<=")} ${v0}`
      : undefined;
  return and(bound, or(...terms))!;
}

/** The usual `read`: one table's `fields` under `where`, in the keys' order, the keys' values beside them. */
export function tableChunks<Row extends KeyValues>(db: Database, table: SQLiteTable, fields: SelectedFields, where: SQL | undefined, keys: readonly SortKey[]) {
  const select = { ...fields, ...keyFields(keys) };
  return async (after: SQL | undefined, limit: number): Promise<Row[]> =>
    (await db.select(select).from(table).where(and(where, after)).orderBy(...keyOrder(keys)).limit(limit)) as unknown as Row[];
}

export type CsvExport<Row extends KeyValues> = {
  /** The file's name before its date: 'orders' → orders-2025-06-18.csv. */
  name: string;
  now: Date;
  columns: readonly CsvColumn<Row>[];
  keys: readonly SortKey[];
  /** Up to `limit` rows after `after` (from the first row when undefined), ordered by keyOrder(keys), with keyFields(keys). */
  read: (after: SQL | undefined, limit: number) => Promise<Row[]>;
  chunkRows?: number;
};

/**
 * The export as a response whose body is written chunk by chunk as the client reads it. The first chunk is read
 * before answering, so a query the database refuses is still a plain error answer, not a cut-off file; the query's
 * input, scope and grant were checked before this is called.
 */
export async function csvExportResponse<Row extends KeyValues>(spec: CsvExport<Row>): Promise<Response> {
  const size = spec.chunkRows ?? EXPORT_CHUNK_ROWS;
  const encoder = new TextEncoder();
  const lineOf = (row: Row) => csvLine(spec.columns.map((c) => c.value(row)));
  let pending: Row[] | null = await spec.read(undefined, size);
  let last: Row | undefined;
  let text = CSV_BOM + csvLine(spec.columns.map((c) => c.header));

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const rows = pending ?? (await spec.read(keysetAfter(spec.keys, spec.keys.map((_, i) => last![`_k${i}`])), size));
          pending = null;
          for (const row of rows) text += lineOf(row);
          if (text) controller.enqueue(encoder.encode(text));
          text = "";
          if (rows.length < size) controller.close();
          else last = rows[rows.length - 1];
        } catch (error) {
          // Past the first chunk the status is sent: the client sees a cut-off download, the log says why.
          console.error(error);
          controller.error(error);
        }
      },
    },
    // Pull only when the client has taken what was written: at most one chunk is held.
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${csvFilename(spec.name, spec.now)}"`,
      "Cache-Control": NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
