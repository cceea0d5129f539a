// POST /api/integrations/orders {"orders": [...]}: batches of orders with their lines from a company system, with a bearer integration key
// scoped to orders (issue 21). Answers each record: created, updated, unchanged or refused with the reason.
import { policies } from "~/domain/access/policy";
import { integrationRoute } from "~/lib/integration-route.server";

const route = integrationRoute("orders");

export const policy = policies.integration("orders");
export const loader = route.loader;
export const action = route.action;
