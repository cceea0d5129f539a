// GET /api/devanning-reports/export?status&containerNumber&dateFrom&dateTo&search: the devanning report list as
// filtered, within the viewer's scope, as a streamed CSV download (the list's view grant and query schema).
import { policies } from "~/domain/access/policy";
import { devanningListSchema } from "~/domain/reports/list";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { exportDevanningReports } from "~/services/reports-export.server";

export const policy = policies.grant("devanningReports:view");

const route = apiRoute(
  policy,
  { GET: ({ request, viewer, ctx }) => exportDevanningReports(ctx, viewer, parseSearchParams(request, devanningListSchema)) },
  { deniedMessage: "You do not have permission to view devanning reports." },
);

export const loader = route.loader;
export const action = route.action;
