// The Hrana over HTTP protocol (versions 2 and 3, JSON) as the libSQL stand-in reads it: zod schemas for the
// request bodies, the answer types, and the errors sqld gives for a request it refuses. Written from
// HRANA_3_SPEC.md / HTTP_V2_SPEC.md in the libSQL repository; unknown fields are ignored, as the spec asks.
import { z } from "zod";

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

export const valueSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("null") }),
  z.object({
    type: z.literal("integer"),
    value: z
      .string()
      .regex(/^-?\d+$/, "an integer value is a decimal string")
      // zod runs this even when the regex failed: BigInt must only see digits.
      .refine((v) => !/^-?\d+$/.test(v) || (BigInt(v) >= I64_MIN && BigInt(v) <= I64_MAX), "an integer value must fit in 64 bits"),
  }),
  z.object({ type: z.literal("float"), value: z.number() }),
  z.object({ type: z.literal("text"), value: z.string() }),
  z.object({ type: z.literal("blob"), base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, "a blob is base64") }),
]);
export type HranaValue = z.infer<typeof valueSchema>;

const sqlId = z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1);

export const stmtSchema = z.object({
  sql: z.string().nullish(),
  sql_id: sqlId.nullish(),
  args: z.array(valueSchema).optional(),
  named_args: z.array(z.object({ name: z.string(), value: valueSchema })).optional(),
  want_rows: z.boolean().nullish(),
});
export type Stmt = z.infer<typeof stmtSchema>;

export type BatchCond =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and"; conds: BatchCond[] }
  | { type: "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };

const step = z.number().int().min(0);
export const condSchema: z.ZodType<BatchCond> = z.lazy(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("ok"), step }),
    z.object({ type: z.literal("error"), step }),
    z.object({ type: z.literal("not"), cond: condSchema }),
    z.object({ type: z.literal("and"), conds: z.array(condSchema) }),
    z.object({ type: z.literal("or"), conds: z.array(condSchema) }),
    z.object({ type: z.literal("is_autocommit") }),
  ]),
);

export const batchSchema = z.object({
  steps: z.array(z.object({ condition: condSchema.nullish(), stmt: stmtSchema })),
});
export type Batch = z.infer<typeof batchSchema>;

const sqlText = { sql: z.string().nullish(), sql_id: sqlId.nullish() };
export const streamRequestSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("close") }),
  z.object({ type: z.literal("execute"), stmt: stmtSchema }),
  z.object({ type: z.literal("batch"), batch: batchSchema }),
  z.object({ type: z.literal("sequence"), ...sqlText }),
  z.object({ type: z.literal("describe"), ...sqlText }),
  z.object({ type: z.literal("store_sql"), sql_id: sqlId, sql: z.string() }),
  z.object({ type: z.literal("close_sql"), sql_id: sqlId }),
  z.object({ type: z.literal("get_autocommit") }),
]);
export type StreamRequest = z.infer<typeof streamRequestSchema>;

export const pipelineBodySchema = z.object({ baton: z.string().nullish(), requests: z.array(streamRequestSchema) });
export const cursorBodySchema = z.object({ baton: z.string().nullish(), batch: batchSchema });

export type HranaError = { message: string; code: string };
export type Col = { name: string | null; decltype: string | null };
export type StmtResult = { cols: Col[]; rows: HranaValue[][]; affected_row_count: number; last_insert_rowid: string | null };
export type BatchResult = { step_results: (StmtResult | null)[]; step_errors: (HranaError | null)[] };
export type DescribeResult = { params: { name: string | null }[]; cols: Col[]; is_explain: boolean; is_readonly: boolean };
export type StreamResponse = { type: StreamRequest["type"] } & Record<string, unknown>;
export type StreamResult = { type: "ok"; response: StreamResponse } | { type: "error"; error: HranaError };
export type CursorEntry =
  | { type: "step_begin"; step: number; cols: Col[] }
  | { type: "step_end"; affected_row_count: number; last_insert_rowid: string | null }
  | { type: "step_error"; step: number; error: HranaError }
  | { type: "row"; row: HranaValue[] }
  | { type: "error"; error: HranaError };

/**
 * A request a correct client never sends (sqld's ProtocolError): the whole HTTP request is answered 400 with the
 * message as plain text, and the stream it named is closed, as sqld does.
 */
export class ProtocolError extends Error {}

export type Version = 2 | 3;

/** Structural checks sqld makes before running anything: sql xor sql_id, condition steps, v3-only features. */
export function checkRequests(requests: StreamRequest[], version: Version): void {
  const sqlOf = (r: { sql?: string | null; sql_id?: number | null }) => {
    if (r.sql != null && r.sql_id != null) throw new ProtocolError("Either `sql` or `sql_id` are required, but not both");
    if (r.sql == null && r.sql_id == null) throw new ProtocolError("Either `sql` or `sql_id` are required");
  };
  for (const request of requests) {
    if (request.type === "execute") sqlOf(request.stmt);
    if (request.type === "sequence" || request.type === "describe") sqlOf(request);
    if (request.type === "batch") checkBatch(request.batch, version);
    if (request.type === "get_autocommit" && version < 3) throw new ProtocolError("The `get_autocommit` request is only supported in protocol version hrana3 and higher");
  }
}

export function checkBatch(batch: Batch, version: Version): void {
  batch.steps.forEach((s, index) => {
    if (s.stmt.sql != null && s.stmt.sql_id != null) throw new ProtocolError("Either `sql` or `sql_id` are required, but not both");
    if (s.stmt.sql == null && s.stmt.sql_id == null) throw new ProtocolError("Either `sql` or `sql_id` are required");
    if (s.condition) checkCond(s.condition, index, version);
  });
}

function checkCond(cond: BatchCond, stepIndex: number, version: Version): void {
  switch (cond.type) {
    case "ok":
    case "error":
      // A condition may only look back at steps that ran before it.
      if (cond.step >= stepIndex) throw new ProtocolError("Invalid reference to step in a batch condition");
      return;
    case "not":
      return checkCond(cond.cond, stepIndex, version);
    case "and":
    case "or":
      return cond.conds.forEach((c) => checkCond(c, stepIndex, version));
    case "is_autocommit":
      if (version < 3) throw new ProtocolError("BatchCond of type `is_autocommit` is only supported in protocol version hrana3 and higher");
  }
}

/** zod's first issue as one line, for the 400 answer to a body that is not Hrana. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Cannot deserialize client message from JSON";
  const where = issue.path.length ? ` at ${issue.path.join(".")}` : "";
  return `Cannot deserialize client message from JSON: ${issue.message}${where}`;
}
