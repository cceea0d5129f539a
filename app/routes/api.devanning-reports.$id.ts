// GET /api/devanning-reports/{id}: one report (the list's rows carry the same shape).
import { policies } from "~/domain/access/policy";
import { reportIdParams } from "~/domain/reports/params";
import { parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { getDevanningReport } from "~/services/reports-devanning.server";

export const policy = policies.grant("devanningReports:view");

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const { id } = parseParams(params, reportIdParams);
    return { success: true, report: await getDevanningReport(ctx, viewer, id) };
  },
});

export const loader = route.loader;
export const action = route.action;
