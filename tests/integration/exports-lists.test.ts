// The CSV exports of Return Forms, Customer Applications, both report lists, admin Users and Workers against a
// real seeded libSQL file: each file holds the rows of its list as searched, filtered and sorted (read through the
// list's own /api route), within the viewer's scope; keyset chunks over ties and NULL sort values neither skip nor
// repeat a row; viewers the list refuses are refused the file.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerApplications, locations, roleGrants, stockTransferReports, users, warehouseWorkers } from "../../db/schema";
import { applicationListQuerySchema } from "~/domain/applications/schemas";
import { devanningListSchema, stockTransferListSchema } from "~/domain/reports/list";
import { returnListQuerySchema } from "~/domain/returns/schemas";
import { CSV_BOM, parseCsv } from "~/lib/csv";
import { getStaffViewer } from "~/lib/session.server";
import * as adminUsers from "~/routes/api.admin.users";
import * as adminUsersExport from "~/routes/api.admin.users.export";
import * as applications from "~/routes/api.applications";
import * as applicationsExport from "~/routes/api.applications.export";
import * as devanning from "~/routes/api.devanning-reports";
import * as devanningExport from "~/routes/api.devanning-reports.export";
import * as returns from "~/routes/api.return-requests";
import * as returnsExport from "~/routes/api.return-requests.export";
import * as stockTransfer from "~/routes/api.stock-transfer-reports";
import * as stockTransferExport from "~/routes/api.stock-transfer-reports.export";
import * as workers from "~/routes/api.warehouse-workers";
import * as workersExport from "~/routes/api.warehouse-workers.export";
import { exportApplications } from "~/services/applications-export.server";
import { exportAdminUsers, exportWorkers } from "~/services/people-export.server";
import { exportDevanningReports, exportStockTransferReports } from "~/services/reports-export.server";
import { exportReturnRequests } from "~/services/returns-export.server";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookies } from "../support/context";

type Loader = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;
let ctx: ReturnType<typeof createTestContext>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  Object.assign(cookies, await staffCookies(ctx.app, ["admin", "logistics", "sales", "warehouse", "driver"]));
  // Ties and NULL sort values for the applications' keyset: same names, no address, no decision yet.
  const at = SEED_NOW.toISOString();
  await db.insert(customerApplications).values([
    { companyName: "Twin Rice Co", email: "a@twin.test", status: "Pending", addresses: [], createdAt: at },
    { companyName: "twin rice co", email: "b@twin.test", status: "Pending", addresses: [], createdAt: at },
    { companyName: "Twin Rice Co", email: "c@twin.test", status: "Approved", decisionDate: "2025-06-01T10:00:00.000Z", addresses: [{ street: "1 Main St", city: "Edison", state: "NJ", postalCode: "08817" }], createdAt: at },
    { companyName: "=cmd|' /C calc'!A0", email: "d@twin.test", status: "Declined", decisionDate: "2025-06-01T10:00:00.000Z", addresses: [{ street: "", city: "", state: "" }], createdAt: at },
  ]);
}, 60_000);

async function bodyText(res: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
}

async function call(loader: Loader, path: string, who: string | null) {
  const res = (await settle(() => loader({ request: request(path, { cookie: who ? cookies[who] : undefined }), context: ctx, params: {} }))) as Response;
  return { status: res.status, res, text: await bodyText(res) };
}

function table(text: string) {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const [header, ...rows] = parseCsv(text);
  return { header: header!, rows, column: (name: string) => rows.map((r) => r[header!.indexOf(name)]!) };
}

async function csvColumn(loader: Loader, path: string, who: string, column: string) {
  const { status, res, text } = await call(loader, path, who);
  expect(status, text.slice(0, 200)).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  return table(text).column(column);
}

const viewerOf = async (who: string) => (await getStaffViewer(request("/", { cookie: cookies[who] }), ctx.app))!;
const query = <T>(schema: { parse: (v: unknown) => T }, q: string) => schema.parse(Object.fromEntries(new URLSearchParams(q)));

