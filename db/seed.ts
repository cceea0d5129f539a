// Builds a realistic company (DESIGN.md §3): roles, users, warehouses, workers, orders with lines, returns,
// applications, reports, passcodes, email routing. Deterministic for a given order count and `now`, so
// tests and benchmarks see the same data every run. Also the CLI: tsx db/seed.ts [--orders N] [--if-empty] [--reset]
// Each area's rows are built in db/seed/<area>.ts; this module runs them in one transaction and is the CLI.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ROLE_DEFINITIONS } from "../app/domain/access/roles";
import type { Database } from "../app/lib/db.server";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { migrateDatabase, openDatabase } from "./node";
import * as s from "./schema";
import { ANNOUNCEMENTS, LOCATIONS, PICK_SHORT_REASONS, RETURN_REASONS, WAREHOUSE_WORKERS, seedBarcodeRows } from "./seed-data";
import { ADMIN, DOCUMENTED_PASSCODE, DOMAIN, SEEDED_ACCOUNTS, SEEDED_INTEGRATION_KEY, buildPasscodes, seededIntegrationKey } from "./seed/accounts";
import { buildApplications } from "./seed/applications";
import { buildInventory } from "./seed/inventory";
import { seedOrders } from "./seed/orders";
import { buildReturns } from "./seed/returns";
import { buildDriverRoute } from "./seed/routes";
import { buildDevanning, buildStockTransfers } from "./seed/reports";
import { DAY_MS, MINUTE_MS, iso } from "./seed/values";
import { rawClient, rowWriter, withoutIndexes } from "./seed/writer";

export { DOCUMENTED_PASSCODE, SEEDED_ACCOUNTS, SEEDED_INTEGRATION_KEY, type SeededAccount } from "./seed/accounts";
export { mulberry32 } from "./seed/random";

const DEFAULT_ORDERS = 2_000;

export type SeedOptions = { orders?: number; now?: Date; pepper: string; log?: (s: string) => void };

export type SeedSummary = {
  roles: number;
  roleGrants: number;
  users: number;
  locations: number;
  warehouseWorkers: number;
  orders: number;
  orderLines: number;
  inventoryItems: number;
  productBarcodes: number;
  auditEvents: number;
  returnRequests: number;
  returnItems: number;
  customerApplications: number;
  stockTransferReports: number;
  devanningReports: number;
  passcodes: number;
  integrationKeys: number;
  emailRouting: number;
  settings: number;
  announcements: number;
  durationMs: number;
};

