// POST /api/session/login {idToken}: exchanges a Google ID token for a server session (API clients).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { IdentityError, verifyGoogleIdToken } from "~/lib/google.server";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { fail, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { signInStaff } from "~/services/auth.server";

export const policy = policies.public;

const body = z.object({ idToken: z.string().min(20, "idToken is required").max(8192) });

export async function loader() {
  methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await authorize(request, context, policy);
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const { idToken } = await parseJsonBody(request, body);
  let identity;
  try {
    identity = await verifyGoogleIdToken(context.app.env, idToken);
  } catch (error) {
    if (error instanceof IdentityError) fail(401, error.message);
    throw error;
  }
  const session = await signInStaff(context.app, identity);
  return Response.json(
    { success: true, data: { email: identity.email, sessionExp: session.expiresAt, tokenExp: identity.tokenExp } },
    { headers: { "Set-Cookie": session.cookie } },
  );
}
