// GET /api/picklist/session: whether this device holds a picklist passcode session, and its warehouses.
import { policies } from "~/domain/access/policy";
import { getPasscodeViewer } from "~/lib/guard.server";
import { apiRoute } from "~/lib/route.server";

export const policy = policies.public;

const route = apiRoute(policy, {
  async GET({ request, ctx }) {
    const passcode = await getPasscodeViewer(request, ctx);
    if (!passcode) return { success: true, authenticated: false, user: null };
    return {
      success: true,
      authenticated: true,
      user: { email: passcode.email, name: passcode.name, allowedLocations: passcode.allowedLocations, expiresAt: passcode.sessionExp },
    };
  },
});

export const loader = route.loader;
export const action = route.action;
