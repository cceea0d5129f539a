// The subset of QuickBooks Online's query language the stand-in understands: SELECT * | fields | COUNT(*)
// FROM entity [WHERE a op b AND ...] [ORDERBY f [ASC|DESC], ...] [STARTPOSITION n] [MAXRESULTS n].
// Strings are single-quoted with backslash escapes, matching is case-insensitive, as in QBO.

export type Scalar = string | number | boolean;
export type Condition = { field: string; op: "=" | "!=" | "<" | ">" | "<=" | ">=" | "like" | "in"; values: Scalar[] };
export type QboQuery = {
  entity: string;
  count: boolean;
  fields: string[] | null;
  where: Condition[];
  orderBy: { field: string; desc: boolean }[];
  startPosition: number;
  maxResults: number;
};

export class QboQueryError extends Error {}

type Token = { kind: "word" | "string" | "number" | "symbol"; text: string; value: Scalar; at: number };

const DEFAULT_MAX_RESULTS = 100;
const LIMIT_MAX_RESULTS = 1000;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'") {
      const at = i++;
      let text = "";
      while (i < input.length && input[i] !== "'") {
        if (input[i] === "\\" && i + 1 < input.length) i++;
        text += input[i++];
      }
      if (i >= input.length) throw new QboQueryError(`QueryParserError: Encountered unterminated string at column ${at + 1}`);
      i++;
      tokens.push({ kind: "string", text, value: text, at });
    } else if (/[0-9]/.test(c) || (c === "-" && /[0-9]/.test(input[i + 1] ?? ""))) {
      const at = i;
      const match = /^-?\d+(\.\d+)?/.exec(input.slice(i));
      if (!match) throw new QboQueryError(`QueryParserError: Encountered "${c}" at column ${at + 1}`);
      i += match[0].length;
      tokens.push({ kind: "number", text: match[0], value: Number(match[0]), at });
    } else if (/[A-Za-z_*]/.test(c)) {
      const at = i;
      const match = /^(\*|[A-Za-z_][A-Za-z0-9_.]*)/.exec(input.slice(i)) as RegExpExecArray;
      i += match[0].length;
      tokens.push({ kind: "word", text: match[0], value: match[0], at });
    } else {
      const at = i;
      const two = input.slice(i, i + 2);
      const symbol = ["!=", "<=", ">=", "<>"].includes(two) ? two : c;
      if (!["=", "!=", "<>", "<", ">", "<=", ">=", "(", ")", ","].includes(symbol)) {
        throw new QboQueryError(`QueryParserError: Encountered "${symbol}" at column ${at + 1}`);
      }
      i += symbol.length;
      tokens.push({ kind: "symbol", text: symbol === "<>" ? "!=" : symbol, value: symbol, at });
    }
  }
  return tokens;
}

export function parseQboQuery(input: string): QboQuery {
  const tokens = tokenize(input);
  let pos = 0;
  const peek = () => tokens[pos];
  const isWord = (word: string) => peek()?.kind === "word" && peek().text.toLowerCase() === word;
  const fail = (expected: string): never => {
    const t = peek();
    throw new QboQueryError(
      t ? `QueryParserError: Encountered "${t.text}" at column ${t.at + 1}, expected ${expected}` : `QueryParserError: Encountered <EOF>, expected ${expected}`,
    );
  };
  const expectWord = (word: string) => (isWord(word) ? pos++ : fail(word.toUpperCase()));
  const expectSymbol = (s: string) => (peek()?.kind === "symbol" && peek().text === s ? pos++ : fail(`"${s}"`));
  const identifier = (): string => (peek()?.kind === "word" && peek().text !== "*" ? tokens[pos++].text : fail("a field name"));
  const literal = (): Scalar => {
    const t = peek();
    if (t?.kind === "string" || t?.kind === "number") return tokens[pos++].value;
    if (isWord("true") || isWord("false")) return tokens[pos++].text.toLowerCase() === "true";
    return fail("a value");
  };
  const integer = (): number => {
    const t = peek();
    if (t?.kind !== "number" || !Number.isInteger(t.value) || (t.value as number) < 0) fail("a whole number");
    return tokens[pos++].value as number;
  };

  expectWord("select");
  let count = false;
  let fields: string[] | null = null;
  if (peek()?.text === "*") {
    pos++;
  } else if (isWord("count")) {
    pos++;
    expectSymbol("(");
    if (peek()?.text !== "*") fail("*");
    pos++;
    expectSymbol(")");
    count = true;
  } else {
    fields = [identifier()];
    while (peek()?.text === ",") {
      pos++;
      fields.push(identifier());
    }
  }
  expectWord("from");
  const entity = identifier();

  const where: Condition[] = [];
  if (isWord("where")) {
    pos++;
    for (;;) {
      const field = identifier();
      if (isWord("like")) {
        pos++;
        where.push({ field, op: "like", values: [literal()] });
      } else if (isWord("in")) {
        pos++;
        expectSymbol("(");
        const values = [literal()];
        while (peek()?.text === ",") {
          pos++;
          values.push(literal());
        }
        expectSymbol(")");
        where.push({ field, op: "in", values });
      } else if (peek()?.kind === "symbol" && ["=", "!=", "<", ">", "<=", ">="].includes(peek().text)) {
        const op = tokens[pos++].text as Condition["op"];
        where.push({ field, op, values: [literal()] });
      } else {
        fail("an operator (=, <, >, <=, >=, !=, LIKE, IN)");
      }
      if (!isWord("and")) break;
      pos++;
    }
  }

  const orderBy: QboQuery["orderBy"] = [];
  if (isWord("orderby") || isWord("order")) {
    if (isWord("order")) {
      pos++;
      expectWord("by");
    } else pos++;
    for (;;) {
      const field = identifier();
      let desc = false;
      if (isWord("asc") || isWord("desc")) desc = tokens[pos++].text.toLowerCase() === "desc";
      orderBy.push({ field, desc });
      if (peek()?.text !== ",") break;
      pos++;
    }
  }

  let startPosition = 1;
  let maxResults = DEFAULT_MAX_RESULTS;
  while (isWord("startposition") || isWord("maxresults")) {
    const clause = tokens[pos++].text.toLowerCase();
    const n = integer();
    if (clause === "startposition") startPosition = Math.max(1, n);
    else maxResults = Math.min(n, LIMIT_MAX_RESULTS);
  }
  if (pos < tokens.length) fail("end of query");
  return { entity, count, fields, where, orderBy, startPosition, maxResults };
}

