// Logical backups of the libSQL database as plain SQL, and the restore drill (docs/backup-and-restore.md).
//   npx tsx scripts/backup.ts dump --out backup.sql           DATABASE_URL (file:, http://, libsql://) → SQL file
//   npx tsx scripts/backup.ts restore --from backup.sql --to file:.data/restored.db   into a new, empty file
//   npx tsx scripts/backup.ts verify --a <url> --b <url>       same tables, same row counts, integrity ok
//   npx tsx scripts/backup.ts drill [--source .data/app.db]    the whole loop on this machine, through the
//                                                               local libSQL HTTP server (the protocol Turso speaks)
// The dump reads over whatever protocol the URL names, so `dump` against Turso is the same code the drill runs
// against the stand-in. Its SQL is what `turso db shell <db> < backup.sql` or `turso db create --from-dump` loads.
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createClient, type Client, type InValue } from "@libsql/client/node";

/** Tables FTS5 keeps for a virtual table (`<name>_data`, `_idx`, `_content`, `_docsize`, `_config`): rebuilt, not copied. */
function shadowOf(virtualTables: string[], name: string) {
  return virtualTables.some((v) => name.startsWith(`${v}_`));
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NULL";
    if (!Number.isFinite(value)) return value > 0 ? "9e999" : "-9e999";
    return Number.isInteger(value) ? `${value}.0` : String(value); // a REAL stays REAL
  }
  if (typeof value === "string") return `'${value.replace(/'/g, "''")}'`;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return `X'${Buffer.from(bytes).toString("hex")}'`;
  }
  throw new Error(`cannot write a ${typeof value} as SQL`);
}

async function schemaOf(client: Client) {
  const rows = (await client.execute("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid")).rows;
  const entries = rows.map((r) => ({ type: String(r.type), name: String(r.name), sql: String(r.sql) }));
  const virtual = entries.filter((e) => e.type === "table" && /^CREATE VIRTUAL TABLE/i.test(e.sql)).map((e) => e.name);
  const tables = entries.filter((e) => e.type === "table" && !shadowOf(virtual, e.name));
  return { entries, tables, virtual };
}

/** Writes the whole database as SQL: tables, rows (in rowid pages), the AUTOINCREMENT counters, then indexes and triggers. */
export async function dumpDatabase(client: Client, outFile: string) {
  const out = createWriteStream(outFile);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  const { entries, tables } = await schemaOf(client);
  const counts: Record<string, number> = {};
  await write(`-- rice-ops logical backup ${new Date().toISOString()}\nPRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n`);
  for (const t of tables) await write(`${t.sql};\n`);
  for (const t of tables) {
    counts[t.name] = 0;
    let last: unknown = null;
    for (;;) {
      const page = await client.execute({
        sql: `SELECT rowid AS "__rowid", * FROM ${quoteId(t.name)} ${last === null ? "" : 'WHERE rowid > ?'} ORDER BY rowid LIMIT 2000`,
        args: last === null ? [] : [last as InValue],
      });
      if (!page.rows.length) break;
      const columns = page.columns.slice(1);
      // FTS5 rows keep their rowid: the search tables point at their order, return or application by it.
      const isVirtual = /^CREATE VIRTUAL TABLE/i.test(t.sql);
      const names = [...(isVirtual ? ["rowid"] : []), ...columns].map(quoteId).join(", ");
      for (const row of page.rows) {
        const values = [...(isVirtual ? [row[0]] : []), ...columns.map((_, i) => row[i + 1])].map(literal).join(", ");
        await write(`INSERT INTO ${quoteId(t.name)} (${names}) VALUES (${values});\n`);
      }
      counts[t.name] += page.rows.length;
      last = page.rows[page.rows.length - 1]![0];
    }
  }
  const sequence = await client.execute("SELECT name, seq FROM sqlite_sequence").catch(() => null);
  if (sequence?.rows.length) {
    await write("DELETE FROM sqlite_sequence;\n");
    for (const r of sequence.rows) await write(`INSERT INTO sqlite_sequence (name, seq) VALUES (${literal(r.name)}, ${literal(r.seq)});\n`);
  }
  // Indexes and triggers last: the rows go in once, and no trigger copies them into a search table twice.
  for (const e of entries) if (e.type === "index" || e.type === "trigger" || e.type === "view") await write(`${e.sql};\n`);
  await write("COMMIT;\n");
  out.end();
  await once(out, "finish");
  return counts;
}

