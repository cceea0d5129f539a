// Order Tracking's first page from the loader (docs/decisions/008-page-data.md): the query the screen starts
// with, and one reading of an /api list or KPI body whether it was fetched or came with the page.
import { describe, expect, it } from "vitest";
import { initialListQuery, listUrl, readKpisBody, readListBody } from "~/components/orders/api";

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

describe("reading a list or KPI body", () => {
  it("reads rows, pagination and the allowed order types", () => {
    const body = { success: true, data: [{ orderNumber: "SO-1" }], pagination: { page: 1, pages: 4, total: 80 }, meta: { allowedOrderTypes: ["Freight"] } };
    expect(readListBody(body, { page: 1 })).toEqual({ rows: [{ orderNumber: "SO-1" }], pagination: { page: 1, pages: 4, total: 80 }, allowedOrderTypes: ["Freight"] });
  });
  it("throws the route's error message for a refusal", () => {
    expect(() => readListBody({ success: false, error: "Invalid input: search: Order date must be YYYY-MM-DD" }, { page: 1 })).toThrow("Order date must be YYYY-MM-DD");
    expect(() => readKpisBody({ success: false, error: "Not signed in" }, 401)).toThrow("Not signed in");
  });
  it("reads the three KPI counts", () => {
    expect(readKpisBody({ success: true, data: { ordersToday: 2, awaitingTrucking: 0, notDelivered: 18 } })).toEqual({ ordersToday: 2, awaitingTrucking: 0, notDelivered: 18 });
  });
});
