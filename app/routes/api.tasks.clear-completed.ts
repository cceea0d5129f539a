// POST /api/tasks/clear-completed {target?: 'all' | 'tasks' | 'alerts'}: hides read alerts and finished orders' tasks.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { ok, parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { clearCompleted } from "~/services/tasks.server";

export const policy = policies.grant("tasks:view");

const bodySchema = z.object({ target: z.enum(["all", "tasks", "alerts"]).default("all") });

const route = apiRoute(policy, {
  async POST({ request, viewer, ctx }) {
    const { target } = await parseJsonBody(request, bodySchema);
    return ok(await clearCompleted(ctx, viewer, target));
  },
});

export const loader = route.loader;
export const action = route.action;
