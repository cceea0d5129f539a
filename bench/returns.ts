// Return Forms and Customer Applications at 50,000 returns (two items each) and 20,000 applications: every
// search field, the status filters, each sort and a deep page through the app's own doors (the /api loaders,
// as a sales rep), beside a naive baseline that fetches everything and filters in JavaScript.
// Run alone with `npx tsx bench/returns.ts`.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { customerApplications, returnItems, returnRequests } from "../db/schema";
import { seedDatabase } from "../db/seed";
import { migrateDatabase, openDatabase } from "../db/node";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { loader as returnsLoader } from "../app/routes/api.return-requests";
import { loader as returnKpisLoader } from "../app/routes/api.return-requests.kpis";
import { loader as applicationsLoader } from "../app/routes/api.applications";
import { loader as applicationKpisLoader } from "../app/routes/api.applications.kpis";
import { createTestContext, request, staffCookie } from "../tests/support/context";
import { availableParallelism, loadavg } from "node:os";
import { type Figures } from "./measure";

/**
 * Wall-clock percentiles, and beside them the p95 of this process's CPU time per call (user + system, every
 * thread). On a shared machine whose load is several times its cores the wall clock mostly measures waiting for
 * a core; the CPU time is what the call itself costs, close to what a quiet machine's wall clock would show.
 */
type CaseFigures = Figures & { cpuP95: number };

async function measure(name: string, n: number, run: () => Promise<unknown>, warmup = 20): Promise<CaseFigures> {
  for (let i = 0; i < warmup; i++) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await run();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  const at = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!;
  return { name, n, p50: at(wall, 0.5), p95: at(wall, 0.95), p99: at(wall, 0.99), max: Math.max(...wall), cpuP95: at(cpu, 0.95) };
}

function printFigures(rows: CaseFigures[]) {
  const fmt = (v: number) => `${v.toFixed(2)} ms`.padStart(11);
  console.log(`${"case".padEnd(66)} ${"n".padStart(4)} ${"p50".padStart(11)} ${"p95".padStart(11)} ${"max".padStart(11)} ${"cpu p95".padStart(11)}`);
  for (const r of rows) console.log(`${r.name.padEnd(66)} ${String(r.n).padStart(4)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.max)} ${fmt(r.cpuP95)}`);
}

const RETURNS = 50_000;
const APPLICATIONS = 20_000;
const N = Number(process.env.BENCH_RETURNS_N ?? 40);
/** BENCH_RETURNS_CASES=regex runs only the cases whose name matches (the baselines always run). */
const ONLY = process.env.BENCH_RETURNS_CASES ? new RegExp(process.env.BENCH_RETURNS_CASES, "i") : null;

const COMPANIES = ["Golden Dragon", "Sakura Sushi", "Brooklyn Fresh", "Pho Saigon", "Seoul Garden", "Jade Palace", "Lucky Star", "Bangkok Street", "Little Tokyo", "Harbor View", "Lotus Vegan", "Taj Mahal"];
const CITIES = [["New York", "NY", "10001"], ["Brooklyn", "NY", "11201"], ["Jersey City", "NJ", "07306"], ["Edison", "NJ", "08817"], ["Queens", "NY", "11101"], ["Miami", "FL", "33101"]] as const;
const RETURN_STATUSES = ["pending", "under_review", "approved", "declined"];
const APP_STATUSES = ["Pending", "Approved", "Declined", "Completed"] as const;

