// POST /api/delivery/unknown/issue-photo: a driver's help request without an order (multipart: image?, note?).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { methodNotAllowed } from "~/lib/http.server";
import { parseHelpForm, requestHelp } from "~/services/help.server";

export const policy = policies.grant("help:request");

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const input = await parseHelpForm(request);
  await requestHelp(context.app, viewer, input);
  return Response.json({ success: true });
}