describe("Return Forms", () => {
  const queries = ["", "sort=companyName&dir=asc", "sort=items&dir=desc", "sort=status", "sort=location&dir=desc", "status=pending", "search=golden&searchBy=companyName", "search=RET&searchBy=returnID&sort=orderNum"];
  it.each(queries)("the list's rows in its order: %j", async (q) => {
    const listed = JSON.parse((await call(returns.loader, `/api/return-requests?${q}&limit=500`, "logistics")).text) as { returnID: string }[];
    expect(await csvColumn(returnsExport.loader, `/api/return-requests/export?${q}`, "logistics", "Return ID")).toEqual(listed.map((r) => r.returnID));
  });
  it.each(queries)("chunks of 3 by keyset: %j", async (q) => {
    const whole = (await call(returnsExport.loader, `/api/return-requests/export?${q}`, "logistics")).text;
    expect(await bodyText(await exportReturnRequests(ctx.app, query(returnListQuerySchema, q), { chunkRows: 3 }))).toBe(whole);
  });
  it("a line per request with its items, status label and file name", async () => {
    const { res, text } = await call(returnsExport.loader, "/api/return-requests/export?status=under_review", "driver");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="return-requests-2025-06-18.csv"');
    const { header, rows, column } = table(text);
    expect(header).toContain("Item Details");
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(column("Status"))).toEqual(new Set(["Under Review"]));
    expect(column("Item Details").every((d) => / x \d+/.test(d))).toBe(true);
  });
  it("refused to those the list refuses", async () => {
    expect((await call(returnsExport.loader, "/api/return-requests/export", null)).status).toBe(401);
    expect((await call(returnsExport.loader, "/api/return-requests/export", "warehouse")).status).toBe(403);
    expect((await call(returnsExport.loader, "/api/return-requests/export?sort=nope", "admin")).status).toBe(400);
  });
});

describe("Customer Applications", () => {
  const queries = ["", "sort=decisionDate&dir=asc", "sort=location&dir=asc", "sort=location&dir=desc", "sort=companyName", "sort=companyName&dir=desc", "sort=status&dir=desc", "status=pending", "search=twin&searchBy=companyName"];
  it.each(queries)("the list's rows in its order: %j", async (q) => {
    const listed = JSON.parse((await call(applications.loader, `/api/applications?${q}&limit=500`, "sales")).text) as { data: { _id: number }[] };
    expect(await csvColumn(applicationsExport.loader, `/api/applications/export?${q}`, "sales", "Application ID")).toEqual(listed.data.map((r) => String(r._id)));
  });
  it.each(queries)("chunks of 2 by keyset, over ties and NULLs: %j", async (q) => {
    const whole = (await call(applicationsExport.loader, `/api/applications/export?${q}`, "sales")).text;
    expect(await bodyText(await exportApplications(ctx.app, query(applicationListQuerySchema, q), { chunkRows: 2 }))).toBe(whole);
  });
  it("guards a formula in a company name and writes an address on one line", async () => {
    const { header, rows } = table((await call(applicationsExport.loader, "/api/applications/export?search=twin.test&searchBy=email&sort=companyName", "admin")).text);
    const byEmail = Object.fromEntries(rows.map((r) => [r[header.indexOf("Email")], Object.fromEntries(header.map((h, i) => [h, r[i]]))]));
    expect(byEmail["d@twin.test"]!.Company).toBe("'=cmd|' /C calc'!A0");
    expect(byEmail["c@twin.test"]!.Addresses).toBe("1 Main St, Edison, NJ 08817");
  });
  it("refused to those the list refuses", async () => {
    expect((await call(applicationsExport.loader, "/api/applications/export", "driver")).status).toBe(403);
    expect((await call(applicationsExport.loader, "/api/applications/export", "warehouse")).status).toBe(403);
  });
});

