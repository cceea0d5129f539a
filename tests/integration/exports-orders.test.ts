// GET /api/order-trackers/export against a real seeded libSQL file: the file holds exactly the rows of the list
// as filtered and sorted (read through GET /api/order-trackers), within the viewer's scope, without the columns the
// viewer may not see, quoted and guarded against formulas; the keyset chunks neither skip nor repeat a row.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema";
import { orderListQuerySchema } from "~/domain/orders/query";
import { CSV_BOM, parseCsv } from "~/lib/csv";
import { getStaffViewer } from "~/lib/session.server";
import { loader as listLoader } from "~/routes/api.order-trackers";
import { action as exportAction, loader as exportLoader } from "~/routes/api.order-trackers.export";
import { exportOrders } from "~/services/orders-export.server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookies } from "../support/context";

let ctx: ReturnType<typeof createTestContext>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const db = await createSeededTestDatabase({ orders: 400 });
  ctx = createTestContext(db, { now: SEED_NOW });
  Object.assign(cookies, await staffCookies(ctx.app, ["admin", "sales", "warehouse", "driver"]));
  cookies.passcode = await passcodeCookie(ctx.app);
}, 60_000);

async function download(who: string | null, query = "") {
  const cookie = who ? cookies[who] : undefined;
  const res = (await settle(() => exportLoader({ request: request(`/api/order-trackers/export?${query}`, { cookie }), context: ctx, params: {} }))) as Response;
  return { res, text: await bodyText(res) };
}

/** The body as sent: Response.text() would drop the byte order mark the file must start with. */
async function bodyText(res: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
}

/** The file as header + records, the byte order mark checked and removed. */
function table(text: string) {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const [header, ...rows] = parseCsv(text);
  return { header: header!, rows, column: (name: string) => rows.map((r) => r[header!.indexOf(name)]!) };
}

/** The order numbers the list shows for the same query, in its order (every page). */
async function listNumbers(who: string, query: string): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const res = (await settle(() => listLoader({ request: request(`/api/order-trackers?${query}&limit=100&page=${page}`, { cookie: cookies[who] }), context: ctx, params: {} }))) as Response;
    const body = (await res.json()) as { data: { orderNumber: string }[]; pagination: { pages: number } };
    out.push(...body.data.map((r) => r.orderNumber));
    if (page >= body.pagination.pages) return out;
  }
}

describe("the file", () => {
  it("is a dated CSV attachment with a byte order mark, CRLF lines and one line per order", async () => {
    const { res, text } = await download("admin");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="orders-2025-06-18.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(text.slice(1, 60)).toMatch(/^Order Number,Customer,Sales Rep,Payment Status,/);
    expect(text.split("\r\n").length - 1).toBeGreaterThanOrEqual(401);
    expect(text.endsWith("\r\n")).toBe(true);
    const { header, rows } = table(text);
    expect(header).toEqual([
      "Order Number", "Customer", "Sales Rep", "Payment Status", "Order Status", "Order Type", "Trucking Company",
      "Warehouse Location", "Warehouse Assignment", "Order Date", "Address", "Total", "Notes", "Delivery Completed At", "Last Updated At",
    ]);
    expect(rows).toHaveLength(400);
  });

  it("writes a row's values as the database holds them (money in dollars, lists joined)", async () => {
    const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, 17));
    const { header, rows } = table((await download("admin", `search=${o!.orderNumber}&searchBy=orderNumber`)).text);
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0]![i]]));
    expect(row).toMatchObject({
      "Order Number": o!.orderNumber,
      Customer: o!.customerName,
      "Order Status": o!.orderStatus,
      "Order Date": o!.orderDate,
      "Warehouse Assignment": o!.warehouseAssignment.join("; "),
      Total: String(o!.totalCents / 100),
    });
  });
});

describe("the same rows, in the same order, as the list", () => {
  const queries = [
    "",
    "sort=customerName&dir=asc",
    "sort=customerName&dir=desc",
    "sort=orderStatus&dir=asc",
    "sort=orderNumber&dir=desc",
    "sort=truckingCompany&dir=asc",
    "dir=asc",
    "orderType=Freight",
    "orderStatus=Pending%20Assignment&sort=orderDate&dir=asc",
    "paymentStatus=Paid",
    "quick=notDelivered",
    "quick=awaitingTrucking",
    "search=golden&searchBy=customerOrOrder",
    "search=kev&searchBy=warehouseAssignment",
    "search=2025-06-1&searchBy=orderNumber",
    "warehouseLocation=NJ-WH&sort=createdBy&dir=desc",
  ];
  it.each(queries)("admin: %j", async (query) => {
    const expected = await listNumbers("admin", query);
    const { res, text } = await download("admin", query);
    expect(res.status).toBe(200);
    expect(table(text).column("Order Number")).toEqual(expected);
  });

  it("page and limit are ignored: the file holds every matching order", async () => {
    const { text } = await download("admin", "page=3&limit=10");
    expect(table(text).rows).toHaveLength(400);
  });

  it.each(queries)("chunks of 7 rows read by keyset neither skip nor repeat a row: %j", async (query) => {
    const viewer = (await getStaffViewer(request("/", { cookie: cookies.admin }), ctx.app))!;
    const parsed = orderListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const chunked = await bodyText(await exportOrders(ctx.app, viewer, parsed, { chunkRows: 7 }));
    expect(chunked).toBe((await download("admin", query)).text);
  });
});

