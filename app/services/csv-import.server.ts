// The admin's CSV import on the server (issue 21; docs/decisions/031-import-export.md): the check of a whole file
// (readable, header, every row) that writes nothing, and the import of one chunk of rows, checked again in full
// and upserted through the integration API's own functions, so a CSV record and an API record land alike.
import { z } from "zod";
import { DomainError, PayloadTooLargeError, ValidationError } from "~/domain/errors";
import {
  checkHeader,
  IMPORT_KINDS,
  ImportFileError,
  MAX_CHUNK_RECORDS,
  MAX_CHUNK_ROWS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_LISTED_ERRORS,
  PREVIEW_ROWS,
  readImportRows,
  readImportText,
  type ImportError,
  type ImportKind,
  type ImportOutcome,
  type ImportRecord,
} from "~/domain/imports/csv-file";
import type { CheckAnswer } from "~/domain/imports/flow";
import { buildRecords, importSystemSchema } from "~/domain/imports/records";
import type { OrderRecord, ParsedRecord, ProductRecord, StockRecord } from "~/domain/integrations/records";
import { countOutcomes, type BatchCounts } from "~/domain/integrations/records";
import type { AppContext } from "~/lib/context.server";
import { FORM_OVERHEAD_BYTES, parseFormData } from "~/lib/http.server";
import type { Viewer } from "~/lib/session.server";
import { upsertOrders } from "./integrations-orders.server";
import { upsertProducts } from "./integrations-products.server";
import { upsertStock } from "./integrations-stock.server";
import type { BatchResult, SyncActor } from "./integrations-sync.server";

// One shape for the check, so the screen's reducer reads exactly what this answers.
export type ImportCheck = { success: true } & CheckAnswer;

const kindSchema = z.enum(IMPORT_KINDS, { message: `kind is one of: ${IMPORT_KINDS.join(", ")}` });

function fileRefusal(error: ImportFileError): DomainError {
  return new DomainError(error.status, error.message);
}

/** The rows and records of a file, or a refusal of the whole file (unreadable, wrong header, too many rows). */
function readFile(kind: ImportKind, bytes: Uint8Array) {
  try {
    const { header, rows } = readImportRows(readImportText(bytes));
    return { header, rows, ...checkHeader(kind, header) };
  } catch (e) {
    throw e instanceof ImportFileError ? fileRefusal(e) : e;
  }
}

/**
 * POST /api/admin/imports/check (multipart: kind, file): the file read and every row checked, nothing written.
 * A file that cannot be read at all is refused (400/413/415 with the reason); a wrong header or bad rows are
 * answered 200 with each problem by row and column, so the screen can show them all at once.
 */
export async function checkImportFile(request: Request): Promise<ImportCheck> {
  let form: FormData;
  try {
    form = await parseFormData(request, MAX_IMPORT_BYTES + FORM_OVERHEAD_BYTES);
  } catch (e) {
    if (e instanceof PayloadTooLargeError) throw new PayloadTooLargeError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into smaller files`);
    throw e;
  }
  const kind = kindSchema.safeParse(form.get("kind"));
  if (!kind.success) throw new ValidationError(kind.error.issues[0]!.message, { kind: [kind.error.issues[0]!.message] });
  const file = form.get("file");
  if (!(file instanceof File)) throw new ValidationError("Choose a CSV file", { file: ["Choose a CSV file"] });
  const { header, rows, columns, errors: headerErrors } = readFile(kind.data, new Uint8Array(await file.arrayBuffer()));
  const preview = rows.slice(0, PREVIEW_ROWS);
  // A wrong header makes every row's problems noise: the header's are the answer.
  const { records, errors } = headerErrors.length ? { records: [], errors: headerErrors } : buildRecords(kind.data, columns, rows);
  return {
    success: true,
    kind: kind.data,
    header,
    rows: rows.length,
    records: records.length,
    preview,
    errors: errors.slice(0, MAX_LISTED_ERRORS),
    errorCount: errors.length,
    ready: errors.length === 0 && records.length > 0,
  };
}

export const importChunkSchema = z
  .object({
    kind: kindSchema,
    sourceSystem: importSystemSchema,
    header: z.array(z.string().max(200)).min(1).max(50),
    rows: z
      .array(z.object({ row: z.number().int().min(2).max(MAX_IMPORT_ROWS + 1), cells: z.array(z.string().max(10_000)).max(60) }).strict())
      .min(1, "A chunk has at least one row")
      .max(MAX_CHUNK_ROWS, `A chunk has at most ${MAX_CHUNK_ROWS} rows`),
  })
  .strict();
export type ImportChunk = z.infer<typeof importChunkSchema>;

export type ImportChunkResult = { success: true; results: ImportOutcome[]; counts: BatchCounts };

function describe(e: ImportError): string {
  return `Row ${e.row}${e.column ? `, ${e.column}` : ""}: ${e.message}`;
}

/** Runs the kind's upsert (the integration API's) on parsed records. */
function upsert(ctx: AppContext, kind: ImportKind, actor: SyncActor, records: ImportRecord[]): Promise<BatchResult> {
  const parsed = records.map((r, index) => ({ index, sourceId: r.sourceId, record: r.record }));
  switch (kind) {
    case "orders":
      return upsertOrders(ctx, actor, parsed as ParsedRecord<OrderRecord>[]);
    case "products":
      return upsertProducts(ctx, actor, parsed as ParsedRecord<ProductRecord>[]);
    case "stock":
      return upsertStock(ctx, actor, parsed as ParsedRecord<StockRecord>[]);
  }
}

/**
 * POST /api/admin/imports/run: one chunk of the checked file. The chunk is checked again in full (the server
 * trusts no check the browser did): any problem refuses it with every error (400) and writes nothing. Otherwise
 * its records are upserted in one transaction by (source system, id), so a chunk sent twice changes nothing the
 * second time; each record's outcome comes back with its rows.
 */
export async function importChunk(ctx: AppContext, viewer: Viewer, chunk: ImportChunk): Promise<ImportChunkResult> {
  const { columns, errors: headerErrors } = checkHeader(chunk.kind, chunk.header);
  const { records, errors } = headerErrors.length ? { records: [], errors: headerErrors } : buildRecords(chunk.kind, columns, chunk.rows);
  if (errors.length) throw new DomainError(400, describe(errors[0]!), { errors: errors.slice(0, MAX_LISTED_ERRORS), errorCount: errors.length });
  if (records.length > MAX_CHUNK_RECORDS) throw new PayloadTooLargeError(`A chunk holds at most ${MAX_CHUNK_RECORDS} records`);
  const actor: SyncActor = { userId: viewer.userId, email: viewer.email, name: viewer.name, sourceSystem: chunk.sourceSystem, locations: [], batchSource: "csv-import" };
  const result = await upsert(ctx, chunk.kind, actor, records);
  const results: ImportOutcome[] = result.results.map((r) => ({
    rows: records[r.index]?.rows ?? [],
    sourceId: r.sourceId,
    outcome: r.outcome,
    ...(r.reason ? { reason: r.reason } : {}),
  }));
  return { success: true, results, counts: countOutcomes(result.results) };
}
