// `npm run bench`: every benchmark, printing figures (never asserted: these machines are shared and noisy).
// Run one alone with `npx tsx bench/<name>.ts`. BENCH_ONLY=shell,orders,tasks,qbo,returns,pdf,room,bundle,trips,phone,
// lighthouse,offline,replay,load,delivery,scan,export picks some (qbo runs only when named). It first builds the app when build/
// is missing or older than its sources (BENCH_BUILD=1: always, BENCH_NO_BUILD=1: never), then runs each section
// even when an earlier one failed, prints a table of sections (ok or failed, seconds), and exits 1 at the end
// when any failed. The machine's load is printed at the start and beside each section.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDatabase } from "../db/seed";
import { migrateDatabase, openDatabase } from "../db/node";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { loader as me } from "../app/routes/api.me";
import { createTestContext, request, staffCookie } from "../tests/support/context";
import { benchBundles } from "./bundle";
import { machineLoad, measure, printFigures, printSections, type SectionResult } from "./measure";
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
import { benchLighthouse } from "./lighthouse";
import { benchOutboxReplay } from "./outbox-replay";
import { benchOfflineOpen } from "./offline-open";
import { ensureBuild } from "./preview-server";
import { benchWorkerSize } from "./worker-size";

const DEFAULT_SECTIONS = "shell,orders,tasks,returns,pdf,room,bundle,trips,phone,lighthouse,offline,replay,delivery,load,scan,export";
const only = (process.env.BENCH_ONLY ?? DEFAULT_SECTIONS).split(",").map((s) => s.trim()).filter(Boolean);
/** The sections that read build/ (the bundle figures, or `npm run preview` serving it). */
const NEEDS_BUILD = new Set(["bundle", "phone", "lighthouse", "offline", "replay", "delivery", "load", "scan"]);

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
  [
    "bundle",
    async () => {
      await benchBundles();
      await benchWorkerSize();
    },
  ],
  ["trips", benchRoundTrips],
  ["phone", benchPhone],
  ["lighthouse", benchLighthouse],
  ["offline", () => benchOfflineOpen()],
  ["replay", () => benchOutboxReplay()],
  ["delivery", benchDelivery],
  ["load", benchLoad],
  ["scan", benchScan],
  ["export", benchExport],
];

// An error nothing catches (an unhandled rejection, or an 'error' event with no listener in a library) fails the
// section it happens in, which the run then leaves, instead of ending the whole run; between sections it is reported.
let failSection: ((e: unknown) => void) | null = null;
const stray = (e: unknown) => (failSection ? failSection(e) : console.error(`uncaught: ${e instanceof Error ? e.message : String(e)}`));
process.on("unhandledRejection", stray);
process.on("uncaughtException", stray);

const results: SectionResult[] = [];
async function section(name: string, run: () => Promise<unknown>) {
  console.log(`\n=== ${name}  (${machineLoad()})`);
  const started = performance.now();
  try {
    await Promise.race([run(), new Promise((_, reject) => (failSection = reject))]);
    results.push({ name, ok: true, seconds: (performance.now() - started) / 1000 });
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    console.log(`=== ${name} FAILED: ${reason}`);
    results.push({ name, ok: false, seconds: (performance.now() - started) / 1000, reason: reason.split("\n")[0] });
  } finally {
    failSection = null;
  }
}

console.log(`npm run bench: ${only.join(", ")} · ${machineLoad()}`);
const known = new Set(benches.map(([name]) => name));
if (only.some((name) => NEEDS_BUILD.has(name))) {
  await section("build", async () => {
    const { reason, seconds } = ensureBuild();
    console.log(reason ? `built in ${seconds.toFixed(0)} s (${reason})` : process.env.BENCH_NO_BUILD ? "BENCH_NO_BUILD=1: serving build/ as it is" : "build/ is newer than its sources");
  });
}
// In the order BENCH_ONLY names them (by default, the order above).
for (const name of only) {
  const bench = benches.find(([n]) => n === name);
  await section(name, bench ? bench[1] : async () => Promise.reject(new Error(`no such section (known: ${[...known].join(", ")})`)));
}
printSections(results);
process.exit(results.some((r) => !r.ok) ? 1 : 0);
