// POST /auth/google: starts the Google OAuth code flow (remix-auth-google), remembering where to land.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { postLoginCookie } from "~/lib/post-login.server";
import { safeRedirectTarget } from "~/domain/access/redirect";
import { googleAuthenticator } from "~/lib/google.server";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";

export const policy = policies.public;

export async function loader() {
  return redirect("/login");
}

export async function action({ request, context }: ActionFunctionArgs) {
  await authorize(request, context, policy);
  // A body that is not a form (a stray JSON call) simply lands on the home page afterwards.
  const form = await request.clone().formData().catch(() => null);
  const target = safeRedirectTarget(String(form?.get("redirectTo") ?? "/"));
  try {
    await googleAuthenticator(context.app.env).authenticate("google", request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      thrown.headers.append("Set-Cookie", postLoginCookie(context.app, target));
      throw thrown;
    }
    throw thrown;
  }
  return redirect(`/login?error=failed`);
}

