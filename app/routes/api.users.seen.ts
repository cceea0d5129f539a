// POST /api/users/seen: records that the signed-in member was seen (name and picture refreshed).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { methodNotAllowed, ok, parseJsonBody } from "~/lib/http.server";
import { markSeen } from "~/services/auth.server";

export const policy = policies.staff;

// The client sends its whole user object; only these fields are used, the rest is ignored.
const body = z.looseObject({
  name: z.string().max(200).optional(),
  picture: z.string().url().max(2000).nullish(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const update = await parseJsonBody(request, body);
  await markSeen(context.app, viewer, { name: update.name, picture: update.picture ?? null });
  return ok({ seen: true });
}
