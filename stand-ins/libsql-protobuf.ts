// Hrana 3's Protobuf encoding for the libSQL stand-in (`/v3-protobuf/pipeline`, `/v3-protobuf/cursor`), from the
// proto schema in HRANA_3_SPEC.md: requests are decoded into the same JSON-shaped objects the JSON endpoints read
// (so the same zod schemas judge them) and answers are encoded from the same objects. Only the wire format
// (varints, zigzag, doubles, length-delimited fields) is written here; unknown fields are skipped, as proto3 says.
import { ProtocolError, type CursorEntry, type HranaError, type HranaValue, type StmtResult, type StreamResult } from "./libsql-protocol";

// ---- reading ----

type Field = { no: number; wire: number; varint?: bigint; bytes?: Uint8Array; fixed64?: Buffer };

function* fields(buf: Uint8Array): Generator<Field> {
  let pos = 0;
  const varint = (): bigint => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (pos >= buf.length || shift > 63n) throw new ProtocolError("Could not decode client message from Protobuf: bad varint");
      const byte = buf[pos++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return value;
    }
  };
  const take = (n: number) => {
    if (pos + n > buf.length) throw new ProtocolError("Could not decode client message from Protobuf: truncated message");
    const out = buf.subarray(pos, pos + n);
    pos += n;
    return out;
  };
  while (pos < buf.length) {
    const tag = Number(varint());
    const no = tag >>> 3;
    const wire = tag & 7;
    if (wire === 0) yield { no, wire, varint: varint() };
    else if (wire === 1) yield { no, wire, fixed64: Buffer.from(take(8)) };
    else if (wire === 2) yield { no, wire, bytes: take(Number(varint())) };
    else if (wire === 5) take(4);
    else throw new ProtocolError(`Could not decode client message from Protobuf: wire type ${wire}`);
  }
}

/** A field that must be a nested message: another wire type is a malformed request, not a crash. */
function sub(f: Field): Uint8Array {
  if (!f.bytes) throw new ProtocolError(`Could not decode client message from Protobuf: field ${f.no} is not a message`);
  return f.bytes;
}
const text = (f: Field) => Buffer.from(f.bytes ?? new Uint8Array()).toString("utf8");
const int32 = (f: Field) => Number(BigInt.asIntN(32, f.varint ?? 0n));
const uint32 = (f: Field) => Number(BigInt.asUintN(32, f.varint ?? 0n));
const zigzag = (v: bigint) => (v >> 1n) ^ -(v & 1n);

function decodeValue(buf: Uint8Array): unknown {
  let value: unknown = undefined; // a Value with no field set is "not recognized": zod refuses it
  for (const f of fields(buf)) {
    if (f.no === 1) value = { type: "null" };
    else if (f.no === 2) value = { type: "integer", value: BigInt.asIntN(64, zigzag(f.varint ?? 0n)).toString() };
    else if (f.no === 3) value = { type: "float", value: f.fixed64?.readDoubleLE(0) };
    else if (f.no === 4) value = { type: "text", value: text(f) };
    else if (f.no === 5) value = { type: "blob", base64: Buffer.from(f.bytes ?? []).toString("base64") };
  }
  return value;
}

function decodeStmt(buf: Uint8Array): Record<string, unknown> {
  const stmt: Record<string, unknown> & { args: unknown[]; named_args: unknown[] } = { args: [], named_args: [] };
  for (const f of fields(buf)) {
    if (f.no === 1) stmt["sql"] = text(f);
    else if (f.no === 2) stmt["sql_id"] = int32(f);
    else if (f.no === 3) stmt.args.push(decodeValue(sub(f)));
    else if (f.no === 4) {
      const arg: Record<string, unknown> = {};
      for (const g of fields(sub(f))) {
        if (g.no === 1) arg["name"] = text(g);
        else if (g.no === 2) arg["value"] = decodeValue(sub(g));
      }
      stmt.named_args.push(arg);
    } else if (f.no === 5) stmt["want_rows"] = f.varint !== 0n;
  }
  return stmt;
}

function decodeCond(buf: Uint8Array): unknown {
  let cond: unknown = undefined;
  const list = (b: Uint8Array) => [...fields(b)].filter((g) => g.no === 1).map((g) => decodeCond(sub(g)));
  for (const f of fields(buf)) {
    if (f.no === 1) cond = { type: "ok", step: uint32(f) };
    else if (f.no === 2) cond = { type: "error", step: uint32(f) };
    else if (f.no === 3) cond = { type: "not", cond: decodeCond(sub(f)) };
    else if (f.no === 4) cond = { type: "and", conds: list(sub(f)) };
    else if (f.no === 5) cond = { type: "or", conds: list(sub(f)) };
    else if (f.no === 6) cond = { type: "is_autocommit" };
  }
  return cond;
}

