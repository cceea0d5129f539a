// What a libSQL server (sqld, which Turso runs) refuses that a local SQLite file accepts, and a loopback proxy
// that applies those rules in front of the preview stand-in, so the deploy dry run fails where Turso would.
// The rules follow sqld's statement classifier (libsql-server/src/query_analysis.rs): a PRAGMA that sets a
// connection or file setting, ATTACH, VACUUM, ANALYZE and temporary objects are "unsupported statement" there.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** PRAGMAs sqld runs with an argument (`PRAGMA foreign_keys = ON`); any other PRAGMA may only be read. */
const PRAGMAS_WITH_ARGUMENT = new Set([
  "defer_foreign_keys", "foreign_keys", "foreign_key_list", "foreign_key_check", "collation_list", "data_version",
  "freelist_count", "integrity_check", "legacy_file_format", "page_count", "quick_check", "stats", "user_version",
  "table_list", "index_list", "table_info", "table_xinfo", "index_xinfo", "pragma_list", "compile_options",
  "database_list", "function_list", "module_list", "encoding",
]);

/** PRAGMAs sqld refuses even without an argument: they change the connection or the file. */
const PRAGMAS_NEVER = new Set(["optimize", "wal_checkpoint", "case_sensitive_like", "ignore_check_constraints", "incremental_vacuum", "parser_trace", "shrink_memory"]);

/** Why sqld would refuse this statement, or null when it runs there as it does on a file. */
export function sqldRefusal(sql: string): string | null {
  const text = sql.replace(/--[^\n]*\n?/g, " ").replace(/\/\*[\s\S]*?\*\//g, " ").trim();
  const pragma = /^PRAGMA\s+(?:["`]?\w+["`]?\.)?["`]?(\w+)["`]?\s*(=|\()?/i.exec(text);
  if (pragma) {
    const name = pragma[1]!.toLowerCase();
    const hasArgument = !!pragma[2];
    if (PRAGMAS_NEVER.has(name)) return `PRAGMA ${name} is an unsupported statement on sqld`;
    if (hasArgument && !PRAGMAS_WITH_ARGUMENT.has(name)) return `PRAGMA ${name} with an argument is an unsupported statement on sqld`;
    return null;
  }
  if (/^(ATTACH|DETACH|VACUUM|ANALYZE|REINDEX)\b/i.test(text)) return `${text.split(/\s/)[0]!.toUpperCase()} is an unsupported statement on sqld`;
  if (/^CREATE\s+(TEMP|TEMPORARY)\b/i.test(text)) return "temporary objects are bound to a connection and refused by sqld";
  return null;
}

type HranaStmt = { sql?: string };
type HranaRequest = { type: string; stmt?: HranaStmt; batch?: { steps: { stmt: HranaStmt }[] }; sql?: string };

/** Every SQL text in a Hrana v2/v3 JSON pipeline body (execute, batch steps, sequence, store_sql). */
export function pipelineStatements(body: unknown): string[] {
  const requests = (body as { requests?: HranaRequest[] } | null)?.requests ?? [];
  return requests.flatMap((r) => {
    if (r.type === "execute") return r.stmt?.sql ? [r.stmt.sql] : [];
    if (r.type === "batch") return (r.batch?.steps ?? []).flatMap((s) => (s.stmt?.sql ? [s.stmt.sql] : []));
    // A sequence runs several statements; split on `;` (a trigger body splits too, but its pieces never start
    // with a word sqld refuses, so the check stays right).
    if (r.type === "sequence") return r.sql ? r.sql.split(";").map((s) => s.trim()).filter(Boolean) : [];
    if (r.type === "store_sql") return r.sql ? [r.sql] : [];
    return [];
  });
}

export type SqldRulesProxy = { url: string; refused: string[]; statements: number; close(): Promise<void> };

/**
 * A loopback proxy to a libSQL HTTP server that refuses, as sqld does, any pipeline carrying a statement
 * sqld would not run (HTTP 400 naming it), and forwards everything else unchanged.
 */
export async function startSqldRulesProxy(target: string): Promise<SqldRulesProxy> {
  const upstream = new URL(target);
  const state = { refused: [] as string[], statements: 0 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.method === "POST" && /\/pipeline$/.test(req.url ?? "")) {
        let statements: string[] = [];
        try {
          statements = pipelineStatements(JSON.parse(body.toString("utf8")));
        } catch {
          statements = []; // not JSON (a protobuf probe): the server answers it
        }
        state.statements += statements.length;
        const refusal = statements.map((sql) => [sql, sqldRefusal(sql)] as const).find(([, why]) => why);
        if (refusal) {
          state.refused.push(`${refusal[1]}: ${refusal[0].trim().slice(0, 120)}`);
          res.writeHead(400, { "content-type": "text/plain" }).end(`SQL_PARSE_ERROR: unsupported statement: ${refusal[0].trim().slice(0, 200)}`);
          return;
        }
      }
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on("error", (error) => res.writeHead(502).end(String(error)));
      forward.end(body);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get refused() {
      return state.refused;
    },
    get statements() {
      return state.statements;
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections(); // the client keeps its connection alive
      }),
  };
}
