// POST /api/integrations/stock {"stock": [...]}: batches of stock on hand per SKU and warehouse from a company system, with a bearer integration key
// scoped to stock (issue 21). Answers each record: created, updated, unchanged or refused with the reason.
import { policies } from "~/domain/access/policy";
import { integrationRoute } from "~/lib/integration-route.server";

const route = integrationRoute("stock");

export const policy = policies.integration("stock");
export const loader = route.loader;
export const action = route.action;
