// /auth/complete: after sign-in, replace-navigates to the remembered target (with its hash) after ~40 ms.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { safeRedirectTarget } from "~/domain/access/redirect";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { noAction } from "~/lib/route.server";

export const policy = policies.staff;

// No writes here: any non-GET gets a clean 405 (never Remix\'s message naming the route).
export const action = noAction(policy);

export const POST_LOGIN_DELAY_MS = 40;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  return { to: safeRedirectTarget(new URL(request.url).searchParams.get("to")) };
}

export default function AuthComplete() {
  const { to } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), POST_LOGIN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [to, navigate]);
  return (
    <main className="grid min-h-dvh place-items-center text-slate-600">
      <p role="status">Signing you in…</p>
    </main>
  );
}