/** Loads a dump into a new, empty database file (Turso loads the same file with `turso db shell <db> < dump`). */
export async function restoreDatabase(dumpFile: string, target: string) {
  if (!target.startsWith("file:")) throw new Error("restore writes a new file: database; for Turso use `turso db create <name> --from-dump <file>`");
  if (existsSync(target.slice(5))) throw new Error(`${target} already exists: restore only ever writes a new database`);
  const client = createClient({ url: target });
  try {
    await client.executeMultiple(readFileSync(dumpFile, "utf8"));
  } finally {
    client.close();
  }
}

export type Comparison = { table: string; a: number; b: number }[];

/** Row counts of every table (search tables included), and each side's integrity and foreign-key checks. */
export async function compareDatabases(a: Client, b: Client) {
  const counts = async (client: Client) => {
    const { tables } = await schemaOf(client);
    const out = new Map<string, number>();
    for (const t of tables) out.set(t.name, Number((await client.execute(`SELECT count(*) AS n FROM ${quoteId(t.name)}`)).rows[0]!.n));
    return out;
  };
  const [left, right] = await Promise.all([counts(a), counts(b)]);
  const names = [...new Set([...left.keys(), ...right.keys()])].sort();
  const rows: Comparison = names.map((table) => ({ table, a: left.get(table) ?? -1, b: right.get(table) ?? -1 }));
  const integrity = String((await b.execute("PRAGMA integrity_check")).rows[0]![0]);
  const foreignKeys = (await b.execute("PRAGMA foreign_key_check")).rows.length;
  return { rows, differ: rows.filter((r) => r.a !== r.b), integrity, foreignKeys };
}

