// The seeded company: counts, every spec status and order type, role grants, the documented passcode,
// reset, and determinism (the same order count and clock give the same data).
import { asc, desc, eq, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/schema";
import { DOCUMENTED_PASSCODE, SEEDED_ACCOUNTS, resetDatabase, seedDatabase, type SeedSummary } from "../../db/seed";
import { LOCAL_DEFAULTS } from "../../config/local-env";
import { ROLE_DEFINITIONS } from "~/domain/access/roles";
import { hashPasscode } from "~/lib/crypto.server";
import type { Database } from "~/lib/db.server";
import { SEED_NOW, createSeededTestDatabase, createTestDatabase } from "../support/db";

const ORDERS = 300;
const PEPPER = LOCAL_DEFAULTS.PASSCODE_PEPPER;
const DAY_MS = 86_400_000;

// Spelled out from the spec rather than imported from the seed, so a drifting seed list fails here.
const SPEC_ORDER_TYPES = [
  "Will Call",
  "Freight",
  "VA Delivery",
  "TX Delivery",
  "NY/NJ Delivery",
  "LAX Delivery",
  "SAC Delivery",
  "OAK Delivery",
  "SD Delivery",
  "CO Delivery",
];
const SPEC_ORDER_STATUSES = [
  "5. Received",
  "4. In Progress",
  "3. Waiting for Truck/Pick Up",
  "2. Shipped/Picked Up",
  "1. Delivered/Released",
  "01. Released",
  "Order Delivered",
  "CANCELLED",
  "VL",
  "Pending Assignment",
  "Picking",
  "Picked",
  "Pending BL",
  "Pickup Pending",
  "Delivered",
  "Complete",
  "Out for Delivery",
  "Delivered/Complete",
  "Cancelled",
  "Pending Payment",
];
const SPEC_PAYMENT_STATUSES = [
  "Cash On Delivery",
  "Payment Pending",
  "Invoice-To-Invoice",
  "Paid: Check",
  "Paid: Zelle",
  "Paid: Cash",
  "Paid: Bank Transfer",
  "Paid: Credit Card",
  "Net 30",
  "Cancelled",
  "N/A",
  "CANCELLED",
  "HOLD",
  "Waiting for Payment",
  "New Customer- Check Pending",
];

let db: Database;
let summary: SeedSummary;

beforeAll(async () => {
  db = await createTestDatabase();
  summary = await seedDatabase(db, { orders: ORDERS, now: SEED_NOW, pepper: PEPPER });
}, 60_000);

async function count(table: SQLiteTable) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(table);
  return row!.n;
}

async function distinct(column: "order_status" | "order_type" | "payment_status") {
  const rows = await db.all<{ v: string }>(sql.raw(`select distinct ${column} as v from orders`));
  return rows.map((r) => r.v);
}

