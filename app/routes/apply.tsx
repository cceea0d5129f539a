// /apply: the new-customer application, without signing in (rate limited per connection, documents checked
// by their bytes). The office's 'New Customer' shortcut opens the same form; a staff member is not limited.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ApplicationForm } from "~/components/applications/application-form";
import { PublicHeader } from "~/components/shell/public-header";
import { policies } from "~/domain/access/policy";
import { noAction, pageLoader } from "~/lib/route.server";

export const policy = policies.public;

export const meta: MetaFunction = () => [{ title: "Apply for an account — Golden Grain Rice Co." }];

export const loader = pageLoader(policy, ({ viewer }) => ({ signedIn: viewer?.kind === "user" }));

export const action = noAction(policy);

export default function Apply() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-dvh bg-slate-50">
      <PublicHeader signedIn={signedIn} />
      <main className="mx-auto max-w-3xl space-y-4 px-4 py-6">
        <header>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{signedIn ? "New Customer" : "Apply for a customer account"}</h1>
          <p className="text-slate-700">{signedIn ? "Enter the new customer's application; it goes to Customer Applications for review." : "Tell us about your business. We review every application and write back by email."}</p>
        </header>
        <ApplicationForm action="/api/public/applications" staff={signedIn} />
      </main>
    </div>
  );
}