/** Seeds an empty, migrated database. Refuses a database that already has users or orders (use resetDatabase). */
export async function seedDatabase(db: Database, opts: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const n = opts.orders ?? DEFAULT_ORDERS;
  const nowMs = (opts.now ?? new Date()).getTime();
  if (!Number.isInteger(n) || n < 0) throw new Error(`orders must be a whole number >= 0, got ${n}`);

  const [existing] = await db.all<{ count: number }>(sql`select (select count(*) from users) + (select count(*) from orders) as count`);
  if (existing && existing.count > 0) throw new Error("The database already has users or orders; reset it first (db/seed.ts --reset).");

  const passcodeRows = await buildPasscodes(nowMs, opts.pepper);
  // One transaction: a failed seed leaves the database empty, so `--if-empty` retries it next start.
  const tx = await rawClient(db).transaction("write");
  try {
    const insert = rowWriter(tx);
    const roleRows = Object.values(ROLE_DEFINITIONS).map((r) => ({
      id: r.id,
      name: r.name,
      isAdmin: r.isAdmin,
      createdAt: iso(nowMs - 90 * DAY_MS),
      updatedAt: iso(nowMs - 90 * DAY_MS),
    }));
    const grantRows = Object.values(ROLE_DEFINITIONS).flatMap((r) => r.grants.map((g) => ({ roleId: r.id, key: g.key, scope: g.scope })));
    await insert(s.roles, roleRows);
    await insert(s.roleGrants, grantRows);

    const userRows = SEEDED_ACCOUNTS.map((a, i) => ({
      id: i + 1,
      email: a.email,
      name: a.name,
      avatarUrl: null,
      roleId: a.roleId,
      locationIds: a.locationIds,
      orderTypes: a.orderTypes,
      createdAt: iso(nowMs - 90 * DAY_MS),
      updatedAt: iso(nowMs - 90 * DAY_MS),
    }));
    await insert(s.users, userRows);
    const userIds = new Map(userRows.map((u) => [u.email, u.id]));

    await insert(
      s.locations,
      LOCATIONS.map((l, i) => ({
        id: l.id,
        name: l.name,
        groups: [...l.groups],
        lastSynced: iso(nowMs - (i + 1) * 3 * 60 * MINUTE_MS),
        updatedAt: iso(nowMs - DAY_MS),
      }))
    );
    await insert(
      s.warehouseWorkers,
      WAREHOUSE_WORKERS.map((w, i) => ({ id: i + 1, ...w, createdAt: iso(nowMs - 90 * DAY_MS), updatedAt: iso(nowMs - 30 * DAY_MS) }))
    );
    const inventory = await insert(s.inventoryItems, buildInventory(nowMs));
    const barcodes = await insert(s.productBarcodes, seedBarcodeRows().map((b) => ({ ...b, createdAt: iso(nowMs - 30 * DAY_MS), updatedAt: iso(nowMs - 30 * DAY_MS) })));
    // Migration 0009 writes the same reasons: a freshly migrated database already has them.
    for (const [position, r] of PICK_SHORT_REASONS.entries()) {
      await tx.execute({ sql: "insert into pick_short_reasons (label, action, position) values (?, ?, ?) on conflict do nothing", args: [r.label, r.action, position] });
    }

    log(`seeding ${n} orders…`);
    const seeded = await withoutIndexes(tx, ["orders", "order_lines"], () => seedOrders(insert, n, nowMs, userIds, log));

    // Today's route for the seeded driver (issue 24), planned by logistics.
    const driverAccount = SEEDED_ACCOUNTS.find((a) => a.email === `driver@${DOMAIN}`)!;
    const routeCandidates = await tx.execute(
      "select id, order_number, order_type, order_status, warehouse_location, address_lines, delivery_completed_at from orders where delivery_completed_at is null",
    );
    const route = buildDriverRoute(
      routeCandidates.rows.map((r) => ({
        id: Number(r.id),
        orderNumber: String(r.order_number),
        orderType: String(r.order_type),
        orderStatus: String(r.order_status),
        warehouseLocation: String(r.warehouse_location),
        addressLines: JSON.parse(String(r.address_lines ?? "[]")) as string[],
        deliveryCompletedAt: null,
      })),
      { id: userIds.get(driverAccount.email)!, locationIds: driverAccount.locationIds, orderTypes: driverAccount.orderTypes },
      `logistics@${DOMAIN}`,
      nowMs,
    );
    await insert(s.geoPoints, route.points);
    await insert(s.routeStops, route.stops);

    const returns = buildReturns(seeded.candidates, nowMs);
    await insert(s.returnRequests, returns.requests);
    await insert(s.returnItems, returns.items);
    await insert(
      s.returnReasons,
      RETURN_REASONS.filter((r) => r !== "Other").map((label, position) => ({ label, position })),
    );
    const applications = await insert(s.customerApplications, buildApplications(nowMs));
    const stockTransfers = await insert(s.stockTransferReports, buildStockTransfers(nowMs));
    const devanning = await insert(s.devanningReports, buildDevanning(nowMs));
    await insert(s.passcodes, passcodeRows);
    const integrationKeys = await insert(s.integrationKeys, [await seededIntegrationKey(nowMs)]);

    const routing = [
      { key: "NY-MAIN", enabled: true, to: [`warehouse-ny@${DOMAIN}`], cc: [`logistics@${DOMAIN}`] },
      { key: "NJ-WH", enabled: true, to: [`warehouse-nj@${DOMAIN}`], cc: [] },
      // Enabled with no To: the pick list email must answer 'no email recipients' for this warehouse.
      { key: "FL-DIST", enabled: true, to: [], cc: [] },
    ];
    await insert(
      s.emailRouting,
      routing.map((r) => ({ ...r, updatedAt: iso(nowMs - 7 * DAY_MS) }))
    );
    await insert(s.settings, [{ key: "email.defaultCc", value: [`ops-archive@${DOMAIN}`], updatedAt: iso(nowMs - 7 * DAY_MS) }]);
    await insert(
      s.announcements,
      ANNOUNCEMENTS.map((a, i) => ({
        id: i + 1,
        title: a.title,
        body: a.body,
        publishedAt: iso(nowMs - a.daysAgo * DAY_MS),
        createdBy: ADMIN.name,
      }))
    );

    const summary = {
      roles: roleRows.length,
      roleGrants: grantRows.length,
      users: userRows.length,
      locations: LOCATIONS.length,
      warehouseWorkers: WAREHOUSE_WORKERS.length,
      orders: seeded.orders,
      orderLines: seeded.lines,
      inventoryItems: inventory,
      productBarcodes: barcodes,
      auditEvents: seeded.audits,
      returnRequests: returns.requests.length,
      returnItems: returns.items.length,
      customerApplications: applications,
      stockTransferReports: stockTransfers,
      devanningReports: devanning,
      passcodes: passcodeRows.length,
      integrationKeys,
      emailRouting: routing.length,
      settings: 1,
      announcements: ANNOUNCEMENTS.length,
    };
    await tx.commit();
    return { ...summary, durationMs: Math.round(performance.now() - started) };
  } finally {
    tx.close();
  }
}

