// `npm run bench`: every benchmark, printing figures (never asserted: these machines are shared and noisy).
// Run one alone with `npx tsx bench/<name>.ts`. BENCH_ONLY=orders,pdf,room,bundle,shell,tasks,trips,phone,load,scan,export picks some.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDatabase } from "../db/seed";
import { migrateDatabase, openDatabase } from "../db/node";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { loader as me } from "../app/routes/api.me";
import { createTestContext, request, staffCookie } from "../tests/support/context";
import { benchBundles } from "./bundle";
import { measure, printFigures } from "./measure";
import { benchOrders } from "./orders";
import { benchPickListPdf } from "./picklist-pdf";
import { benchRoomFanout } from "./room-fanout";
import { benchQuickBooks } from "./quickbooks";
import { benchReturns } from "./returns";
import { benchTasks } from "./tasks";
import { benchRoundTrips } from "./round-trips";
import { benchPhone } from "./phone";
import { benchDelivery } from "./delivery";
import { benchLoad } from "./load";
import { benchScan } from "./scan";
import { benchExport } from "./export";

const only = (process.env.BENCH_ONLY ?? "shell,orders,tasks,returns,pdf,room,bundle,trips,phone,load,delivery,scan,export").split(",");

async function benchShell() {
  const db = openDatabase(`file:${join(mkdtempSync(join(tmpdir(), "riceops-bench-")), "bench.db")}`);
  await migrateDatabase(db);
  await seedDatabase(db, { orders: 2_000, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
  const ctx = createTestContext(db);
  const cookie = await staffCookie(ctx.app, "logistics@goldengrain.test");
  printFigures([
    await measure("GET /api/me (session + role + grants)", 500, () => me({ request: request("/api/me", { cookie }), context: ctx, params: {} })),
  ]);
}

const benches: [string, () => Promise<void>][] = [
  ["shell", benchShell],
  ["orders", benchOrders],
  ["tasks", benchTasks],
  ["qbo", benchQuickBooks],
  ["returns", benchReturns],
  ["pdf", benchPickListPdf],
  ["room", () => benchRoomFanout()],
  ["bundle", benchBundles],
  ["trips", benchRoundTrips],
  ["phone", benchPhone],
  ["delivery", benchDelivery],
  ["load", benchLoad],
  ["scan", benchScan],
  ["export", benchExport],
];

for (const [name, run] of benches) {
  if (!only.includes(name)) continue;
  console.log(`\n=== ${name}`);
  await run();
}
process.exit(0);
