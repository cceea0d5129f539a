// POST /api/tasks/clear-completed {target?: 'all' | 'tasks' | 'alerts'}: hides read alerts and finished orders' tasks.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { methodNotAllowed, ok, parseJsonBody } from "~/lib/http.server";
import { clearCompleted } from "~/services/tasks.server";

export const policy = policies.grant("tasks:view");

const bodySchema = z.object({ target: z.enum(["all", "tasks", "alerts"]).default("all") });

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const { target } = await parseJsonBody(request, bodySchema);
  return ok(await clearCompleted(context.app, viewer, target));
}
