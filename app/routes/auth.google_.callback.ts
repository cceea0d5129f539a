// GET /auth/google/callback: completes the code flow, checks the company identity, opens a server session.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { googleAuthenticator, IdentityError } from "~/lib/google.server";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { clearPostLogin, readPostLogin } from "~/lib/post-login.server";
import { signInStaff } from "~/services/auth.server";
import { noAction } from "~/lib/route.server";

export const policy = policies.public;

// No writes here: any non-GET gets a clean 405 (never Remix\'s message naming the route).
export const action = noAction(policy);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  const ctx = context.app;
  let identity;
  try {
    identity = await googleAuthenticator(ctx.env).authenticate("google", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    const cause = (error as { cause?: unknown }).cause ?? error;
    const message = cause instanceof Error ? cause.message : String(cause);
    const code = cause instanceof IdentityError ? (message.includes("verified") ? "unverified" : "domain") : "failed";
    return redirect(`/login?error=${code}`, { headers: { "Set-Cookie": clearPostLogin(ctx) } });
  }
  const session = await signInStaff(ctx, identity);
  if (!session.ok) return redirect(`/login?error=${session.reason}`, { headers: { "Set-Cookie": clearPostLogin(ctx) } });
  const headers = new Headers();
  headers.append("Set-Cookie", session.cookie);
  headers.append("Set-Cookie", clearPostLogin(ctx));
  return redirect(`/auth/complete?to=${encodeURIComponent(readPostLogin(request))}`, { headers });
}
