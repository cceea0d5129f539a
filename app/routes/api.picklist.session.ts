// GET /api/picklist/session: whether this device holds a picklist passcode session, and its warehouses.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { authorize, getPasscodeViewer } from "~/lib/guard.server";

export const policy = policies.public;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  const passcode = await getPasscodeViewer(request, context.app);
  if (!passcode) return Response.json({ success: true, authenticated: false, user: null });
  return Response.json({
    success: true,
    authenticated: true,
    user: { email: passcode.email, name: passcode.name, allowedLocations: passcode.allowedLocations, expiresAt: passcode.sessionExp },
  });
}
