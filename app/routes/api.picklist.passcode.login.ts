// POST /api/picklist/passcode/login {code}: an 8-hour picking session on this device, rate limited.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { jsonError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { clientKey, loginWithPasscode } from "~/services/auth.server";

export const policy = policies.public;

const body = z.object({ code: z.string().trim().min(1, "Enter code").max(64, "Code is too long") });

export async function loader() {
  methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await authorize(request, context, policy);
  const { code } = await parseJsonBody(request, body);
  const result = await loginWithPasscode(context.app, code, clientKey(request));
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return jsonError(result.status, result.error, undefined, { headers });
  }
  return Response.json(
    { success: true, data: { expiresAt: result.expiresAt, allowedLocations: result.allowedLocations } },
    { headers: { "Set-Cookie": result.cookie } },
  );
}
