// What the libSQL stand-in needs to know about an SQL text before running it, as sqld learns it from its parser:
// how many statements it holds, its parameters by index (for sqld's binding rules and `describe`), and whether it
// is an EXPLAIN, an INSERT or a write whose row count is reported. A tokenizer after SQLite's own (strings, quoted
// names, comments, blob literals, `?NNN`, `:name`, `@name`, `$name`), not a parser: the database judges the rest.

export type SqlShape = {
  /** Statements in the text (empty ones between semicolons do not count). */
  statements: number;
  /** Parameter i+1's name as SQLite reports it (`:a`, `?3`), or null for a bare `?` or an index never named. */
  params: (string | null)[];
  isExplain: boolean;
  /** INSERT or REPLACE (also after a WITH clause): sqld reports its last_insert_rowid. */
  isInsert: boolean;
  /** INSERT, REPLACE, UPDATE or DELETE: sqld reports its affected_row_count, 0 for anything else. */
  isWrite: boolean;
};

type Token = { kind: "word"; text: string; depth: number } | { kind: "param"; text: string } | { kind: "semi"; at: number } | { kind: "other" };

const isWordStart = (c: string) => /[A-Za-z_]/.test(c) || c > "\u007f";
const isWordChar = (c: string) => /[A-Za-z0-9_$]/.test(c) || c > "\u007f";

function* tokens(sql: string): Generator<Token> {
  let i = 0;
  let depth = 0;
  const n = sql.length;
  const skipQuoted = (close: string) => {
    // `''`, `""` and "``" escape their quote by doubling it; `[...]` has no escape.
    for (i += 1; i < n; i += 1) {
      if (sql[i] !== close) continue;
      if (close !== "]" && sql[i + 1] === close) i += 1;
      else break;
    }
    i += 1;
  };
  while (i < n) {
    const c = sql[i]!;
    if (/\s/.test(c)) i += 1;
    else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? n : end + 1;
    } else if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"' || c === "`" || c === "[") {
      skipQuoted(c === "[" ? "]" : c);
      yield { kind: "other" };
    } else if (c === ";") {
      i += 1;
      yield { kind: "semi", at: i - 1 };
    } else if (c === "(" || c === ")") {
      depth += c === "(" ? 1 : -1;
      i += 1;
      yield { kind: "other" };
    } else if (c === "?") {
      let j = i + 1;
      while (j < n && /[0-9]/.test(sql[j]!)) j += 1;
      yield { kind: "param", text: sql.slice(i, j) };
      i = j;
    } else if ((c === ":" || c === "@" || c === "$") && i + 1 < n && (isWordChar(sql[i + 1]!) || (c === "$" && sql[i + 1] === ":"))) {
      let j = i + 1;
      for (;;) {
        if (j < n && isWordChar(sql[j]!)) j += 1;
        // Tcl-style `$a::b(c)` names, which SQLite also accepts.
        else if (c === "$" && sql[j] === ":" && sql[j + 1] === ":") j += 2;
        else if (c === "$" && sql[j] === "(") {
          const end = sql.indexOf(")", j);
          j = end < 0 ? n : end + 1;
          break;
        } else break;
      }
      yield { kind: "param", text: sql.slice(i, j) };
      i = j;
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(sql[i + 1] ?? ""))) {
      let j = i + 1;
      while (j < n && (/[0-9A-Za-z_.]/.test(sql[j]!) || (/[+-]/.test(sql[j]!) && /[eE]/.test(sql[j - 1]!)))) j += 1;
      i = j;
      yield { kind: "other" };
    } else if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordChar(sql[j]!)) j += 1;
      const text = sql.slice(i, j).toUpperCase();
      i = j;
      // x'00ff' is one blob literal, not the name x and a string.
      if (text === "X" && sql[i] === "'") skipQuoted("'");
      yield { kind: "word", text, depth };
    } else {
      i += 1;
      yield { kind: "other" };
    }
  }
}

const VERBS = new Set(["SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "VALUES"]);

export function sqlShape(sql: string): SqlShape {
  return analyse(sql).shape;
}

/** The statements of a text, each with its own text, in order (what `sequence` runs one by one). */
export function splitStatements(sql: string): string[] {
  return analyse(sql).texts;
}

function analyse(sql: string): { shape: SqlShape; texts: string[] } {
  const texts: string[] = [];
  let from = 0;
  const params: (string | null)[] = [];
  const named = new Map<string, number>();
  let statements = 0;
  let current: string[] = []; // the words of the statement being read (for CREATE TRIGGER … END)
  let inStatement = false;
  let cases = 0; // open CASE expressions, whose END is not a trigger's
  let triggerEnded = false;
  let first: { word?: string; verb?: string } = {};

  const endStatement = (to: number) => {
    if (inStatement) {
      statements += 1;
      texts.push(sql.slice(from, to));
    }
    from = to + 1;
    inStatement = false;
    current = [];
    cases = 0;
  };
  for (const token of tokens(sql)) {
    if (token.kind === "semi") {
      // A trigger's body holds statements of its own: only the END of its BEGIN (not a CASE's), right before
      // the semicolon, closes CREATE TRIGGER.
      const trigger = current[0] === "CREATE" && (current[1] === "TRIGGER" || (/^TEMP(ORARY)?$/.test(current[1] ?? "") && current[2] === "TRIGGER"));
      if (!trigger || triggerEnded) endStatement(token.at);
      continue;
    }
    inStatement = true;
    triggerEnded = false;
    if (token.kind === "word") {
      current.push(token.text);
      if (token.text === "CASE") cases += 1;
      else if (token.text === "END" && cases > 0) cases -= 1;
      else if (token.text === "END") triggerEnded = true;
      if (statements === 0) {
        first.word ??= token.text;
        if (!first.verb && token.depth === 0 && VERBS.has(token.text) && (first.word === token.text || first.word === "WITH")) first.verb = token.text;
      }
    } else if (token.kind === "param") {
      const text = token.text;
      if (text === "?") {
        params.push(null);
      } else if (/^\?\d+$/.test(text)) {
        const index = Number(text.slice(1));
        while (params.length < index) params.push(null);
        params[index - 1] ??= text;
      } else if (!named.has(text)) {
        params.push(text);
        named.set(text, params.length);
      }
    }
  }
  endStatement(sql.length);
  first = first.word === "EXPLAIN" ? { word: "EXPLAIN" } : first;
  const verb = first.verb;
  const shape = {
    statements,
    params,
    isExplain: first.word === "EXPLAIN",
    isInsert: verb === "INSERT" || verb === "REPLACE",
    isWrite: verb === "INSERT" || verb === "REPLACE" || verb === "UPDATE" || verb === "DELETE",
  };
  return { shape, texts };
}