describe("seeded company", () => {
  it("has the counts the summary reports", async () => {
    expect(summary).toMatchObject({
      roles: 5,
      users: SEEDED_ACCOUNTS.length,
      locations: 3,
      warehouseWorkers: 8,
      orders: ORDERS,
      inventoryItems: 40,
    });
    const tables = {
      roles: s.roles,
      users: s.users,
      locations: s.locations,
      warehouseWorkers: s.warehouseWorkers,
      orders: s.orders,
      orderLines: s.orderLines,
      inventoryItems: s.inventoryItems,
      auditEvents: s.auditEvents,
      returnRequests: s.returnRequests,
      returnItems: s.returnItems,
      customerApplications: s.customerApplications,
      stockTransferReports: s.stockTransferReports,
      devanningReports: s.devanningReports,
      passcodes: s.passcodes,
      emailRouting: s.emailRouting,
      settings: s.settings,
      announcements: s.announcements,
    } as const;
    for (const [name, table] of Object.entries(tables)) expect(await count(table), name).toBe(summary[name as keyof typeof tables]);
    expect(summary.returnRequests).toBeGreaterThanOrEqual(20);
    expect(summary.customerApplications).toBeGreaterThanOrEqual(15);
    expect(summary.stockTransferReports).toBeGreaterThanOrEqual(8);
    expect(summary.devanningReports).toBeGreaterThanOrEqual(6);
    expect(summary.auditEvents).toBeGreaterThan(0);
  });

  it("holds every order type, every order status and every payment status of the spec", async () => {
    expect((await distinct("order_type")).sort()).toEqual([...SPEC_ORDER_TYPES].sort());
    expect(await distinct("order_status")).toEqual(expect.arrayContaining(SPEC_ORDER_STATUSES));
    expect(await distinct("payment_status")).toEqual(expect.arrayContaining(SPEC_PAYMENT_STATUSES));
  });

  it("gives each role exactly the grants of ROLE_DEFINITIONS", async () => {
    for (const role of Object.values(ROLE_DEFINITIONS)) {
      const grants = await db
        .select({ key: s.roleGrants.key, scope: s.roleGrants.scope })
        .from(s.roleGrants)
        .where(eq(s.roleGrants.roleId, role.id));
      const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
      expect(grants.sort(byKey), role.id).toEqual([...role.grants].sort(byKey));
      const [row] = await db.select().from(s.roles).where(eq(s.roles.id, role.id));
      expect(row).toMatchObject({ name: role.name, isAdmin: role.isAdmin });
    }
  });

  it("seeds the documented accounts with their roles", async () => {
    const rows = await db.select({ email: s.users.email, name: s.users.name, roleId: s.users.roleId }).from(s.users);
    for (const [email, name, roleId] of [
      ["admin@goldengrain.test", "Alice Admin", "admin"],
      ["logistics@goldengrain.test", "Leo Logistics", "logistics-manager"],
      ["sales@goldengrain.test", "Sam Sales", "sales-rep"],
      ["warehouse@goldengrain.test", "Wendy Warehouse", "warehouse-employee"],
      ["driver@goldengrain.test", "Dan Driver", "delivery-driver"],
    ]) {
      expect(rows).toContainEqual({ email, name, roleId });
    }
    expect(rows.map((r) => r.email).sort()).toEqual(SEEDED_ACCOUNTS.map((a) => a.email).sort());
  });

  it("stores the documented passcode as a peppered hash, limited to NY-MAIN", async () => {
    const [code] = await db
      .select()
      .from(s.passcodes)
      .where(eq(s.passcodes.codeHash, await hashPasscode(DOCUMENTED_PASSCODE, PEPPER)));
    expect(code).toMatchObject({ label: "Main floor phones", active: true, locations: ["NY-MAIN"], codeHint: "68" });
    expect(code!.codeHash).not.toContain(DOCUMENTED_PASSCODE);
    const all = await db.select().from(s.passcodes);
    expect(all.find((p) => p.label === "All warehouses")).toMatchObject({
      active: true,
      locations: [],
      codeHash: await hashPasscode("PICK-1357", PEPPER),
    });
    expect(all.some((p) => !p.active)).toBe(true);
    const rotate = all.filter((p) => p.active && SEED_NOW.getTime() - Date.parse(p.createdAt) > 30 * DAY_MS);
    expect(rotate.length).toBeGreaterThan(0);
  });

  it("dates orders over the last 60 days with several today, numbered in date order", async () => {
    const today = SEED_NOW.toISOString().slice(0, 10);
    const oldest = new Date(SEED_NOW.getTime() - 59 * DAY_MS).toISOString().slice(0, 10);
    const rows = await db
      .select({ orderNumber: s.orders.orderNumber, orderDate: s.orders.orderDate, createdAt: s.orders.createdAt })
      .from(s.orders)
      .orderBy(asc(s.orders.id));
    expect(rows[0]!.orderNumber).toBe("SO-100001");
    expect(rows.filter((r) => r.orderDate === today).length).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < rows.length; i++) {
      expect(rows[i]!.orderDate >= oldest && rows[i]!.orderDate <= today, rows[i]!.orderNumber).toBe(true);
      expect(rows[i]!.createdAt <= SEED_NOW.toISOString()).toBe(true);
      if (i > 0) expect(rows[i]!.orderDate >= rows[i - 1]!.orderDate).toBe(true);
    }
  });

  it("gives every order 1 to 12 lines whose sum is the order total", async () => {
    const rows = await db.all<{ id: number; total: number; lines: number; sum: number; distinctItems: number }>(sql`
      select o.id, o.total_cents as total, count(l.id) as lines, coalesce(sum(l.quantity * l.unit_price_cents), 0) as sum,
             count(distinct l.line_item_id) as distinctItems
      from orders o left join order_lines l on l.order_id = o.id group by o.id`);
    expect(rows).toHaveLength(ORDERS);
    for (const r of rows) {
      expect(r.lines).toBeGreaterThanOrEqual(1);
      expect(r.lines).toBeLessThanOrEqual(12);
      expect(r.distinctItems).toBe(r.lines);
      expect(r.sum).toBe(r.total);
    }
    const [line] = await db.select().from(s.orderLines).where(eq(s.orderLines.orderId, 1)).orderBy(asc(s.orderLines.position)).limit(1);
    expect(line!.lineItemId).toBe("LI-1-1");
    const withImages = await db.all<{ n: number }>(sql`select count(*) as n from order_lines where images like '%/images/products/%'`);
    expect(withImages[0]!.n).toBeGreaterThan(0);
  });

  it("assigns about 30% of orders to Wendy Warehouse, some to ALL and leaves some unassigned", async () => {
    const rows = await db.select({ assignment: s.orders.warehouseAssignment, status: s.orders.orderStatus }).from(s.orders);
    const wendy = rows.filter((r) => r.assignment.includes("Wendy Warehouse")).length / rows.length;
    expect(wendy).toBeGreaterThan(0.2);
    expect(wendy).toBeLessThan(0.4);
    expect(rows.some((r) => r.assignment.includes("ALL"))).toBe(true);
    expect(rows.filter((r) => r.status === "Pending Assignment").every((r) => r.assignment.length === 0)).toBe(true);
  });

  it("marks delivered delivery orders with a delivery order and completion time", async () => {
    const delivered = await db.select().from(s.orders).where(eq(s.orders.orderStatus, "Delivered/Complete"));
    expect(delivered.length).toBeGreaterThan(0);
    for (const o of delivered) {
      expect(o.hasDeliveryOrder).toBe(true);
      expect(o.deliveryCompletedAt! >= o.createdAt).toBe(true);
    }
    const open = await db.select().from(s.orders).where(eq(s.orders.orderStatus, "Pending Assignment"));
    expect(open.every((o) => !o.hasDeliveryOrder && o.deliveryCompletedAt === null)).toBe(true);
  });

  it("records audit events on recent orders that agree with the orders' current values", async () => {
    const events = await db.select().from(s.auditEvents);
    for (const e of events) {
      const [order] = await db.select().from(s.orders).where(eq(s.orders.orderNumber, e.entityId));
      expect(order, e.entityId).toBeDefined();
      expect(e).toMatchObject({ entityType: "order", action: "update" });
      expect(e.at >= order!.createdAt && e.at <= SEED_NOW.toISOString()).toBe(true);
      for (const c of e.changes.filter((c) => c.field === "paymentStatus" || c.field === "truckingCompany")) {
        expect(c.after).toBe(c.field === "paymentStatus" ? order!.paymentStatus : order!.truckingCompany);
      }
    }
  });

  it("has stock levels at zero, low and plenty for the catalogue", async () => {
    const items = await db.select().from(s.inventoryItems);
    const skus = new Set((await db.all<{ sku: string }>(sql`select distinct sku from order_lines`)).map((r) => r.sku));
    for (const sku of skus)
      expect(
        items.some((i) => i.sku === sku),
        sku
      ).toBe(true);
    expect(items.some((i) => i.quantityOnHand === 0)).toBe(true);
    expect(items.some((i) => i.quantityOnHand > 0 && i.quantityOnHand < 20)).toBe(true);
    expect(items.some((i) => i.quantityOnHand > 100)).toBe(true);
  });

  it("routes pick list email per warehouse, with FL-DIST enabled but without To recipients", async () => {
    const routing = await db.select().from(s.emailRouting);
    expect(routing.find((r) => r.key === "NY-MAIN")).toMatchObject({
      enabled: true,
      to: ["warehouse-ny@goldengrain.test"],
      cc: ["logistics@goldengrain.test"],
    });
    expect(routing.find((r) => r.key === "FL-DIST")).toMatchObject({ enabled: true, to: [] });
    const [cc] = await db.select().from(s.settings).where(eq(s.settings.key, "email.defaultCc"));
    expect(cc!.value).toEqual(["ops-archive@goldengrain.test"]);
  });

  it("covers every return, application and report status", async () => {
    const returns = new Set((await db.select({ v: s.returnRequests.status }).from(s.returnRequests)).map((r) => r.v));
    expect([...returns].sort()).toEqual(["approved", "declined", "pending", "under_review"]);
    const apps = new Set((await db.select({ v: s.customerApplications.status }).from(s.customerApplications)).map((r) => r.v));
    expect([...apps].sort()).toEqual(["Approved", "Completed", "Declined", "Pending"]);
    const devanning = await db.select().from(s.devanningReports);
    expect(new Set(devanning.map((d) => d.status))).toEqual(new Set(["pending", "approved", "rejected"]));
    for (const d of devanning) expect(d.containerNumber).toMatch(/^[A-Z]{4}\d{7}$/);
    const transfers = await db.select().from(s.stockTransferReports);
    expect(
      transfers.every(
        (t) => t.items.length > 0 && ["NY Main - Hicksville", "NJ Warehouse", "FL Distribution"].includes(t.receivingLocation)
      )
    ).toBe(true);
    const items = await db.select().from(s.returnItems);
    expect(items.length).toBeGreaterThanOrEqual(summary.returnRequests);
  });

  it("refuses to seed a database that already has data", async () => {
    await expect(seedDatabase(db, { orders: 10, now: SEED_NOW, pepper: PEPPER })).rejects.toThrow(/already has/);
    expect(await count(s.orders)).toBe(ORDERS);
  });
});

