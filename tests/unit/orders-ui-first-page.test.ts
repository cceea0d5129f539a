// Order Tracking's first page from the loader (docs/decisions/008-page-data.md): the query the screen starts
// with, and one reading of an /api list or KPI body whether it was fetched or came with the page.
import { describe, expect, it, vi } from "vitest";
import { initialListQuery, listUrl } from "~/components/orders/api";
import { readKpisBody, readListBody } from "~/components/orders/first-page.server";

describe("the first query", () => {
  const first = (search: string, pageSize = 25) => initialListQuery(new URLSearchParams(search), pageSize);
  it("takes only the entry search from the page URL; everything else is the default", () => {
    expect(first("?searchBy=orderNumber&search=SO-100005&orderType=Freight&page=3", 500)).toEqual({
      page: 1, limit: 500, search: "SO-100005", searchBy: "orderNumber", sort: "", dir: "", quick: "", filters: { paymentStatus: "", orderStatus: "", orderType: "", warehouseLocation: "", truckingCompany: "" },
    });
  });
  it("falls back to customer or order # for an unknown search field", () => {
    expect(first("?searchBy=password&search=x").searchBy).toBe("customerOrOrder");
  });
  it("is the request the screen would make first", () => {
    expect(listUrl(first(""))).toBe("/api/order-trackers?page=1&limit=25&light=true");
  });
});

const row = {
  _id: "1", id: 1, orderNumber: "SO-1", customerName: "Acme", createdBy: "Rep", paymentStatus: "Paid: Zelle", orderStatus: "Pending", orderType: "Freight",
  truckingCompany: "", warehouseLocation: "LA", warehouseAssignment: [], notes: "", orderDate: "2026-01-02", updatedAt: "2026-01-02T00:00:00Z",
  lastUpdatedAt: null, deliveryCompletedAt: null, hasDeliveryOrder: false, address: { lines: [], mapsUrl: null }, version: 1,
};
const listBody = { success: true, data: [row], pagination: { page: 1, pages: 4, total: 80, limit: 25 }, meta: { allowedOrderTypes: ["Freight"] } };

describe("reading the loader's copy of a list or KPI body (the fetched answer's contract)", () => {
  it.each<[string, unknown, unknown]>([
    ["a list: rows, pagination and the allowed order types", listBody, { ok: true, status: 200, data: { rows: [row], pagination: { page: 1, pages: 4, total: 80 }, allowedOrderTypes: ["Freight"] } }],
    ["the three KPI counts", { success: true, data: { ordersToday: 2, awaitingTrucking: null, notDelivered: 18 } }, { ok: true, status: 200, data: { ordersToday: 2, awaitingTrucking: null, notDelivered: 18 } }],
  ])("%s", (_name, body, expected) => {
    const read = "pagination" in (body as object) ? readListBody(body) : readKpisBody(body);
    expect(read).toEqual(expected);
  });

  it.each<[string, unknown, string]>([
    ["a refused search, in the field's plain words", { success: false, error: "Invalid input: search: Order date must be YYYY-MM-DD" }, "Order date must be YYYY-MM-DD"],
    ["a refusal's own words", { success: false, error: "Not signed in" }, "Not signed in"],
  ])("a list refusal: %s", (_name, body, message) => {
    const read = readListBody(body);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.message).toBe(message);
  });

  it("a body that does not match the contract is a plain failure, not a crash", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const read = readListBody({ success: true, data: [{ orderNumber: "SO-1" }] });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.message).toMatch(/could not be read/);
    warn.mockRestore();
  });
});
