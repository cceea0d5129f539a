// /login: the sign-in screen. The post-login target (path, query and hash) travels with the form.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { safeRedirectTarget } from "~/domain/access/redirect";
import { SIGN_IN_REFUSALS } from "~/domain/access/sign-in";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { useNonce } from "~/lib/nonce";
import { noAction } from "~/lib/route.server";

export const policy = policies.public;

// No writes here: any non-GET gets a clean 405 (never Remix\'s message naming the route).
export const action = noAction(policy);

export const meta: MetaFunction = () => [{ title: "Sign in · Golden Grain Ops" }];

const ERRORS: Record<string, string> = {
  domain: "Only company Google accounts may sign in.",
  unverified: "Your Google account email is not verified.",
  failed: "Sign-in did not complete. Please try again.",
  ...SIGN_IN_REFUSALS,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const url = new URL(request.url);
  const redirectTo = safeRedirectTarget(url.searchParams.get("redirectTo"));
  if (viewer?.kind === "user") throw redirect(redirectTo);
  const code = url.searchParams.get("error");
  return { redirectTo, error: code ? (ERRORS[code] ?? ERRORS.failed) : null };
}

const KEEP_HASH =
  "(function(){var i=document.getElementById('login-redirect-to');if(i&&location.hash&&i.value.indexOf('#')<0)i.value+=location.hash})()";

export default function Login() {
  const { redirectTo, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  // The hash never reaches the server; the browser keeps it across the guard's redirect, so add it here.
  const [target, setTarget] = useState(redirectTo);
  useEffect(() => {
    if (window.location.hash && !redirectTo.includes("#")) setTarget(redirectTo + window.location.hash);
  }, [redirectTo]);
  const busy = navigation.state !== "idle";
  const nonce = useNonce();

  return (
    <main className="min-h-dvh grid place-items-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <div className="mb-6 flex items-center gap-3">
          <div aria-hidden className="grid h-10 w-10 place-items-center rounded-xl bg-amber-500 text-lg font-bold text-white">G</div>
          <div>
            <p className="text-sm font-medium text-slate-500">Golden Grain Rice Co.</p>
            <h1 className="text-2xl font-semibold text-slate-900">Sign in</h1>
          </div>
        </div>
        {error ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
            {error}
          </p>
        ) : null}
        <Form method="post" action="/auth/google">
          <input type="hidden" id="login-redirect-to" name="redirectTo" value={target} />
          {/* A tap before hydration posts the form natively: this adds the hash as the page parses. */}
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: KEEP_HASH }} />
          <button
            type="submit"
            disabled={busy}
            className="flex h-12 w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 disabled:opacity-60"
          >
            <GoogleMark />
            {busy ? "Redirecting…" : "Sign in with Google"}
          </button>
        </Form>
        <p className="mt-6 text-sm text-slate-500">Use your authorized company Google account. Access is monitored.</p>
      </div>
    </main>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 48 48">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34.1 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34.1 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
