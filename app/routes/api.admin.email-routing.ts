// GET /api/admin/email-routing: data {defaultCc, emailRouting}; PUT {defaultCc, emailRouting} replaces it.
// Invalid addresses refuse the save (400 naming them); pick list emails read it at send time.
import type { RoutingConfig } from "~/domain/admin/contract";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { getEmailRouting, routingSchema, saveEmailRouting } from "~/services/admin-email-routing.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  GET: async ({ ctx }) => ok((await getEmailRouting(ctx)) satisfies RoutingConfig),
  PUT: async ({ request, ctx, viewer }) => ok((await saveEmailRouting(ctx, viewer, await parseJsonBody(request, routingSchema))) satisfies RoutingConfig),
});

export const loader = route.loader;
export const action = route.action;
