// /request-return: the customer's return request form, without signing in; it posts to /api/public/return-requests (rate limited per connection,
// photos checked by their bytes). A signed-in staff member may fill it in for a customer (no limit).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublicHeader } from "~/components/shell/public-header";
import { ReturnRequestForm } from "~/components/returns/return-request-form";
import { policies } from "~/domain/access/policy";
import { noAction, pageLoader } from "~/lib/route.server";
import { listReturnReasons } from "~/services/returns.server";

export const policy = policies.public;

export const meta: MetaFunction = () => [{ title: "Request a return — Golden Grain Rice Co." }];

export const loader = pageLoader(policy, async ({ viewer, ctx }) => ({
  reasons: (await listReturnReasons(ctx)).map((r) => r.label),
  signedIn: viewer?.kind === "user",
}));

export const action = noAction(policy);

export default function RequestReturn() {
  const { reasons, signedIn } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-dvh bg-slate-50">
      <PublicHeader signedIn={signedIn} />
      <main className="mx-auto max-w-3xl space-y-4 px-4 py-6">
        <header>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Request a return</h1>
          <p className="text-slate-700">Tell us what you are returning and why. Photos help us decide quickly.</p>
        </header>
        <ReturnRequestForm reasons={reasons} action="/api/public/return-requests" />
      </main>
    </div>
  );
}
