// A migrated drizzle database on a fresh libSQL file per test file.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "../../db/node";

export async function createTestDatabase() {
  const dir = mkdtempSync(join(tmpdir(), "riceops-"));
  const db = openDatabase("file:" + join(dir, "test.db"));
  await migrateDatabase(db);
  return db;
}
