// POST /api/tasks/read-all: marks every task and alert the viewer can see as read.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { markAllRead } from "~/services/tasks.server";

export const policy = policies.grant("tasks:view");

const route = apiRoute(policy, {
  async POST({ request, viewer, ctx }) {
    await parseJsonBody(request, z.unknown());
    return ok(await markAllRead(ctx, viewer));
  },
});

export const loader = route.loader;
export const action = route.action;
