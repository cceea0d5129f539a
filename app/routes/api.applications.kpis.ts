// GET /api/applications/kpis: Applications, Pending (Completed counts as Pending), Approved, Declined.
import { policies } from "~/domain/access/policy";
import type { ApplicationKpis } from "~/domain/applications/contract";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { applicationKpis } from "~/services/applications.server";

export const policy = policies.grant("applications:view");

const route = apiRoute(policy, {
  GET: async ({ ctx }) => ok((await applicationKpis(ctx)) satisfies ApplicationKpis),
});

export const loader = route.loader;
export const action = route.action;
