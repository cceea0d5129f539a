// How the seed writes: multi-row INSERTs straight through one libSQL transaction, with secondary indexes
// dropped during a bulk load and rebuilt after.
import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Client, InValue, Transaction } from "@libsql/client";
import type { Database } from "../../app/lib/db.server";

/** Rows per INSERT: 500 orders × 22 columns stays below SQLite's 32,766 bound variables. */
const ROWS_PER_STATEMENT = 500;
const MAX_BOUND_VARIABLES = 32_766;

/** drizzle() keeps the libSQL client as `$client`; the app's Database type leaves it out. */
export const rawClient = (db: Database) => (db as Database & { $client: Client }).$client;

/** Inserts rows of one table, chunked into multi-row statements. */
export type Insert = <T extends SQLiteTable>(table: T, rows: T["$inferInsert"][]) => Promise<number>;

/**
 * Writes straight through the libSQL transaction: drizzle's query builder costs more than SQLite itself
 * at 500,000 rows. Column names and value encoding (JSON, booleans) still come from the drizzle schema.
 */
export function rowWriter(tx: Transaction): Insert {
  return async (table, rows) => {
    if (!rows.length) return rows.length;
    const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
    const keys = Object.keys(rows[0]!);
    const names = keys.map((k) => `"${columns[k]!.name}"`).join(", ");
    const tuple = `(${keys.map(() => "?").join(", ")})`;
    const perStatement = Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_BOUND_VARIABLES / keys.length));
    for (let i = 0; i < rows.length; i += perStatement) {
      const chunk = rows.slice(i, i + perStatement) as Record<string, unknown>[];
      const args: InValue[] = [];
      for (const row of chunk) {
        for (const k of keys) {
          const value = row[k];
          args.push(value === null || value === undefined ? null : (columns[k]!.mapToDriverValue(value) as InValue));
        }
      }
      await tx.execute({
        sql: `insert into "${getTableName(table)}" (${names}) values ${Array(chunk.length).fill(tuple).join(", ")}`,
        args,
      });
    }
    return rows.length;
  };
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped and rebuilds them from their own stored SQL
 * afterwards (inside the same transaction): one sort per index is cheaper than 500,000 index updates.
 */
export async function withoutIndexes<T>(tx: Transaction, tables: string[], load: () => Promise<T>): Promise<T> {
  const placeholders = tables.map(() => "?").join(", ");
  const { rows } = await tx.execute({
    sql: `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${placeholders})`,
    args: tables,
  });
  for (const row of rows) await tx.execute(`drop index "${String(row.name)}"`);
  const result = await load();
  for (const row of rows) await tx.execute(String(row.sql));
  return result;
}
