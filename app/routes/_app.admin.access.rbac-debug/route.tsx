// Admin RBAC Debug (spec 002 §2): a target e-mail (remembered in local storage) and Effective Grants, Orders
// Scope Diagnostic (limit 200), Flush RBAC Cache, Upsert Warehouse Employee Role, Me and Clear; the timing
// in ms, two JSON panes and the usage guide. The diagnostic runs the product's own order scope.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useEffect, useState } from "react";
import { PageHeading } from "~/components/admin/unsaved";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import { ORDERS_SCOPE_LIMIT } from "~/domain/admin/rules";
import { anyAnswer } from "~/domain/api-messages";
import { apiFetch } from "~/lib/api-client";
import { noAction, pageLoader } from "~/lib/route.server";

export const policy = policies.admin;

export const meta: MetaFunction = () => [{ title: "RBAC Debug — Admin — Golden Grain" }];

export const loader = pageLoader(policy, () => ({ ok: true }));

export const action = noAction(policy);

const STORAGE_KEY = "rbacDebug.targetEmail";

export default function RbacDebug() {
  const [email, setEmail] = useState("");
  const [result, setResult] = useState<unknown>(null);
  const [me, setMe] = useState<unknown>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    try {
      setEmail(window.localStorage.getItem(STORAGE_KEY) ?? "");
    } catch {
      /* storage unavailable: start empty */
    }
  }, []);
  useEffect(() => {
    try {
      if (email) window.localStorage.setItem(STORAGE_KEY, email);
    } catch {
      /* storage unavailable */
    }
  }, [email]);

  async function run(label: string, url: string, method = "GET", target: "result" | "me" = "result") {
    setBusy(true);
    setError(null);
    const started = performance.now();
    // The panes show the answer as the server sent it: a debug screen reads no field of it.
    const res = await apiFetch(url, anyAnswer, { method });
    const ms = Math.round(performance.now() - started);
    setBusy(false);
    setStatus(`${label}: ${res.ok ? "OK" : `failed (${res.error.status || "network"})`} in ${ms} ms`);
    if (!res.ok) {
      setError(res.error.message);
      return;
    }
    if (target === "me") setMe(res.data);
    else setResult(res.data);
  }

  const target = email.trim();
  const needsEmail = !target || busy;

  return (
    <div className="flex flex-col gap-4">
      <PageHeading title="RBAC Debug" description="See exactly what a member can do, through the product's own checks." />
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <label className="block max-w-md">
          <span className="mb-1 block text-sm font-semibold">Target email</span>
          <Input autoComplete="off" type="email" value={email} placeholder="name@company.com" onChange={(e) => setEmail(e.target.value)} />
        </label>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" disabled={needsEmail} onClick={() => void run("Effective Grants", `/api/admin/rbac/debug/effective-grants?email=${encodeURIComponent(target)}`)}>
            Effective Grants
          </Button>
          <Button
            size="sm"
            disabled={needsEmail}
            onClick={() => void run("Orders Scope Diagnostic", `/api/admin/rbac/debug/orders-scope-test?email=${encodeURIComponent(target)}&limit=${ORDERS_SCOPE_LIMIT}`)}
          >
            Orders Scope Diagnostic
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void run("Flush RBAC Cache", "/api/admin/rbac/cache/flush", "POST")}>
            Flush RBAC Cache
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void run("Upsert Warehouse Employee Role", "/api/admin/rbac/role/warehouse-employee/upsert", "POST")}>
            Upsert Warehouse Employee Role
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void run("Me", "/api/me", "GET", "me")}>
            Me
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setResult(null);
              setMe(null);
              setStatus(null);
              setError(null);
            }}
          >
            Clear
          </Button>
        </div>
        {status ? (
          <p role="status" className="mt-3 text-sm text-slate-700">
            {status}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
            {error}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-label="Result" className="min-w-0 rounded-xl border border-slate-200 bg-white p-3">
          <h2 className="mb-2 font-bold">Result</h2>
          <pre data-testid="rbac-result" className="max-h-[28rem] overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
            {result === null ? "—" : JSON.stringify(result, null, 2)}
          </pre>
        </section>
        <section aria-label="Me" className="min-w-0 rounded-xl border border-slate-200 bg-white p-3">
          <h2 className="mb-2 font-bold">Me</h2>
          <pre data-testid="rbac-me" className="max-h-[28rem] overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
            {me === null ? "—" : JSON.stringify(me, null, 2)}
          </pre>
        </section>
      </div>
      <section className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
        <h2 className="mb-2 text-base font-bold text-slate-900">How to use</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>Effective Grants</strong> shows the member&apos;s role, allowed locations (<code>allowedLocs</code>) and every grant with the rows it opens, as
            their next request will load them.
          </li>
          <li>
            <strong>Orders Scope Diagnostic</strong> runs the order scope every order screen uses for <code>orders:view</code> and lists up to {ORDERS_SCOPE_LIMIT}{" "}
            orders it lets through. The scope reads <code>@all</code> (every order), <code>@location</code> (the member&apos;s locations and order types),{" "}
            <code>@assignment</code> or <code>@own</code>.
          </li>
          <li>
            <code>leakedLocations</code> lists warehouses of returned orders outside the member&apos;s locations for a <code>@location</code> scope: it should
            be empty.
          </li>
          <li>
            <strong>Flush RBAC Cache</strong>: roles and grants are read on every request, so changes apply on the member&apos;s next request; the call confirms
            nothing is cached.
          </li>
          <li>
            <strong>Upsert Warehouse Employee Role</strong> writes the canonical warehouse-employee role and grants back (audited).
          </li>
        </ul>
      </section>
    </div>
  );
}