/** Deletes every row of every table (not the migrations journal) in one transaction. */
export async function resetDatabase(db: Database): Promise<void> {
  const names = (await db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table'`)).map((t) => t.name);
  // Internal tables stay: SQLite's own, libSQL's, and drizzle's migrations journal (__drizzle_migrations).
  const tables = names.filter((name) => !/^(sqlite_|libsql_|_)/.test(name));
  const hasSequence = names.includes("sqlite_sequence");
  // Deferred foreign keys: tables empty in any order, checked once at commit when nothing is left.
  await rawClient(db).batch(
    [
      "PRAGMA defer_foreign_keys = ON",
      ...tables.map((name) => `DELETE FROM "${name.replace(/"/g, '""')}"`),
      ...(hasSequence ? ["DELETE FROM sqlite_sequence"] : []),
    ],
    "write"
  );
}

const CliArgs = z.object({
  orders: z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_ORDERS),
  "if-empty": z.boolean().default(false),
  reset: z.boolean().default(false),
});

async function main() {
  const { values } = parseArgs({
    options: { orders: { type: "string" }, "if-empty": { type: "boolean" }, reset: { type: "boolean" } },
    strict: true,
  });
  const parsed = CliArgs.safeParse(values);
  if (!parsed.success) {
    console.error(`db/seed.ts: ${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}`);
    process.exit(2);
  }
  const args = parsed.data;
  const url = process.env.DATABASE_URL ?? LOCAL_DEFAULTS.DATABASE_URL;
  const db = openDatabase(url, process.env.DATABASE_AUTH_TOKEN);
  try {
    await migrateDatabase(db);
    if (args["if-empty"] && !args.reset) {
      const existing = await db.select({ id: s.users.id }).from(s.users).limit(1);
      if (existing.length) {
        console.log(`seed: ${url} already has users; nothing to do`);
        return;
      }
    }
    if (args.reset) {
      const t = performance.now();
      await resetDatabase(db);
      console.log(`seed: reset ${url} in ${Math.round(performance.now() - t)} ms`);
    }
    const summary = await seedDatabase(db, {
      orders: args.orders,
      pepper: process.env.PASSCODE_PEPPER ?? LOCAL_DEFAULTS.PASSCODE_PEPPER,
      log: (line) => console.log(line),
    });
    const { durationMs, ...counts } = summary;
    console.log(`seed: ${url} seeded in ${durationMs} ms`);
    console.log(
      Object.entries(counts)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join("\n")
    );
    console.log(`  sign in as ${SEEDED_ACCOUNTS.map((a) => a.email).join(", ")}; picklist passcode ${DOCUMENTED_PASSCODE}`);
    console.log(`  integration key ${SEEDED_INTEGRATION_KEY}`);
  } finally {
    rawClient(db).close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
