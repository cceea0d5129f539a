// POST /api/admin/imports/check (multipart: kind = orders|products|stock, file): the CSV read and every row checked
// against the integration API's rules, nothing written; the preview, and each problem by row and column. Admins only.
import type { ImportCheck } from "~/domain/imports/contract";
import { policies } from "~/domain/access/policy";
import { apiRoute } from "~/lib/route.server";
import { checkImportFile } from "~/services/csv-import.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  POST: async ({ request }) => (await checkImportFile(request)) satisfies ImportCheck,
});

export const loader = route.loader;
export const action = route.action;