describe("determinism and reset", () => {
  async function firstAndLastOrder(database: Database) {
    const [first] = await database.select().from(s.orders).orderBy(asc(s.orders.id)).limit(1);
    const [last] = await database.select().from(s.orders).orderBy(desc(s.orders.id)).limit(1);
    const lines = await database.select().from(s.orderLines).where(eq(s.orderLines.orderId, first!.id)).orderBy(asc(s.orderLines.position));
    return { first, last, lines };
  }

  it("two fresh databases seeded alike hold the same orders", async () => {
    const a = await createSeededTestDatabase({ orders: 150 });
    const b = await createSeededTestDatabase({ orders: 150 });
    const left = await firstAndLastOrder(a);
    expect(left.first).toBeDefined();
    expect(await firstAndLastOrder(b)).toEqual(left);
    const digest = (database: Database) =>
      database.all(sql`select order_number, customer_name, order_status, payment_status, total_cents from orders order by id`);
    expect(await digest(b)).toEqual(await digest(a));
  });

  it("reset empties every table and the seed runs again", async () => {
    const database = await createSeededTestDatabase({ orders: 40 });
    await resetDatabase(database);
    const tables = await database.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`
    );
    // FTS5 keeps bookkeeping rows in its shadow tables (<index>_data, _idx, _config, _docsize) even when empty.
    const virtual = await database.all<{ name: string }>(sql`select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`);
    const shadow = (name: string) => virtual.some((v) => name !== v.name && name.startsWith(`${v.name}_`));
    for (const { name } of tables.filter((t) => !shadow(t.name))) {
      const [row] = await database.all<{ n: number }>(sql.raw(`select count(*) as n from "${name}"`));
      expect(row!.n, name).toBe(0);
    }
    const again = await seedDatabase(database, { orders: 40, now: SEED_NOW, pepper: PEPPER });
    expect(again.orders).toBe(40);
    expect((await database.select({ id: s.orders.id }).from(s.orders).orderBy(asc(s.orders.id)).limit(1))[0]!.id).toBe(1);
  });
});
