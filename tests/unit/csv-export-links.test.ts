// The Export CSV links: a list's own URL or query becomes its export call with the same search, filters and sort,
// and without the paging the file does not have.
import { describe, expect, it } from "vitest";
import { exportHref } from "~/components/lists/export-link";
import { listUrl } from "~/components/orders/api";
import { EMPTY_FILTERS } from "~/components/orders/types";
import { listQueryUrl } from "~/components/lists/use-server-list";

describe("exportHref", () => {
  const cases: [path: string, query: string | URLSearchParams, out: string][] = [
    ["/api/return-requests/export", "/api/return-requests?page=3&limit=50&searchBy=companyName&sort=submittedAt", "/api/return-requests/export?searchBy=companyName&sort=submittedAt"],
    ["/api/order-trackers/export", "/api/order-trackers?page=2&limit=25&light=true", "/api/order-trackers/export"],
    ["/api/devanning-reports/export", new URLSearchParams("status=pending&page=4&search=a%26b"), "/api/devanning-reports/export?status=pending&search=a%26b"],
    ["/api/admin/users/export", "", "/api/admin/users/export"],
    ["/api/warehouse-workers/export", "active=true&q=chen", "/api/warehouse-workers/export?active=true&q=chen"],
  ];
  it.each(cases)("%s from %s", (path, query, out) => expect(exportHref(path, query)).toBe(out));

  it("Order Tracking: the screen's search, filters, sort and quick filter reach the export", () => {
    const href = exportHref(
      "/api/order-trackers/export",
      listUrl({ page: 4, limit: 25, search: "golden", searchBy: "customerName", sort: "orderDate", dir: "asc", quick: "notDelivered", filters: { ...EMPTY_FILTERS, orderType: "Freight" } }),
    );
    const params = new URL(href, "http://x").searchParams;
    expect(new URL(href, "http://x").pathname).toBe("/api/order-trackers/export");
    expect(Object.fromEntries(params)).toEqual({ search: "golden", searchBy: "customerName", sort: "orderDate", dir: "asc", orderType: "Freight", quick: "notDelivered" });
  });

  it("a review list: its search, status and sort, not its page", () => {
    const href = exportHref("/api/applications/export", listQueryUrl("/api/applications", { search: " acme ", searchBy: "ownerName", status: "pending", sort: "companyName", dir: "desc", page: 7 }, 50));
    expect(href).toBe("/api/applications/export?searchBy=ownerName&sort=companyName&search=acme&status=pending&dir=desc");
  });
});
