// POST /api/integrations/orders {"orders": [...]}: batches of orders with their lines from a company system, with a bearer integration key
// scoped to orders (issue 21). Answers each record: created, updated, unchanged or refused with the reason.
import { integrationRoute } from "~/lib/integration-route.server";

const route = integrationRoute("orders");

export const policy = route.policy;
export const loader = route.loader;
export const action = route.action;
