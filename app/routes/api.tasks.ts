// GET /api/tasks: the viewer's Task Center: {success, data: {tasks, alerts, unread}}.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { ok } from "~/lib/http.server";
import { listTasksFor } from "~/services/tasks.server";

export const policy = policies.grant("tasks:view");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  return ok(await listTasksFor(context.app, viewer), { headers: { "Cache-Control": "private, no-store" } });
}
