// Node-only opening of the embedded libSQL file (dev server, scripts, tests, bench). Never bundled into
// the Worker: only vite.config's dev context, scripts and tests import it.
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client/node";
import { migrate } from "drizzle-orm/libsql/migrator";
import { BACKGROUND_DATABASE_TIMEOUT_MS, DATABASE_TIMEOUT_MS, databaseFromClient, openRemoteDatabase, type Database } from "../app/lib/db.server";

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

/** Chooses the client by URL: file: → the Node client on an embedded file, anything else → web client. */
export function openDatabase(url: string, authToken?: string): Database {
  // Scripts (migrations, a large seed) send big batches: the longer background bound, still never forever.
  if (!url.startsWith("file:")) return openRemoteDatabase(url, authToken, { timeoutMs: BACKGROUND_DATABASE_TIMEOUT_MS });
  const path = url.slice("file:".length);
  if (path && path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  // A write waiting on another connection's lock gives up after the same bound as a remote round trip
  // (SQLITE_BUSY, answered as 503) instead of failing at once or waiting forever.
  const client = createClient({ url, timeout: DATABASE_TIMEOUT_MS });
  return databaseFromClient(client);
}

/**
 * `remote`: a libSQL server (Turso in production, the preview stand-in) owns its journal, locking and
 * statistics, and sqld refuses those PRAGMAs outright ("unsupported statement"): only the migrations go there.
 */
export async function migrateDatabase(db: Database, { remote = false }: { remote?: boolean } = {}) {
  await db.run("PRAGMA foreign_keys = ON");
  if (!remote) {
    await db.run("PRAGMA journal_mode = WAL");
    await db.run("PRAGMA busy_timeout = 5000");
  }
  await migrate(db, { migrationsFolder });
  // Planner statistics for the order indexes (cheap: SQLite analyzes only what changed a lot).
  if (!remote) await db.run("PRAGMA optimize");
}