export async function fill(db: ReturnType<typeof openDatabase>, now: number) {
  const chunk = 500;
  for (let start = 0; start < RETURNS; start += chunk) {
    const requests: (typeof returnRequests.$inferInsert)[] = [];
    const items: (typeof returnItems.$inferInsert)[] = [];
    for (let i = start; i < Math.min(RETURNS, start + chunk); i++) {
      const id = 1000 + i;
      const [city, state, zip] = CITIES[i % CITIES.length]!;
      requests.push({
        id,
        returnID: `RET-B${String(i).padStart(6, "0")}`,
        companyName: `${COMPANIES[i % COMPANIES.length]} ${i % 997}`,
        orderNum: `SO-${200000 + (i % 40000)}`,
        status: RETURN_STATUSES[i % 4]!,
        email: `buyer${i % 5000}@${COMPANIES[i % COMPANIES.length]!.toLowerCase().replace(/\s/g, "")}.example`,
        phone: `(212) 555-${String(i % 10000).padStart(4, "0")}`,
        location: ["NY-MAIN", "NJ-WH", "FL-DIST"][i % 3]!,
        submittedAt: new Date(now - (i % 400) * 86_400_000 - (i % 1440) * 60_000).toISOString(),
        address: [{ street: `${i % 900} Main St`, city, state, zip }],
        itemCount: 2,
        source: "seed",
      });
      for (const position of [0, 1]) items.push({ returnId: id, position, sku: `SKU-${(i + position) % 300}`, count: 1 + ((i + position) % 6), reason: "Damaged packaging" });
    }
    await db.insert(returnRequests).values(requests);
    await db.insert(returnItems).values(items);
  }
  for (let start = 0; start < APPLICATIONS; start += chunk) {
    const apps: (typeof customerApplications.$inferInsert)[] = [];
    for (let i = start; i < Math.min(APPLICATIONS, start + chunk); i++) {
      const [city, state, postalCode] = CITIES[(i * 7) % CITIES.length]!;
      const status = APP_STATUSES[i % 4]!;
      apps.push({
        companyName: `${COMPANIES[(i * 5) % COMPANIES.length]} Kitchen ${i}`,
        email: `owner${i}@kitchen${i % 700}.example`,
        phoneNumber: `(718) 555-${String(i % 10000).padStart(4, "0")}`,
        ownerName: `Owner ${i % 3000}`,
        status,
        decisionDate: status === "Pending" ? null : new Date(now - (i % 300) * 86_400_000).toISOString(),
        addresses: [{ street: `${i % 500} Canal St`, city, state, postalCode }],
        createdAt: new Date(now - (i % 400) * 86_400_000).toISOString(),
      });
    }
    await db.insert(customerApplications).values(apps);
  }
}