async function drill(source: string | undefined) {
  const { startLibsqlStandin } = await import("../stand-ins/libsql-http");
  const dir = mkdtempSync(join(tmpdir(), "rice-ops-drill-"));
  try {
    // A copy, so the drill never holds a lock on the dev database while it runs.
    const file = join(dir, "source.db");
    if (source && existsSync(source)) {
      // VACUUM INTO: a consistent snapshot even while the dev server writes to the file.
      const live = createClient({ url: `file:${resolve(source)}` });
      await live.execute({ sql: "VACUUM INTO ?", args: [file] });
      live.close();
      console.log(`source: a snapshot of ${source}`);
    } else {
      const { openDatabase, migrateDatabase } = await import("../db/node");
      const { seedDatabase } = await import("../db/seed");
      const db = openDatabase(`file:${file}`);
      await migrateDatabase(db);
      const { LOCAL_DEFAULTS } = await import("../config/local-env");
      await seedDatabase(db, { orders: 200, now: new Date(), pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
      console.log("source: a freshly seeded database (no --source file)");
    }
    const server = await startLibsqlStandin({ file, port: 0, host: "127.0.0.1" });
    const remote = createClient({ url: server.url, intMode: "bigint" });
    try {
      const dumpFile = join(dir, "backup.sql");
      const started = Date.now();
      const dumped = await dumpDatabase(remote, dumpFile);
      const rows = Object.values(dumped).reduce((n, c) => n + c, 0);
      console.log(`1. dumped through libSQL's HTTP protocol (${server.url}): ${Object.keys(dumped).length} tables, ${rows} rows in ${Date.now() - started} ms`);
      const target = `file:${join(dir, "restored.db")}`;
      await restoreDatabase(dumpFile, target);
      console.log(`2. restored into a new file: ${target.slice(5)}`);
      const restored = createClient({ url: target });
      try {
        const result = await compareDatabases(remote, restored);
        for (const r of result.rows.filter((x) => x.a > 0)) console.log(`   ${r.table.padEnd(32)} ${String(r.a).padStart(7)} → ${String(r.b).padStart(7)}`);
        // The search tables came over as rows: the restored one must find what the live one finds.
        const [sample] = (await remote.execute("SELECT order_number FROM orders ORDER BY id LIMIT 1")).rows;
        const search = { sql: "SELECT count(*) FROM _orders_search WHERE _orders_search MATCH ?", args: [`"${String(sample?.[0] ?? "none").replace(/"/g, "")}"`] };
        const [before, after] = await Promise.all([remote.execute(search), restored.execute(search)]);
        const searchOk = Number(before.rows[0]![0]) === Number(after.rows[0]![0]);
        console.log(`3. verified: ${result.rows.length - result.differ.length}/${result.rows.length} tables with equal counts, integrity ${result.integrity}, ${result.foreignKeys} foreign-key problems, order search ${searchOk ? "answers the same" : "DIFFERS"}`);
        if (result.differ.length || result.integrity !== "ok" || result.foreignKeys || !searchOk) {
          for (const d of result.differ) console.error(`   differs: ${d.table} ${d.a} → ${d.b}`);
          return false;
        }
        return true;
      } finally {
        restored.close();
      }
    } finally {
      remote.close();
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: { out: { type: "string" }, from: { type: "string" }, to: { type: "string" }, a: { type: "string" }, b: { type: "string" }, source: { type: "string" } },
    strict: true,
  });
  if (command === "dump") {
    if (!values.out) throw new Error("dump needs --out <file.sql>");
    const url = process.env.DATABASE_URL ?? "file:.data/app.db";
    const client = createClient({ url, authToken: process.env.DATABASE_AUTH_TOKEN, intMode: "bigint" });
    const counts = await dumpDatabase(client, values.out);
    client.close();
    console.log(`dumped ${url.split("?")[0]} → ${values.out}: ${Object.keys(counts).length} tables, ${Object.values(counts).reduce((n, c) => n + c, 0)} rows`);
  } else if (command === "restore") {
    if (!values.from || !values.to) throw new Error("restore needs --from <file.sql> --to file:<new.db>");
    await restoreDatabase(values.from, values.to);
    console.log(`restored ${values.from} → ${values.to}`);
  } else if (command === "verify") {
    if (!values.a || !values.b) throw new Error("verify needs --a <url> --b <url>");
    const token = process.env.DATABASE_AUTH_TOKEN;
    const [a, b] = [createClient({ url: values.a, authToken: token }), createClient({ url: values.b, authToken: token })];
    const result = await compareDatabases(a, b);
    for (const r of result.rows) console.log(`${r.a === r.b ? "  " : "≠ "}${r.table.padEnd(32)} ${r.a} → ${r.b}`);
    console.log(`integrity ${result.integrity}, ${result.foreignKeys} foreign-key problems`);
    if (result.differ.length || result.integrity !== "ok" || result.foreignKeys) process.exitCode = 1;
  } else if (command === "drill") {
    // An empty .data/app.db (a dev server that never got to migrate) is no source: the drill seeds its own.
    const localHasData = existsSync(".data/app.db") && statSync(".data/app.db").size > 0;
    const passed = await drill(values.source ?? (localHasData ? ".data/app.db" : undefined));
    console.log(passed ? "restore drill passed" : "restore drill FAILED");
    if (!passed) process.exitCode = 1;
  } else {
    console.error("usage: npx tsx scripts/backup.ts dump|restore|verify|drill (see the file's header)");
    process.exitCode = 2;
  }
}

if (process.argv[1]?.endsWith("scripts/backup.ts")) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
