// GET /api/return-requests/{id}/items/{index}/images: the item's photos as image records (name, presignedUrl).
import { policies } from "~/domain/access/policy";
import type { ImageRecord } from "~/domain/returns/contract";
import { itemParamsSchema } from "~/domain/returns/schemas";
import { parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { itemImages } from "~/services/returns.server";

export const policy = policies.grant("returns:view");

const route = apiRoute(policy, {
  async GET({ params, ctx }) {
    const { id, index } = parseParams(params, itemParamsSchema);
    return Response.json((await itemImages(ctx, id, index)) satisfies ImageRecord[]);
  },
});

export const loader = route.loader;
export const action = route.action;
