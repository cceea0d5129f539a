// A migrated drizzle database on a fresh libSQL file per test file, empty or with a small seeded company.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LOCAL_DEFAULTS } from "../../config/local-env";
import { migrateDatabase, openDatabase } from "../../db/node";
import { seedDatabase } from "../../db/seed";
import { eq } from "drizzle-orm";
import { orders } from "../../db/schema";
import type { Database } from "~/lib/db.server";

/** The clock the seeded test company was built at: pass it to createTestContext({ now }) for date-relative checks. */
export const SEED_NOW = new Date("2025-06-18T15:30:00.000Z");
export const SEED_TEST_ORDERS = 120;

export async function createTestDatabase(): Promise<Database> {
  const dir = mkdtempSync(join(tmpdir(), "riceops-"));
  const db = openDatabase("file:" + join(dir, "test.db"));
  await migrateDatabase(db);
  return db;
}

/** Same seed every time (the local pepper, so DOCUMENTED_PASSCODE logs in with the test env). */
export async function createSeededTestDatabase(opts: { orders?: number; now?: Date } = {}): Promise<Database> {
  const db = await createTestDatabase();
  await seedDatabase(db, { orders: opts.orders ?? SEED_TEST_ORDERS, now: opts.now ?? SEED_NOW, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
  return db;
}

/** Assigns an order to warehouse workers by their labels (the way an office user's edit would), for scope tests. */
export async function assignOrder(db: Database, orderId: number, labels: string[]) {
  await db.update(orders).set({ warehouseAssignment: labels }).where(eq(orders.id, orderId));
}
