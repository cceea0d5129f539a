// POST /api/admin/imports/check (multipart: kind = orders|products|stock, file): the CSV read and every row checked
// against the integration API's rules, nothing written; the preview, and each problem by row and column. Admins only.
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { checkImportFile } from "~/services/csv-import.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  POST: ({ request }) => checkImportFile(request),
});

export const loader = route.loader;
export const action = route.action;
