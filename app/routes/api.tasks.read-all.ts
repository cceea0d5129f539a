// POST /api/tasks/read-all {ids?}: marks every task and alert the viewer can see as read, or only the given ones.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { markRead } from "~/services/tasks.server";

export const policy = policies.grant("tasks:view");

// Item ids as the bell shows them ('task:{block}:{orderId}', 'note:{id}'); ids of other lists are ignored.
const bodySchema = z.object({ ids: z.array(z.string().max(64)).max(500).optional() });

const route = apiRoute(policy, {
  async POST({ request, viewer, ctx }) {
    const { ids } = await parseJsonBody(request, bodySchema);
    return ok(await markRead(ctx, viewer, ids));
  },
});

export const loader = route.loader;
export const action = route.action;
