// `npm run bench`: server handler times on a seeded libSQL file, printed as figures (never asserted:
// these machines are shared and noisy). BENCH_ORDERS sets the seed size (default 20,000).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDatabase } from "../db/seed";
import { migrateDatabase, openDatabase } from "../db/node";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { loader as me } from "../app/routes/api.me";
import { createTestContext, request, staffCookie } from "../tests/support/context";
import { measure, printFigures } from "./measure";

const orders = Number(process.env.BENCH_ORDERS ?? 20_000);
const db = openDatabase(`file:${join(mkdtempSync(join(tmpdir(), "riceops-bench-")), "bench.db")}`);
await migrateDatabase(db);
const seedStart = performance.now();
await seedDatabase(db, { orders, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
console.log(`seeded ${orders} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

const ctx = createTestContext(db);
const cookie = await staffCookie(ctx.app, "logistics@goldengrain.test");

const rows = [
  await measure("GET /api/me (session + role + grants)", 500, () => me({ request: request("/api/me", { cookie }), context: ctx, params: {} })),
];
printFigures(rows);
