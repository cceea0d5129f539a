// GET /api/tasks: the viewer's Task Center: {success, data: {tasks, alerts, unread}}.
import { policies } from "~/domain/access/policy";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { listTasksFor } from "~/services/tasks.server";

export const policy = policies.grant("tasks:view");

const route = apiRoute(policy, {
  GET: async ({ viewer, ctx }) => ok(await listTasksFor(ctx, viewer), { headers: { "Cache-Control": "private, no-store" } }),
});

export const loader = route.loader;
export const action = route.action;
