// POST /api/users/seen: records that the signed-in member was seen. The spec's client sends its whole user
// object; none of it is stored (name and picture come only from the verified Google identity).
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { markSeen } from "~/services/auth.server";

export const policy = policies.staff;

const body = z.looseObject({});

const route = apiRoute(policy, {
  async POST({ request, viewer, ctx }) {
    await parseJsonBody(request, body);
    return ok({ seen: true, ...(await markSeen(ctx, viewer)) });
  },
});

export const loader = route.loader;
export const action = route.action;
