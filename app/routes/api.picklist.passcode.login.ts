// POST /api/picklist/passcode/login {code}: an 8-hour picking session on this device, rate limited by the
// platform's connecting address.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { RateLimitedError, DomainError } from "~/domain/errors";
import { parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { clientKey, loginWithPasscode } from "~/services/auth.server";
import type { PasscodeLogin } from "~/domain/picking/contract";

export const policy = policies.public;

const body = z.object({
  code: z.string().trim().min(1, "Enter code").max(64, "Code is too long"),
});

const route = apiRoute(policy, {
  async POST({ request, ctx }) {
    const { code } = await parseJsonBody(request, body);
    const result = await loginWithPasscode(ctx, code, clientKey(ctx, request));
    if (!result.ok) {
      if (result.status === 429) throw new RateLimitedError(result.error, result.retryAfterSeconds ?? 60);
      throw new DomainError(result.status, result.error);
    }
    return Response.json(
      {
        success: true,
        data: {
          expiresAt: result.expiresAt,
          allowedLocations: result.allowedLocations,
        } satisfies PasscodeLogin,
      },
      { headers: { "Set-Cookie": result.cookie } }
    );
  },
});

export const loader = route.loader;
export const action = route.action;