export async function benchReturns(): Promise<void> {
  const db = openDatabase(`file:${join(mkdtempSync(join(tmpdir(), "riceops-bench-returns-")), "bench.db")}`);
  await migrateDatabase(db);
  await seedDatabase(db, { orders: 50, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
  const started = performance.now();
  const now = Date.now();
  await fill(db, now);
  await db.run("ANALYZE" as never);
  console.log(`filled ${RETURNS.toLocaleString()} returns (${(RETURNS * 2).toLocaleString()} items) and ${APPLICATIONS.toLocaleString()} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const ctx = createTestContext(db);
  const cookie = await staffCookie(ctx.app, "sales@goldengrain.test");
  const call = async (loader: typeof returnsLoader, path: string) => {
    const res = (await loader({ request: request(path, { cookie }), context: ctx, params: {} } as never)) as Response;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  const day = new Date(now - 3 * 86_400_000).toISOString().slice(0, 10);
  const returnCases: [string, string][] = [
    ["first page (100, newest first)", ""],
    ["search companyName 'dragon 4'", "?searchBy=companyName&search=dragon%204"],
    ["search returnID 'B0421'", "?searchBy=returnID&search=B0421"],
    ["search orderNum '2123'", "?searchBy=orderNum&search=2123"],
    ["search email 'buyer42'", "?searchBy=email&search=buyer42"],
    ["search phone '555-12'", "?searchBy=phone&search=555-12"],
    ["search status 'under'", "?searchBy=status&search=under"],
    ["search submittedAt (one day)", `?searchBy=submittedAt&search=${day}`],
    ["filter status=approved", "?status=approved"],
    ["sort company asc", "?sort=companyName&dir=asc"],
    ["sort order # desc", "?sort=orderNum&dir=desc"],
    ["sort location asc", "?sort=location&dir=asc"],
    ["sort items desc", "?sort=items&dir=desc"],
    ["sort status asc", "?sort=status&dir=asc"],
    ["page 200 of 500", "?page=200"],
    ["filter pending + search company + sort", "?status=pending&searchBy=companyName&search=lotus&sort=companyName&dir=asc"],
    ["search companyName 'golden' (common: 1 in 12)", "?searchBy=companyName&search=golden"],
    ["search companyName 'golden', page 40", "?searchBy=companyName&search=golden&page=40"],
    ["search companyName 'ra' (2 chars: LIKE)", "?searchBy=companyName&search=ra"],
    ["search email 'example' (every row) + approved", "?searchBy=email&search=example&status=approved"],
    ["filter under review (with legacy review)", "?status=under_review"],
    ["filter approved + sort company", "?status=approved&sort=companyName&dir=asc"],
    ["filter declined + page 100", "?status=declined&page=100"],
  ];
  const figures: CaseFigures[] = [];
  const picked = (cases: [string, string][], prefix: string) => cases.filter(([name]) => !ONLY || ONLY.test(`${prefix}: ${name}`));
  for (const [name, query] of picked(returnCases, "returns")) figures.push(await measure(`returns: ${name}`, N, () => call(returnsLoader, `/api/return-requests${query}`), 5));
  if (!ONLY || ONLY.test("returns: KPIs")) figures.push(await measure("returns: KPIs", N, () => call(returnKpisLoader, "/api/return-requests/kpis"), 5));

  const appCases: [string, string][] = [
    ["first page (decision date desc)", ""],
    ["search companyName 'kitchen 19'", "?searchBy=companyName&search=kitchen%2019"],
    ["search ownerName", "?searchBy=ownerName&search=owner%2012"],
    ["search city (first address)", "?searchBy=city&search=jersey"],
    ["search postalCode", "?searchBy=postalCode&search=088"],
    ["search status 'pend' (with Completed)", "?searchBy=status&search=pend"],
    ["search decisionDate (one day)", `?searchBy=decisionDate&search=${day}`],
    ["filter pending", "?status=pending"],
    ["sort location (street, city)", "?sort=location&dir=asc"],
    ["sort company desc", "?sort=companyName&dir=desc"],
    ["sort status", "?sort=status&dir=asc"],
    ["page 100 of 200", "?page=100"],
    ["search email 'kitchen12'", "?searchBy=email&search=kitchen12"],
    ["search phoneNumber '555-01'", "?searchBy=phoneNumber&search=555-01"],
    ["search state 'nj' (2 chars: LIKE)", "?searchBy=state&search=nj"],
    ["search company 'kitchen' (every row) + approved + sort location", "?searchBy=companyName&search=kitchen&status=approved&sort=location&dir=asc"],
    ["sort phone", "?sort=phoneNumber&dir=asc"],
    ["sort owner desc", "?sort=ownerName&dir=desc"],
    ["filter approved + sort company", "?status=approved&sort=companyName&dir=asc"],
  ];
  for (const [name, query] of picked(appCases, "applications")) figures.push(await measure(`applications: ${name}`, N, () => call(applicationsLoader as typeof returnsLoader, `/api/applications${query}`), 5));
  if (!ONLY || ONLY.test("applications: KPIs")) figures.push(await measure("applications: KPIs", N, () => call(applicationKpisLoader as typeof returnsLoader, "/api/applications/kpis"), 5));

  // The naive baseline: the old client's way, everything fetched, then filtered, sorted and paged in JS.
  figures.push(
    await measure("baseline returns: fetch all + filter in JS", 3, async () => {
      const rows = await db.select().from(returnRequests);
      const items = await db.select().from(returnItems);
      const byReturn = new Map<number, unknown[]>();
      for (const it of items) byReturn.set(it.returnId, [...(byReturn.get(it.returnId) ?? []), it]);
      rows
        .filter((r) => r.companyName.toLowerCase().includes("dragon 4"))
        .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))
        .slice(0, 100)
        .map((r) => ({ ...r, items: byReturn.get(r.id) }));
    }, 1),
  );
  figures.push(
    await measure("baseline applications: fetch all + filter in JS", 5, async () => {
      const rows = await db.select().from(customerApplications);
      rows.filter((a) => (a.addresses[0]?.city ?? "").toLowerCase().includes("jersey")).sort((a, b) => (b.decisionDate ?? "").localeCompare(a.decisionDate ?? "")).slice(0, 100);
    }, 1),
  );
  printFigures(figures);
  const [load1, load5] = loadavg();
  console.log(`load average ${load1!.toFixed(2)} (1 min), ${load5!.toFixed(2)} (5 min) with ${availableParallelism()} cores`);
  const slow = figures.filter((f) => !f.name.startsWith("baseline") && f.p95 >= 20);
  console.log(slow.length ? `over the 20 ms p95 budget (wall clock): ${slow.length} of ${figures.length - 2} cases` : "every SQL case is under the 20 ms p95 budget (wall clock)");
  const slowCpu = figures.filter((f) => !f.name.startsWith("baseline") && f.cpuP95 >= 20);
  console.log(slowCpu.length ? `over 20 ms p95 in CPU time: ${slowCpu.map((f) => f.name).join("; ")}` : "every SQL case is under 20 ms p95 in CPU time");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchReturns();
  process.exit(0);
}
