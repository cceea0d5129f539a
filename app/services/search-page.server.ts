// One page of a searchable list (Return Forms, Customer Applications; decision 014): the total, and the page's
// rows as JSON text that SQLite builds from a json_object() view, so a page of 100 rows is one string handed
// to the response, not 100 decoded rows mapped to views and serialized again.
import { and, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { walkSortOrder } from "~/domain/returns/rules";
import type { AppContext } from "~/lib/context.server";

/**
 * The list's search: a condition on the row, and for a substring the trigram index can answer (3 characters
 * or more), the index's column and phrase too. The condition (a LIKE or instr) and the index's phrase match
 * the same rows (the index holds lower() of the LIKE fields, case-sensitively), so either may decide a row.
 */
export type ListSearch = { where?: SQL; index?: { indexed: string; phrase: string } };

export type SearchPageSpec = {
  table: SQLiteTable;
  id: SQLiteColumn;
  /** The trigram FTS5 table holding the list's substring fields, its rowid the table's id. */
  searchTable: string;
  search: ListSearch;
  filter?: SQL;
  orderBy: SQL[];
  /** One row as the API shows it: a json_object(...) over the table's columns. */
  view: SQL;
  page: number;
  limit: number;
};

/** `json` is the page's rows as a JSON array, in the sort order. */
export type JsonPage = { json: string; total: number; page: number; limit: number };

const whereOf = (where: SQL | undefined) => (where ? sql` WHERE ${where}` : sql``);

/**
 * A substring search the trigram index can answer is counted there, then paged either from the index (a rare
 * text: a row lookup per match) or by walking the sort order's index testing each row (a common one),
 * whichever reads fewer rows. Anything else is one count and one page.
 */
export async function searchPage(ctx: AppContext, spec: SearchPageSpec): Promise<JsonPage> {
  const { table, id, search, filter } = spec;
  const offset = (spec.page - 1) * spec.limit;
  const answer = (json: string, total: number): JsonPage => ({ json, total, page: spec.page, limit: spec.limit });
  const count = async (where: SQL | undefined) => {
    const [row] = await ctx.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${table}${whereOf(where)}`);
    return Number(row?.n ?? 0);
  };
  const rows = async (where: SQL | undefined) => {
    const found = await ctx.db.all<{ v: string }>(
      sql`SELECT ${spec.view} AS v FROM ${table}${whereOf(where)} ORDER BY ${sql.join(spec.orderBy, sql`, `)} LIMIT ${spec.limit} OFFSET ${offset}`,
    );
    return `[${found.map((r) => r.v).join(",")}]`;
  };

  if (!search.index) {
    const where = and(search.where, filter);
    const [json, total] = await Promise.all([rows(where), count(where)]);
    return answer(json, total);
  }
  const { indexed, phrase } = search.index;
  const searchTable = sql.identifier(spec.searchTable);
  const matching = sql`(SELECT rowid FROM ${searchTable} WHERE ${sql.identifier(indexed)} MATCH ${phrase})`;
  const [counts] = await ctx.db.all<{ matches: number; filtered: number; rows: number }>(
    sql`SELECT (SELECT count(*) FROM ${searchTable} WHERE ${sql.identifier(indexed)} MATCH ${phrase}) AS matches,
      (SELECT count(*) FROM ${table}${whereOf(filter)}) AS filtered,
      (SELECT count(*) FROM ${table}) AS rows`,
  );
  const matches = Number(counts?.matches ?? 0);
  const filtered = Number(counts?.filtered ?? 0);
  // With a filter, driven by the smaller side: the matches' row lookups, or the filter's rows tested with the LIKE.
  const total = filter ? await count(and(matches <= filtered ? sql`${id} IN ${matching}` : search.where, filter)) : matches;
  if (total === 0 || offset >= total) return answer("[]", total);
  const walk = walkSortOrder({ matches, total, rows: Number(counts?.rows ?? 0), need: offset + spec.limit });
  return answer(await rows(and(walk ? search.where : sql`${id} IN ${matching}`, filter)), total);
}
