// GET /api/qb/customers/{id}: one QuickBooks customer for the customers page's detail panel. {success, data}.
import { policies } from "~/domain/access/policy";
import type { AccountingCustomer } from "~/domain/quickbooks/customers";
import { customerIdSchema } from "~/domain/quickbooks/schemas";
import { ok, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { getCustomer } from "~/services/quickbooks.server";

export const policy = policies.grant("customers:view");

const route = apiRoute(policy, {
  GET: async ({ params, ctx }) => ok((await getCustomer(ctx, parseParams(params, customerIdSchema).id)) satisfies AccountingCustomer),
});

export const loader = route.loader;
export const action = route.action;