function decodeBatch(buf: Uint8Array): unknown {
  const steps: unknown[] = [];
  for (const f of fields(buf)) {
    if (f.no !== 1) continue;
    const step: Record<string, unknown> = {};
    for (const g of fields(sub(f))) {
      if (g.no === 1) step["condition"] = decodeCond(sub(g));
      else if (g.no === 2) step["stmt"] = decodeStmt(sub(g));
    }
    steps.push(step);
  }
  return { steps };
}

function sqlOf(buf: Uint8Array): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields(buf)) {
    if (f.no === 1) out["sql"] = text(f);
    else if (f.no === 2) out["sql_id"] = int32(f);
  }
  return out;
}

function decodeStreamRequest(buf: Uint8Array): unknown {
  let request: unknown = { type: "none" };
  for (const f of fields(buf)) {
    const inner = f.bytes ?? new Uint8Array();
    const first = (no: number) => [...fields(inner)].find((g) => g.no === no);
    if (f.no === 1) request = { type: "close" };
    else if (f.no === 2) request = { type: "execute", stmt: first(1) ? decodeStmt(sub(first(1)!)) : undefined };
    else if (f.no === 3) request = { type: "batch", batch: first(1) ? decodeBatch(sub(first(1)!)) : { steps: [] } };
    else if (f.no === 4) request = { type: "sequence", ...sqlOf(inner) };
    else if (f.no === 5) request = { type: "describe", ...sqlOf(inner) };
    else if (f.no === 6) request = { type: "store_sql", sql_id: first(1) ? int32(first(1)!) : 0, sql: first(2) ? text(first(2)!) : "" };
    else if (f.no === 7) request = { type: "close_sql", sql_id: first(1) ? int32(first(1)!) : 0 };
    else if (f.no === 8) request = { type: "get_autocommit" };
  }
  return request;
}

/** PipelineReqBody → the JSON-shaped body `pipelineBodySchema` reads. */
export function decodePipelineBody(buf: Uint8Array): unknown {
  const body: { baton: string | null; requests: unknown[] } = { baton: null, requests: [] };
  for (const f of fields(buf)) {
    if (f.no === 1) body.baton = text(f);
    else if (f.no === 2) body.requests.push(decodeStreamRequest(sub(f)));
  }
  return body;
}

/** CursorReqBody → the JSON-shaped body `cursorBodySchema` reads. */
export function decodeCursorBody(buf: Uint8Array): unknown {
  const body: { baton: string | null; batch: unknown } = { baton: null, batch: { steps: [] } };
  for (const f of fields(buf)) {
    if (f.no === 1) body.baton = text(f);
    else if (f.no === 2) body.batch = decodeBatch(sub(f));
  }
  return body;
}

// ---- writing ----

