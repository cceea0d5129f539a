// /dev/mail (local runs only, admins): the Resend stand-in's inbox, so sent mail can be read in the app.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { policies } from "~/domain/access/policy";
import { listCaughtMail } from "~/lib/email.server";
import { authorize } from "~/lib/guard.server";
import { noAction } from "~/lib/route.server";

export const policy = policies.localAdmin;

// No writes here: any non-GET gets a clean 405 (never Remix\'s message naming the route).
export const action = noAction(policy);

export const meta: MetaFunction = () => [{ title: "Local mail · Golden Grain Ops" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  try {
    return { mail: await listCaughtMail(context.app), error: null };
  } catch (error) {
    return { mail: [], error: (error as Error).message };
  }
}

export default function LocalMail() {
  const { mail, error } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [openId, setOpenId] = useState<string | null>(mail[0]?.id ?? null);
  const open = mail.find((m) => m.id === openId);

  return (
    <section className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Local mail</h1>
          <p className="text-sm text-slate-600">Messages caught by the local Resend stand-in. Nothing here left this machine.</p>
        </div>
        <button
          type="button"
          onClick={() => revalidator.revalidate()}
          className="h-10 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50"
        >
          {revalidator.state === "loading" ? "Refreshing…" : "Refresh"}
        </button>
      </header>
      {error ? <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700 ring-1 ring-red-200">{error}</p> : null}
      {mail.length === 0 && !error ? <p className="rounded-lg bg-white p-6 text-center text-slate-500 ring-1 ring-slate-200">No mail yet.</p> : null}
      {mail.length > 0 ? (
        <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
          <ul aria-label="Messages" className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
            {mail.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(m.id)}
                  aria-current={m.id === openId}
                  className="block w-full px-4 py-3 text-left hover:bg-slate-50 aria-[current=true]:bg-amber-50"
                >
                  <span className="block truncate font-medium text-slate-900">{m.subject}</span>
                  <span className="block truncate text-xs text-slate-500">To {m.to.join(", ")}</span>
                  <span className="block text-xs text-slate-400">{new Date(m.created_at).toLocaleString()}</span>
                </button>
              </li>
            ))}
          </ul>
          {open ? (
            <article aria-label="Message" className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <h2 className="text-lg font-semibold">{open.subject}</h2>
              <dl className="grid grid-cols-[4rem_1fr] gap-x-2 gap-y-1 text-sm">
                <dt className="text-slate-500">From</dt>
                <dd>{open.from}</dd>
                <dt className="text-slate-500">To</dt>
                <dd>{open.to.join(", ")}</dd>
                <dt className="text-slate-500">Cc</dt>
                <dd>{open.cc.length ? open.cc.join(", ") : "—"}</dd>
                {open.attachments.length ? (
                  <>
                    <dt className="text-slate-500">Files</dt>
                    <dd>{open.attachments.map((a) => `${a.filename} (${Math.ceil(a.size / 1024)} KB)`).join(", ")}</dd>
                  </>
                ) : null}
              </dl>
              {open.html ? (
                <iframe title="Message body" sandbox="" srcDoc={open.html} className="h-96 w-full rounded-lg border border-slate-200" />
              ) : (
                <pre className="whitespace-pre-wrap text-sm">{open.text}</pre>
              )}
            </article>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
