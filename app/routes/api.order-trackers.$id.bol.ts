// GET or POST /api/order-trackers/{id}/bol: the order's bill of lading. GET (bol:view) answers {exists, data,
// presignedUrl}; POST (bol:create) takes the BOL fields, renders the PDF and answers its presignedUrl.
import { policies } from "~/domain/access/policy";
import { bolBodySchema } from "~/domain/documents/bol";
import type { BolAnswer } from "~/domain/documents/contract";
import { parseJsonBody } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import { getBol, requireBolCreate, saveBol } from "~/services/bol.server";

export const policy = policies.grant("bol:view", "bol:create");

const route = apiRoute(policy, {
  GET: async ({ params, viewer, ctx }) =>
    (await getBol(ctx, viewer, params.id ?? "")) satisfies BolAnswer,
  async POST({ request, params, viewer, ctx }) {
    // Viewing a BOL lets one through the door; creating one is refused before the body is read.
    requireBolCreate(viewer);
    const key = idempotencyKeyOf(request);
    const body = await parseJsonBody(request, bolBodySchema);
    return saveBol(ctx, viewer, params.id ?? "", body, key);
  },
});

export const loader = route.loader;
export const action = route.action;
