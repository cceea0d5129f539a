// GET / PUT /api/delivery/settings: the proof each order type needs before a delivery can be completed
// (receiver name, signature, photo, COD photo). Admins only.
import { policies } from "~/domain/access/policy";
import type { RequiredProofSettings } from "~/domain/delivery/contract";
import { parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { requiredProofBodySchema, requiredProofSettings, saveRequiredProof } from "~/services/delivery.server";

export const policy = policies.grant("admin:manage");

const route = apiRoute(policy, {
  async GET({ ctx }) {
    const data: RequiredProofSettings = {
      requiredProof: await requiredProofSettings(ctx),
    };
    return { success: true, data };
  },
  async PUT({ request, viewer, ctx }) {
    const body = await parseJsonBody(request, requiredProofBodySchema);
    const data: RequiredProofSettings = {
      requiredProof: await saveRequiredProof(ctx, viewer, body),
    };
    return { success: true, data };
  },
});

export const loader = route.loader;
export const action = route.action;
