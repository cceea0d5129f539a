// POST /api/tasks/read-all: marks every task and alert the viewer can see as read.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { methodNotAllowed, ok } from "~/lib/http.server";
import { markAllRead } from "~/services/tasks.server";

export const policy = policies.grant("tasks:view");

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  return ok(await markAllRead(context.app, viewer));
}
