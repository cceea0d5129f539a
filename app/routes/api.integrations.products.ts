// POST /api/integrations/products {"products": [...]}: batches of products with their bins and barcodes from a company system, with a bearer integration key
// scoped to products (issue 21). Answers each record: created, updated, unchanged or refused with the reason.
import { policies } from "~/domain/access/policy";
import { integrationRoute } from "~/lib/integration-route.server";

const route = integrationRoute("products");

export const policy = policies.integration("products");
export const loader = route.loader;
export const action = route.action;