/** Reads `BillAddr.City`-style paths, ignoring case the way QBO does for field names. */
export function fieldValue(row: Record<string, unknown>, path: string): unknown {
  let current: unknown = row;
  for (const part of path.split(".")) {
    if (!current || typeof current !== "object") return undefined;
    const key = Object.keys(current).find((k) => k.toLowerCase() === part.toLowerCase());
    current = key === undefined ? undefined : (current as Record<string, unknown>)[key];
  }
  return current;
}

function likeToRegExp(pattern: string): RegExp {
  const body = pattern
    .split("%")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`, "is");
}

function compare(a: unknown, b: Scalar): number {
  if (typeof a === "number" || typeof b === "number") return Number(a) - Number(b);
  if (typeof a === "boolean" || typeof b === "boolean") return String(a) === String(b) ? 0 : 1;
  return String(a ?? "").localeCompare(String(b), "en", { sensitivity: "base" });
}

function matches(row: Record<string, unknown>, cond: Condition): boolean {
  const value = fieldValue(row, cond.field);
  switch (cond.op) {
    case "like":
      return value !== undefined && likeToRegExp(String(cond.values[0])).test(String(value));
    case "in":
      return cond.values.some((v) => value !== undefined && compare(value, v) === 0);
    case "=":
      return value !== undefined && compare(value, cond.values[0]) === 0;
    case "!=":
      return value === undefined || compare(value, cond.values[0]) !== 0;
    case "<":
      return value !== undefined && compare(value, cond.values[0]) < 0;
    case ">":
      return value !== undefined && compare(value, cond.values[0]) > 0;
    case "<=":
      return value !== undefined && compare(value, cond.values[0]) <= 0;
    case ">=":
      return value !== undefined && compare(value, cond.values[0]) >= 0;
  }
}

/** Filters, orders and pages rows; `total` is the match count before paging (for COUNT(*)). */
export function runQboQuery<T extends Record<string, unknown>>(rows: T[], query: QboQuery): { rows: Partial<T>[]; total: number } {
  const found = rows.filter((row) => query.where.every((cond) => matches(row, cond)));
  if (query.orderBy.length) {
    found.sort((a, b) => {
      for (const { field, desc } of query.orderBy) {
        const left = fieldValue(a, field);
        const right = fieldValue(b, field);
        const order = typeof left === "number" && typeof right === "number" ? left - right : String(left ?? "").localeCompare(String(right ?? ""), "en", { sensitivity: "base" });
        if (order !== 0) return desc ? -order : order;
      }
      return 0;
    });
  }
  const page = found.slice(query.startPosition - 1, query.startPosition - 1 + query.maxResults);
  const projected = query.fields
    ? page.map((row) => {
        // QBO always returns the identity and bookkeeping fields next to the selected ones.
        const out: Record<string, unknown> = { Id: row.Id, SyncToken: row.SyncToken, domain: row.domain, sparse: true };
        for (const f of query.fields ?? []) {
          const key = Object.keys(row).find((k) => k.toLowerCase() === f.split(".")[0].toLowerCase());
          if (key) out[key] = row[key];
        }
        return out as Partial<T>;
      })
    : page;
  return { rows: projected, total: found.length };
}