describe("reports", () => {
  it.each(["", "status=approved", "search=a"])("devanning: the list's rows in its order (%j)", async (q) => {
    const listed = JSON.parse((await call(devanning.loader, `/api/devanning-reports?${q}&limit=100`, "logistics")).text) as { reports: { id: number }[] };
    expect(listed.reports.length).toBeGreaterThan(0);
    expect(await csvColumn(devanningExport.loader, `/api/devanning-reports/export?${q}`, "logistics", "Report ID")).toEqual(listed.reports.map((r) => String(r.id)));
    const whole = (await call(devanningExport.loader, `/api/devanning-reports/export?${q}`, "logistics")).text;
    expect(await bodyText(await exportDevanningReports(ctx.app, await viewerOf("logistics"), query(devanningListSchema, q), { chunkRows: 2 }))).toBe(whole);
  });
  it.each(["", "status=submitted", "receivingLocation=NY%20Main%20-%20Hicksville"])("stock transfer: the list's rows in its order (%j)", async (q) => {
    const listed = JSON.parse((await call(stockTransfer.loader, `/api/stock-transfer-reports?${q}&limit=100`, "logistics")).text) as { reports: { id: number }[] };
    expect(await csvColumn(stockTransferExport.loader, `/api/stock-transfer-reports/export?${q}`, "logistics", "Report ID")).toEqual(listed.reports.map((r) => String(r.id)));
    const whole = (await call(stockTransferExport.loader, `/api/stock-transfer-reports/export?${q}`, "logistics")).text;
    expect(await bodyText(await exportStockTransferReports(ctx.app, await viewerOf("logistics"), query(stockTransferListSchema, q), { chunkRows: 2 }))).toBe(whole);
  });
  it("a viewer whose report grant is limited to a warehouse gets only that warehouse's reports, as in the list", async () => {
    const grant = and(eq(roleGrants.roleId, "logistics-manager"), eq(roleGrants.key, "stockTransferReports:view"));
    const [nj] = await ctx.app.db.select().from(locations).where(eq(locations.id, "NJ-WH"));
    const [member] = await ctx.app.db.select().from(users).where(eq(users.email, "logistics@goldengrain.test"));
    await ctx.app.db.update(roleGrants).set({ scope: "location" }).where(grant);
    await ctx.app.db.update(users).set({ locationIds: ["NJ-WH"] }).where(eq(users.id, member!.id));
    try {
      const all = await ctx.app.db.select().from(stockTransferReports);
      const expected = all.filter((r) => r.receivingLocation === nj!.name);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      const listed = JSON.parse((await call(stockTransfer.loader, "/api/stock-transfer-reports?limit=100", "logistics")).text) as { reports: { id: number }[] };
      const exported = await csvColumn(stockTransferExport.loader, "/api/stock-transfer-reports/export", "logistics", "Report ID");
      expect(exported).toEqual(listed.reports.map((r) => String(r.id)));
      expect(exported.map(Number).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    } finally {
      await ctx.app.db.update(roleGrants).set({ scope: "all" }).where(grant);
      await ctx.app.db.update(users).set({ locationIds: member!.locationIds }).where(eq(users.id, member!.id));
    }
  });
  it("the warehouse employee, who may submit but not view reports, is refused both files with the list's words", async () => {
    const dv = await call(devanningExport.loader, "/api/devanning-reports/export", "warehouse");
    expect(dv.status).toBe(403);
    expect(JSON.parse(dv.text).error).toBe("You do not have permission to view devanning reports.");
    const st = await call(stockTransferExport.loader, "/api/stock-transfer-reports/export", "warehouse");
    expect(st.status).toBe(403);
    expect(JSON.parse(st.text).error).toBe("You do not have permission to view stock transfer reports.");
    expect((await call(stockTransferExport.loader, "/api/stock-transfer-reports/export?dateFrom=yesterday", "admin")).status).toBe(400);
  });
});

describe("admin Users and Workers", () => {
  it.each(["", "q=golden", "q=wendy"])("users: the list's rows in its order (%j)", async (q) => {
    const listed = JSON.parse((await call(adminUsers.loader, `/api/admin/users?${q}&limit=100`, "admin")).text) as { data: { email: string }[] };
    expect(await csvColumn(adminUsersExport.loader, `/api/admin/users/export?${q}`, "admin", "Email")).toEqual(listed.data.map((r) => r.email));
    const whole = (await call(adminUsersExport.loader, `/api/admin/users/export?${q}`, "admin")).text;
    expect(await bodyText(await exportAdminUsers(ctx.app, { q: new URLSearchParams(q).get("q") ?? "" }, { chunkRows: 2 }))).toBe(whole);
  });
  it("users: role names and location names, not ids", async () => {
    const { header, rows } = table((await call(adminUsersExport.loader, "/api/admin/users/export?q=driver@", "admin")).text);
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0]![i]]));
    expect(row.Role).toBe("Delivery Driver");
    expect(row.Locations).not.toMatch(/NY-MAIN/);
  });
  it("users: admins only", async () => {
    expect((await call(adminUsersExport.loader, "/api/admin/users/export", "logistics")).status).toBe(403);
    expect((await call(adminUsersExport.loader, "/api/admin/users/export", null)).status).toBe(401);
  });
  it.each(["", "active=true", "active=false", "q=chen"])("workers: the list's rows in its order (%j)", async (q) => {
    const listed = JSON.parse((await call(workers.loader, `/api/warehouse-workers?${q}`, "sales")).text) as { data: { _id: string }[] };
    expect(await csvColumn(workersExport.loader, `/api/warehouse-workers/export?${q}`, "sales", "Worker ID")).toEqual(listed.data.map((r) => r._id));
  });
  it("workers: chunks of 2 by keyset over equal names", async () => {
    await ctx.app.db.insert(warehouseWorkers).values([{ name: "Same Name" }, { name: "Same Name" }, { name: "Same Name" }]);
    const whole = (await call(workersExport.loader, "/api/warehouse-workers/export", "admin")).text;
    expect(table(whole).column("Name").filter((n) => n === "Same Name")).toHaveLength(3);
    expect(await bodyText(await exportWorkers(ctx.app, {}, { chunkRows: 2 }))).toBe(whole);
  });
  it("workers: refused to those the list refuses", async () => {
    expect((await call(workersExport.loader, "/api/warehouse-workers/export", "warehouse")).status).toBe(403);
    expect((await call(workersExport.loader, "/api/warehouse-workers/export", "driver")).status).toBe(403);
  });
});
