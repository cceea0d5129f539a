// One page of a searchable list (Return Forms, Customer Applications; decision 014): the total, and the page's
// rows as JSON text that SQLite builds from a json_object() view, so a page of 100 rows is one string handed
// to the response, not 100 decoded rows mapped to views and serialized again.
import { and, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { walkSortOrder } from "~/domain/returns/rules";
import type { AppContext } from "~/lib/context.server";

/**
 * The list's search: a condition on the row, and where the search table can answer it, that table's column
 * and test: a trigram phrase (3 characters or more), or for a shorter text a LIKE over the search table's own
 * copy of a field that is costly to read from the row (a JSON address). The row's condition (a LIKE or instr)
 * and the index's test match the same rows (the index holds lower() of the LIKE fields, case-sensitively), so
 * either may decide a row.
 */
export type ListSearch = { where?: SQL; index?: { indexed: string } & ({ phrase: string } | { like: string }) };

export type SearchPageSpec = {
  table: SQLiteTable;
  id: SQLiteColumn;
  /** The trigram FTS5 table holding the list's substring fields, its rowid the table's id. */
  searchTable: string;
  search: ListSearch;
  filter?: SQL;
  orderBy: SQL[];
  /**
   * The filter's index carries the searched columns (returns_status_search_idx): testing a filtered row reads
   * only that index, about a tenth of a match's lookup of its row.
   */
  filterCovers?: boolean;
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
  const order = sql.join(spec.orderBy, sql`, `);
  // The page's ids first (an index walk or a sort of ids alone), then the view of those rows only: a sort step
  // otherwise builds the view of every candidate row before the LIMIT keeps 100 of them.
  const rows = async (where: SQL | undefined) => {
    const found = await ctx.db.all<{ v: string }>(
      sql`SELECT ${spec.view} AS v FROM ${table} WHERE ${id} IN (SELECT ${id} FROM ${table}${whereOf(where)} ORDER BY ${order} LIMIT ${spec.limit} OFFSET ${offset}) ORDER BY ${order}`,
    );
    return `[${found.map((r) => r.v).join(",")}]`;
  };

  if (!search.index) {
    const where = and(search.where, filter);
    const [json, total] = await Promise.all([rows(where), count(where)]);
    return answer(json, total);
  }
  const { indexed } = search.index;
  const searchTable = sql.identifier(spec.searchTable);
  const test = "phrase" in search.index ? sql`${sql.identifier(indexed)} MATCH ${search.index.phrase}` : sql`${sql.identifier(indexed)} LIKE ${search.index.like} ESCAPE '\\'`;
  const matching = sql`(SELECT rowid FROM ${searchTable} WHERE ${test})`;
  // What testing one filtered row costs, in lookups of a matching row.
  const rowCost = spec.filterCovers ? 0.1 : 1;
  const filteredCost = sql`(SELECT count(*) FROM ${table}${whereOf(filter)}) * ${rowCost}`;
  // With a filter the matches are counted only up to just past the filtered rows' cost: all that is needed to
  // pick the cheaper side, and a text in every row ('example' in every e-mail) stops early instead of counting 50,000.
  const [counts] = await ctx.db.all<{ matches: number; filteredCost: number; rows: number }>(
    sql`SELECT (SELECT count(*) FROM (SELECT 1 FROM ${searchTable} WHERE ${test}${filter ? sql` LIMIT CAST(${filteredCost} AS INTEGER) + 1` : sql``})) AS matches,
      ${filteredCost} AS filteredCost, (SELECT count(*) FROM ${table}) AS rows`,
  );
  const matches = Number(counts?.matches ?? 0);
  const cost = Number(counts?.filteredCost ?? 0);
  // With a filter, driven by the cheaper side: the matches' row lookups, or the filter's rows tested with the LIKE.
  const byFilter = !!filter && matches > cost;
  const member = byFilter ? search.where : sql`${id} IN ${matching}`;
  const total = filter ? await count(and(member, filter)) : matches;
  if (total === 0 || offset >= total) return answer("[]", total);
  const walk = walkSortOrder({ matches: filter ? Math.min(matches, cost) : matches, total, rows: Number(counts?.rows ?? 0), need: offset + spec.limit });
  // Driven by the filter, the hint keeps the planner off the sort order's index (it cannot know the LIKE is
  // selective; walking that index testing every row is what it would otherwise pick). Driven by the matches, the
  // IN list as it is (so their dates come from returns_id_submitted_idx). Walking: the LIKE as it is.
  const driven = byFilter ? sql`unlikely(${member})` : member;
  return answer(await rows(and(walk ? search.where : driven, filter)), total);
}

/** A page's rows as objects (a page loader's first data reads the same JSON the /api route sends). */
export function pageRows<Row>({ json, ...page }: JsonPage): { rows: Row[]; total: number; page: number; limit: number } {
  return { rows: JSON.parse(json) as Row[], ...page };
}

/** One row through the list's own view (so a detail and a list row have one shape), or null when none matches. */
export async function viewOf<Row>(ctx: AppContext, table: SQLiteTable, view: SQL, where: SQL): Promise<Row | null> {
  const [found] = await ctx.db.all<{ v: string }>(sql`SELECT ${view} AS v FROM ${table} WHERE ${where}`);
  return found ? (JSON.parse(found.v) as Row) : null;
}
