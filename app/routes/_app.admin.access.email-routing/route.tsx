// Admin Email Routing (spec 002 §2): the Default CC chips, per-warehouse keys ('Add key (ID or Name)') and a
// details pane (Enabled, Remove, To and CC chips, 'Save Changes'). 'Saved' or 'Failed to save: reason'.
// Pick list emails read the saved routing at send time.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { toast } from "~/components/ui/toast";
import { ChipInput } from "~/components/admin/chip-input";
import { PageHeading, UnsavedBar } from "~/components/admin/unsaved";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import type { RoutingConfig } from "~/domain/admin/contract";
import { addRoutingKey, ADMIN_TEXT, isEnabled, routingToSave } from "~/domain/admin/rules";
import { apiFetch, contractOf } from "~/lib/api-client";
import { AlertFieldError } from "~/components/admin/field-alert";
import { errorsFor, UnplacedErrors } from "~/components/forms/field-errors";
import type { FieldErrors } from "~/domain/api-messages";
import { noAction, pageLoader } from "~/lib/route.server";
import { getEmailRouting } from "~/services/admin-email-routing.server";
import { listLocations } from "~/services/admin.server";

const contract = contractOf(() => import("~/domain/admin/contract"));

export const policy = policies.admin;

export const meta: MetaFunction = () => [{ title: "Email Routing — Admin — Golden Grain" }];

export const loader = pageLoader(policy, async ({ ctx }) => {
  const [routing, locations] = await Promise.all([getEmailRouting(ctx), listLocations(ctx)]);
  return { routing: { success: true as const, data: routing satisfies RoutingConfig }, locations: locations.map(({ id, name }) => ({ id, name })) };
});

export const action = noAction(policy);

const isUnder = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

/** Every message at `path` or below it (a list's items: "defaultCc.2"). */
function messagesUnder(fieldErrors: FieldErrors, path: string): string[] | undefined {
  const list = Object.entries(fieldErrors).flatMap(([k, m]) => (isUnder(k, path) ? m : []));
  return list.length ? list : undefined;
}

/** A warehouse key's errors named by the key itself ("NY-MAIN: Invalid email: x"), not by its path. */
function keyLabels(fieldErrors: FieldErrors): Record<string, string> {
  return Object.fromEntries(Object.keys(fieldErrors).flatMap((k) => (k.startsWith("emailRouting.") ? [[k, k.slice("emailRouting.".length).replace(/\.(to|cc)(\.\d+)?$/, (_, f: string) => ` ${f === "to" ? "To" : "CC"}`)]] : [])));
}

