// POST /api/admin/imports/run {kind, sourceSystem, header, rows: [{row, cells}]}: one chunk of a checked CSV,
// checked again and upserted through the integration API's functions; each record's outcome by row. Admins only.
import type { ImportRun } from "~/domain/imports/contract";
import { policies } from "~/domain/access/policy";
import { parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { importChunk, importChunkSchema } from "~/services/csv-import.server";

export const policy = policies.admin;

const route = apiRoute(policy, {
  POST: async ({ request, viewer, ctx }) => (await importChunk(ctx, viewer, await parseJsonBody(request, importChunkSchema))) satisfies ImportRun,
});

export const loader = route.loader;
export const action = route.action;
