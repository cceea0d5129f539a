// GET /api/qb/customers?name&limit: QuickBooks customers whose display name contains `name` (the customers
// page's search, and the order screen's balance lookup with limit=5). Response {success, data[]}.
import { policies } from "~/domain/access/policy";
import type { AccountingCustomer } from "~/domain/quickbooks/customers";
import { customerSearchQuerySchema } from "~/domain/quickbooks/schemas";
import { ok, parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { searchCustomers } from "~/services/quickbooks.server";

export const policy = policies.grant("customers:view");

const route = apiRoute(policy, {
  GET: async ({ request, ctx }) => ok((await searchCustomers(ctx, parseSearchParams(request, customerSearchQuerySchema))) satisfies AccountingCustomer[]),
});

export const loader = route.loader;
export const action = route.action;