export default function AdminEmailRouting() {
  const { routing, locations } = useLoaderData<typeof loader>();
  const [saved, setSaved] = useState<RoutingConfig>(routing.data);
  const [draft, setDraft] = useState<RoutingConfig>(routing.data);
  const [newKey, setNewKey] = useState("");
  const [current, setCurrent] = useState<string | null>(Object.keys(routing.data.emailRouting)[0] ?? null);
  const [status, setStatus] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  // What the server refused, by its path (defaultCc, emailRouting.<key>...), until the next change.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  useEffect(() => setFieldErrors({}), [draft]);
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);
  const keys = Object.keys(draft.emailRouting);
  const entry = current ? draft.emailRouting[current] : undefined;

  const setEntry = (key: string, patch: Partial<RoutingConfig["emailRouting"][string]>) =>
    setDraft((d) => ({ ...d, emailRouting: { ...d.emailRouting, [key]: { ...d.emailRouting[key]!, ...patch } } }));

  function addKey(raw: string) {
    const next = addRoutingKey(draft.emailRouting, raw);
    setNewKey("");
    if (!next) return;
    setDraft((d) => ({ ...d, emailRouting: next }));
    setCurrent(raw.trim());
  }

  async function save() {
    setSaving(true);
    setStatus(null);
    const res = await apiFetch("/api/admin/email-routing", contract("RoutingAnswer"), { method: "PUT", json: routingToSave(draft) });
    setSaving(false);
    if (res.ok) {
      setSaved(res.data);
      setDraft(res.data);
      setStatus({ tone: "ok", text: ADMIN_TEXT.saved });
      toast.success(ADMIN_TEXT.saved);
    } else {
      setFieldErrors(res.error.fieldErrors);
      const text = `Failed to save: ${res.error.message}`;
      setStatus({ tone: "error", text });
      toast.error(text);
    }
  }

  return (
    <div>
      <PageHeading title="Email Routing" description="Who receives pick list emails, per warehouse." />
      <div className="flex flex-col gap-4">
        <section className="rounded-xl border border-slate-200 bg-white p-4">
          <ChipInput label="Default CC" value={draft.defaultCc} onChange={(defaultCc) => setDraft((d) => ({ ...d, defaultCc }))} errors={messagesUnder(fieldErrors, "defaultCc")} />
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="per-warehouse">
          <h2 id="per-warehouse" className="text-lg font-bold">
            Per-Warehouse Routing
          </h2>
          <div className="mt-3 flex flex-col gap-4 md:flex-row">
            <div className="flex flex-col gap-3 md:w-72">
              <div>
                <p className="mb-1 text-sm font-semibold text-slate-700">Locations</p>
                <ul className="flex flex-wrap gap-1.5 text-sm">
                  {locations.map((l) => (
                    <li key={l.id}>
                      <button type="button" className="min-h-11 rounded-full bg-slate-100 px-3 hover:bg-slate-200 md:min-h-9" title={`Add ${l.id}`} onClick={() => addKey(l.id)}>
                        {l.name} <span className="font-mono text-xs text-slate-600">{l.id}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
              <form
                className="flex gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  addKey(newKey);
                }}
              >
                <Input autoComplete="off" aria-label="Add key (ID or Name)" placeholder="Add key (ID or Name)" value={newKey} onChange={(e) => setNewKey(e.target.value)} />
                <Button type="submit" variant="outline">
                  Add
                </Button>
              </form>
              <ul className="flex flex-wrap gap-1.5" aria-label="Configured keys">
                {keys.map((k) => (
                  <li key={k}>
                    <button
                      type="button"
                      aria-pressed={current === k}
                      onClick={() => setCurrent(k)}
                      className={cn(
                        "min-h-11 rounded-full px-3 text-sm ring-1 md:min-h-9",
                        current === k ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-800 ring-slate-300",
                        !isEnabled(draft.emailRouting[k]) && current !== k && "text-slate-500 line-through",
                      )}
                    >
                      {k}
                    </button>
                  </li>
                ))}
                {!keys.length ? <li className="text-sm text-slate-600">No warehouse keys yet.</li> : null}
              </ul>
            </div>
            <div className="min-w-0 flex-1 rounded-lg border border-slate-200 p-3">
              {current && entry ? (
                <div className="flex flex-col gap-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-bold">{current}</h3>
                    <div className="flex items-center gap-3">
                      <label className="flex min-h-11 items-center gap-2">
                        <input type="checkbox" className="size-5 accent-brand-700" checked={isEnabled(entry)} onChange={(e) => setEntry(current, { enabled: e.target.checked })} />
                        Enabled
                      </label>
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-red-700"
                        onClick={() => {
                          setDraft((d) => {
                            const next = { ...d.emailRouting };
                            delete next[current];
                            return { ...d, emailRouting: next };
                          });
                          setCurrent(keys.find((k) => k !== current) ?? null);
                        }}
                      >
                        Remove
                      </Button>
                    </div>
                  </div>
                  <ChipInput label="To" value={entry.to} onChange={(to) => setEntry(current, { to })} errors={messagesUnder(fieldErrors, `emailRouting.${current}.to`)} />
                  <ChipInput label="CC" value={entry.cc} onChange={(cc) => setEntry(current, { cc })} errors={messagesUnder(fieldErrors, `emailRouting.${current}.cc`)} />
                  {/* Said of the key as a whole (a bad address in To or CC, a duplicate key). */}
                  <AlertFieldError id="routing-entry" messages={errorsFor(fieldErrors, `emailRouting.${current}`)} />
                </div>
              ) : (
                <p className="text-slate-600">Choose or add a warehouse key.</p>
              )}
            </div>
          </div>
        </section>
        <UnplacedErrors fieldErrors={fieldErrors} shown={Object.keys(fieldErrors).filter((k) => isUnder(k, "defaultCc") || (current !== null && isUnder(k, `emailRouting.${current}`)))} labels={keyLabels(fieldErrors)} />
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? "Saving…" : "Save Changes"}
          </Button>
          {status ? (
            <p role="status" className={cn("font-semibold", status.tone === "ok" ? "text-green-800" : "text-red-800")}>
              {status.text}
            </p>
          ) : null}
        </div>
      </div>
      <UnsavedBar dirty={dirty} saving={saving} onDiscard={() => setDraft(saved)} onSave={() => void save()} />
    </div>
  );
}