class Writer {
  private parts: Buffer[] = [];
  private tag(no: number, wire: number) {
    this.raw(varint(BigInt((no << 3) | wire)));
  }
  raw(b: Buffer) {
    this.parts.push(b);
    return this;
  }
  uint(no: number, v: bigint | number) {
    this.tag(no, 0);
    return this.raw(varint(BigInt.asUintN(64, BigInt(v))));
  }
  sint(no: number, v: bigint) {
    this.tag(no, 0);
    return this.raw(varint(BigInt.asUintN(64, (v << 1n) ^ (v >> 63n))));
  }
  bool(no: number, v: boolean) {
    return this.uint(no, v ? 1 : 0);
  }
  double(no: number, v: number) {
    this.tag(no, 1);
    const b = Buffer.alloc(8);
    b.writeDoubleLE(v, 0);
    return this.raw(b);
  }
  bytes(no: number, v: Uint8Array) {
    this.tag(no, 2);
    this.raw(varint(BigInt(v.length)));
    return this.raw(Buffer.from(v));
  }
  string(no: number, v: string) {
    return this.bytes(no, Buffer.from(v, "utf8"));
  }
  message(no: number, build: (w: Writer) => void) {
    const inner = new Writer();
    build(inner);
    return this.bytes(no, inner.done());
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function varint(v: bigint): Buffer {
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return Buffer.from(out);
}

function value(w: Writer, v: HranaValue) {
  if (v.type === "null") w.message(1, () => undefined);
  else if (v.type === "integer") w.sint(2, BigInt(v.value));
  else if (v.type === "float") w.double(3, v.value);
  else if (v.type === "text") w.string(4, v.value);
  else w.bytes(5, Buffer.from(v.base64, "base64"));
}

function error(w: Writer, e: HranaError) {
  w.string(1, e.message);
  if (e.code) w.string(2, e.code);
}

function col(w: Writer, c: { name: string | null; decltype: string | null }) {
  if (c.name !== null) w.string(1, c.name);
  if (c.decltype !== null) w.string(2, c.decltype);
}

function stmtResult(w: Writer, r: StmtResult) {
  for (const c of r.cols) w.message(1, (m) => col(m, c));
  for (const row of r.rows) w.message(2, (m) => row.forEach((v) => m.message(1, (x) => value(x, v))));
  w.uint(3, r.affected_row_count);
  if (r.last_insert_rowid !== null) w.sint(4, BigInt(r.last_insert_rowid));
}

function streamResponse(w: Writer, response: Record<string, unknown> & { type: string }) {
  const r: Record<string, unknown> = response;
  switch (response.type) {
    case "close":
      return w.message(1, () => undefined);
    case "execute":
      return w.message(2, (m) => m.message(1, (x) => stmtResult(x, r["result"] as StmtResult)));
    case "batch":
      return w.message(3, (m) =>
        m.message(1, (x) => {
          const result = r["result"] as { step_results: (StmtResult | null)[]; step_errors: (HranaError | null)[] };
          // map<uint32, StmtResult> and map<uint32, Error>: one entry per step that ran or failed.
          result.step_results.forEach((s, i) => {
            if (s) x.message(1, (e) => e.uint(1, i).message(2, (y) => stmtResult(y, s)));
          });
          result.step_errors.forEach((s, i) => {
            if (s) x.message(2, (e) => e.uint(1, i).message(2, (y) => error(y, s)));
          });
        }),
      );
    case "sequence":
      return w.message(4, () => undefined);
    case "describe":
      return w.message(5, (m) =>
        m.message(1, (x) => {
          const d = r["result"] as { params: { name: string | null }[]; cols: { name: string | null; decltype: string | null }[]; is_explain: boolean; is_readonly: boolean };
          d.params.forEach((p) =>
            x.message(1, (y) => {
              if (p.name !== null) y.string(1, p.name);
            }),
          );
          d.cols.forEach((c) => x.message(2, (y) => col(y, c)));
          x.bool(3, d.is_explain).bool(4, d.is_readonly);
        }),
      );
    case "store_sql":
      return w.message(6, () => undefined);
    case "close_sql":
      return w.message(7, () => undefined);
    case "get_autocommit":
      return w.message(8, (m) => m.bool(1, Boolean(r["is_autocommit"])));
  }
}

/** PipelineRespBody. */
export function encodePipelineResponse(body: { baton: string | null; base_url: string | null; results: StreamResult[] }): Buffer {
  const w = new Writer();
  if (body.baton !== null) w.string(1, body.baton);
  if (body.base_url !== null) w.string(2, body.base_url);
  for (const result of body.results) {
    w.message(3, (m) => (result.type === "ok" ? m.message(1, (x) => streamResponse(x, result.response)) : m.message(2, (x) => error(x, result.error))));
  }
  return w.done();
}

/** The cursor's answer: CursorRespBody, then each CursorEntry, each prefixed with its length. */
export function encodeCursorResponse(head: { baton: string | null; base_url: string | null }, entries: CursorEntry[]): Buffer {
  const delimited = (build: (w: Writer) => void) => {
    const w = new Writer();
    build(w);
    const bytes = w.done();
    return Buffer.concat([varint(BigInt(bytes.length)), bytes]);
  };
  const parts = [
    delimited((w) => {
      if (head.baton !== null) w.string(1, head.baton);
      if (head.base_url !== null) w.string(2, head.base_url);
    }),
  ];
  for (const entry of entries) {
    parts.push(
      delimited((w) => {
        if (entry.type === "step_begin")
          w.message(1, (m) => {
            m.uint(1, entry.step);
            entry.cols.forEach((c) => m.message(2, (x) => col(x, c)));
          });
        else if (entry.type === "step_end")
          w.message(2, (m) => {
            m.uint(1, entry.affected_row_count);
            if (entry.last_insert_rowid !== null) m.sint(2, BigInt(entry.last_insert_rowid));
          });
        else if (entry.type === "step_error") w.message(3, (m) => m.uint(1, entry.step).message(2, (x) => error(x, entry.error)));
        else if (entry.type === "row") w.message(4, (m) => entry.row.forEach((v) => m.message(1, (x) => value(x, v))));
        else w.message(5, (m) => error(m, entry.error));
      }),
    );
  }
  return Buffer.concat(parts);
}