describe("scope and hidden fields", () => {
  it("a warehouse employee gets only the orders assigned to them, without payment, trucking or money", async () => {
    const expected = await listNumbers("warehouse", "");
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(400);
    const { header, column } = table((await download("warehouse")).text);
    expect(column("Order Number")).toEqual(expected);
    expect(header).not.toContain("Payment Status");
    expect(header).not.toContain("Trucking Company");
    expect(header).not.toContain("Total");
  });

  it.each(["", "sort=customerName&dir=desc", "search=kev&searchBy=warehouseAssignment"])("a warehouse employee's file read in chunks of 7 is the same file (%j)", async (query) => {
    const viewer = (await getStaffViewer(request("/", { cookie: cookies.warehouse }), ctx.app))!;
    const parsed = orderListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const whole = await download("warehouse", query);
    expect(whole.res.status).toBe(200);
    expect(table(whole.text).column("Order Number")).toEqual(await listNumbers("warehouse", query));
    expect(await bodyText(await exportOrders(ctx.app, viewer, parsed, { chunkRows: 7 }))).toBe(whole.text);
  });

  it("a driver gets their types at their locations, with payment and totals but not trucking", async () => {
    const expected = await listNumbers("driver", "");
    const { header, column } = table((await download("driver")).text);
    expect(column("Order Number")).toEqual(expected);
    expect(column("Order Type").every((t) => ["NY/NJ Delivery", "VA Delivery"].includes(t))).toBe(true);
    expect(header).toContain("Payment Status");
    expect(header).toContain("Total");
    expect(header).not.toContain("Trucking Company");
  });

  it("a sales rep sees every order and every column", async () => {
    const { header, rows } = table((await download("sales")).text);
    expect(rows).toHaveLength(400);
    expect(header).toContain("Trucking Company");
  });

  it.each([
    ["warehouse", "paymentStatus=Paid", /payment status/],
    ["warehouse", "sort=truckingCompany&dir=asc", /trucking company/],
    ["driver", "search=ups&searchBy=truckingCompany", /trucking company/],
    ["driver", "quick=awaitingTrucking", /trucking company/],
  ])("%s may not filter or sort by a hidden field (%s): 400, no file", async (who, query, message) => {
    const { res, text } = await download(who, query);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(JSON.parse(text).error).toMatch(message);
  });
});

describe("refusals and bad input", () => {
  it("anonymous: 401", async () => {
    expect((await download(null)).res.status).toBe(401);
  });
  it("a picking phone's passcode session: refused", async () => {
    expect([401, 403]).toContain((await download("passcode")).res.status);
  });
  it.each([["searchBy=orderDate&search=18-06-2025"], ["sort=notes"], ["dir=sideways"], ["limit=10000"]])("%s: 400 with the reason", async (query) => {
    const { res, text } = await download("admin", query);
    expect(res.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ success: false });
  });
  it("POST: 405", async () => {
    const res = (await settle(() => exportAction({ request: request("/api/order-trackers/export", { method: "POST", cookie: cookies.admin }), context: ctx, params: {} }))) as Response;
    expect(res.status).toBe(405);
  });
});

describe("cells a spreadsheet could run or split", () => {
  it("quotes commas, quotes and line breaks, and puts an apostrophe before a formula", async () => {
    const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, 5));
    await ctx.app.db
      .update(orders)
      .set({ customerName: '=HYPERLINK("http://evil.test","Open")', notes: 'line one\nline two, "quoted"', createdBy: "@rep", warehouseAssignment: ["+Team", "-Bay 3"] })
      .where(eq(orders.id, 5));
    const { text } = await download("admin", `search=${o!.orderNumber}&searchBy=orderNumber`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""Open"")"`);
    expect(text).toContain('"line one\nline two, ""quoted"""');
    const { header, rows } = table(text);
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0]![i]]));
    expect(row.Customer).toBe(`'=HYPERLINK("http://evil.test","Open")`);
    expect(row["Sales Rep"]).toBe("'@rep");
    expect(row["Warehouse Assignment"]).toBe("'+Team; -Bay 3");
    expect(row.Notes).toBe('line one\nline two, "quoted"');
  });
});
