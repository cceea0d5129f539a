// POST /api/integrations/locations {"locations": [...]}: batches of warehouse locations (their 'Last Synced' time) from a company system, with a bearer integration key
// scoped to locations (issue 21). Answers each record: created, updated, unchanged or refused with the reason.
import { policies } from "~/domain/access/policy";
import { integrationRoute } from "~/lib/integration-route.server";

const route = integrationRoute("locations");

export const policy = policies.integration("locations");
export const loader = route.loader;
export const action = route.action;
