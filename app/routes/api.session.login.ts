// POST /api/session/login {idToken}: exchanges a Google ID token for a server session (API clients).
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { DomainError } from "~/domain/errors";
import { IdentityError, verifyGoogleIdToken } from "~/lib/google.server";
import { parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { signInStaff } from "~/services/auth.server";

export const policy = policies.public;

const body = z.object({ idToken: z.string().min(20, "idToken is required").max(8192) });

const route = apiRoute(policy, {
  async POST({ request, ctx }) {
    const { idToken } = await parseJsonBody(request, body);
    const identity = await verifyGoogleIdToken(ctx.env, idToken).catch((error: unknown) => {
      if (error instanceof IdentityError) throw new DomainError(401, error.message);
      throw error;
    });
    const session = await signInStaff(ctx, identity);
    // A verified company account without a role (or one an admin removed) is known but not let in.
    if (!session.ok) throw new DomainError(403, session.error);
    return Response.json(
      { success: true, data: { email: identity.email, sessionExp: session.expiresAt, tokenExp: identity.tokenExp } },
      { headers: { "Set-Cookie": session.cookie } },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
