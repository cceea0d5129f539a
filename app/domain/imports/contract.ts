// The admin CSV import's calls (/api/admin/imports/check and /run) as zod/mini schemas: the routes' answers are
// typed by them, the integration test parses real answers with them, the Import screen reads through them.
import * as z from "zod/mini";
import { IMPORT_KINDS } from "./csv-file";

const Counts = z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), refused: z.number() });

/** POST /api/admin/imports/check: the file read and every row checked, nothing written. */
export const ImportCheckAnswer = z.object({
  kind: z.enum(IMPORT_KINDS),
  header: z.array(z.string()),
  rows: z.number(),
  records: z.number(),
  preview: z.array(z.object({ row: z.number(), cells: z.array(z.string()) })),
  errors: z.array(z.object({ row: z.number(), column: z.nullable(z.string()), message: z.string() })),
  errorCount: z.number(),
  ready: z.boolean(),
});
export type ImportCheck = z.output<typeof ImportCheckAnswer>;

/** POST /api/admin/imports/run: each record's outcome by row, and the chunk's counts. */
export const ImportRunAnswer = z.object({
  results: z.array(
    z.object({
      rows: z.array(z.number()),
      sourceId: z.nullable(z.string()),
      outcome: z.enum(["created", "updated", "unchanged", "refused"]),
      reason: z.optional(z.string()),
    }),
  ),
  counts: Counts,
});
export type ImportRun = z.output<typeof ImportRunAnswer>;
