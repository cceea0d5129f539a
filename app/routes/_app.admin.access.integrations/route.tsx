// Admin Integrations (issue 21): the keys the company's systems use for /api/integrations/*. 'Create
// Integration Key' (Label, System, the data it may send, its warehouses), the key shown once with a copy
// button, and the list with each key's scope and last use; Edit scope, Rotate and Revoke after confirmation.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { toast } from "~/components/ui/toast";
import { PageHeading } from "~/components/admin/unsaved";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { policies } from "~/domain/access/policy";
import type { IntegrationKey, IssuedKey } from "~/domain/integrations/contract";
import { DEFAULT_SOURCE_SYSTEM, KIND_LABELS } from "~/domain/integrations/kinds";
import { apiFetch, contractOf, parseContract, type ApiError } from "~/lib/api-client";
import { UnplacedErrors } from "~/components/forms/field-errors";
import type { FieldErrors } from "~/domain/api-messages";
import { noAction, pageLoader } from "~/lib/route.server";
import { adminLocations } from "~/services/admin-passcodes.server";
import { listIntegrationKeys } from "~/services/integrations-keys.server";
import { CONFIRM_TEXT, KeyActions, KeyTextField, ScopeFields, SecretDialog, when, type Confirm, type Scope } from "./pieces";

const contract = contractOf(() => import("~/domain/integrations/contract"));

export const policy = policies.admin;

export const meta: MetaFunction = () => [{ title: "Integrations — Admin — Golden Grain" }];

export const loader = pageLoader(policy, async ({ ctx }) => {
  const [keys, locations] = await Promise.all([listIntegrationKeys(ctx), adminLocations(ctx)]);
  return { keys: keys satisfies IntegrationKey[], locationIds: locations.map((l) => l.id) };
});

export const action = noAction(policy);

const EMPTY: Scope & { sourceSystem: string } = { label: "", sourceSystem: DEFAULT_SOURCE_SYSTEM, kinds: [], locations: [] };

function ScopeText({ k }: { k: IntegrationKey }) {
  return (
    <>
      <span>{k.kinds.map((kind) => KIND_LABELS[kind]).join(", ")}</span>
      <span className="block text-xs text-slate-600">{k.locations.length ? k.locations.join(", ") : "Every warehouse"}</span>
    </>
  );
}

type Refusal = { message: string; fieldErrors: FieldErrors };
const refusal = (error: ApiError): Refusal => ({ message: error.message, fieldErrors: error.fieldErrors });

/** What no field shows: the server's message when it named no field, else the field errors left over. */
function RefusalLine({ refusal: r, shown }: { refusal: Refusal | null; shown: string[] }) {
  if (!r) return null;
  if (!Object.keys(r.fieldErrors).length) {
    return (
      <p role="alert" className="mt-3 rounded-lg bg-red-50 p-2 text-red-800">
        {r.message}
      </p>
    );
  }
  return (
    <div className="mt-3 empty:hidden">
      <UnplacedErrors fieldErrors={r.fieldErrors} shown={Object.keys(r.fieldErrors).filter((k) => shown.includes(k.split(".")[0]!))} />
    </div>
  );
}

export default function AdminIntegrations() {
  const initial = useLoaderData<typeof loader>();
  const [keys, setKeys] = useState<IntegrationKey[]>(initial.keys);
  const [form, setForm] = useState(EMPTY);
  const [creating, setCreating] = useState(false);
  // A refused create or scope save: its fields' messages go under them; a message naming no field stays one line.
  const [createError, setCreateError] = useState<Refusal | null>(null);
  const [issued, setIssued] = useState<{ label: string; secret: string } | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [editing, setEditing] = useState<{ key: IntegrationKey; scope: Scope } | null>(null);
  const [editError, setEditError] = useState<Refusal | null>(null);
  const canCreate = form.label.trim() !== "" && form.kinds.length > 0 && !creating;

  const replace = (k: IntegrationKey) => setKeys((list) => list.map((x) => (x.id === k.id ? k : x)));

  async function create(e: React.FormEvent) {
    e.preventDefault();
    if (!canCreate) return;
    setCreating(true);
    setCreateError(null);
    const res = await apiFetch("/api/integrations/keys", contract("IssuedKeyAnswer"), { method: "POST", json: form });
    setCreating(false);
    if (!res.ok) {
      setCreateError(refusal(res.error));
      toast.error(res.error.message);
      return;
    }
    const made: IssuedKey = res.data;
    setForm(EMPTY);
    setKeys((list) => [made.key, ...list]);
    setIssued({ label: made.key.label, secret: made.secret });
  }

  async function act(c: NonNullable<Confirm>) {
    setConfirm(null);
    const path = `/api/integrations/keys/${c.key.id}/${c.kind}`;
    if (c.kind === "rotate") {
      const res = await apiFetch(path, contract("IssuedKeyAnswer"), { method: "POST", json: { version: c.key.version } });
      if (!res.ok) return void toast.error(res.error.message);
      replace(res.data.key);
      setIssued({ label: res.data.key.label, secret: res.data.secret });
    } else {
      const res = await apiFetch(path, contract("IntegrationKeyAnswer"), { method: "POST", json: {} });
      if (!res.ok) return void toast.error(res.error.message);
      replace(res.data);
      toast.success(`Key '${c.key.label}' revoked`);
    }
  }

  async function saveScope() {
    if (!editing) return;
    const res = await apiFetch(`/api/integrations/keys/${editing.key.id}`, contract("IntegrationKeyAnswer"), { method: "PATCH", json: { ...editing.scope, version: editing.key.version } });
    if (!res.ok) {
      setEditError(refusal(res.error));
      // A 409 carries the key as it is now: show that, so a second save starts from it.
      const current = res.error.status === 409 ? await parseContract(contract("IntegrationKey"), res.error.data) : null;
      if (res.error.status === 409 && current) {
        replace(current);
        setEditing({ key: current, scope: { label: current.label, kinds: current.kinds, locations: current.locations } });
      }
      return;
    }
    replace(res.data);
    setEditing(null);
    toast.success("Scope saved");
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeading title="Integrations" description="Keys the company's systems use to send orders, products, stock and warehouse locations." />
      <form onSubmit={(e) => void create(e)} className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="create-key">
        <h2 id="create-key" className="text-lg font-bold">
          Create Integration Key
        </h2>
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          <KeyTextField id="key-label" label="Label" value={form.label} onChange={(label) => setForm((f) => ({ ...f, label }))} errors={createError?.fieldErrors} path="label" />
          <KeyTextField id="key-system" label="System" value={form.sourceSystem} onChange={(sourceSystem) => setForm((f) => ({ ...f, sourceSystem }))} errors={createError?.fieldErrors} path="sourceSystem" describedBy="system-help">
            <span id="system-help" className="mt-1 block text-xs text-slate-600">
              Records are matched by this system&apos;s ids: a replacement key for the same system keeps updating the same records.
            </span>
          </KeyTextField>
        </div>
        <ScopeFields value={form} onChange={(s) => setForm((f) => ({ ...f, ...s }))} locationIds={initial.locationIds} errors={createError?.fieldErrors} idPrefix="key" />
        <RefusalLine refusal={createError} shown={["label", "sourceSystem", "kinds", "locations"]} />
        <Button type="submit" className="mt-3" disabled={!canCreate}>
          {creating ? "Creating…" : "Create Key"}
        </Button>
      </form>

      <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="key-list">
        <h2 id="key-list" className="text-lg font-bold">
          Keys
        </h2>
        {!keys.length ? (
          <p className="mt-4 text-slate-600">No integration keys yet.</p>
        ) : (
          <>
            {/* Phone: one card per key, the table's columns as labelled lines. */}
            <ul className="mt-3 flex flex-col gap-2 md:hidden">
              {keys.map((k) => (
                <li key={k.id} data-testid="key-row" className={cn("rounded-lg border border-slate-200 p-3", k.status === "revoked" && "bg-slate-50 text-slate-600")}>
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold">{k.label}</p>
                    <span className="ml-auto">{k.status === "active" ? <Badge tone="green">Active</Badge> : <Badge>Revoked</Badge>}</span>
                  </div>
                  <p className="mt-1 font-mono text-xs break-all text-slate-600">{k.maskedKey}</p>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                    <dt className="text-slate-600">System</dt>
                    <dd>{k.sourceSystem}</dd>
                    <dt className="text-slate-600">Scope</dt>
                    <dd>
                      <ScopeText k={k} />
                    </dd>
                    <dt className="text-slate-600">Last Used</dt>
                    <dd>{when(k.lastUsedAt)}</dd>
                    <dt className="text-slate-600">Created</dt>
                    <dd>{when(k.createdAt)}</dd>
                  </dl>
                  <KeyActions k={k} onConfirm={setConfirm} onEdit={(x) => setEditing({ key: x, scope: { label: x.label, kinds: x.kinds, locations: x.locations } })} />
                </li>
              ))}
            </ul>
            <div className="mt-3 hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 text-slate-700">
                  <tr>
                    <th className="px-2 py-2">Key</th>
                    <th className="px-2 py-2">System</th>
                    <th className="px-2 py-2">Scope</th>
                    <th className="px-2 py-2">Last Used</th>
                    <th className="px-2 py-2">Status</th>
                    <th className="px-2 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {keys.map((k) => (
                    <tr key={k.id} data-testid="key-row" className={cn("border-b border-slate-100 align-top", k.status === "revoked" && "text-slate-600")}>
                      <td className="px-2 py-2">
                        <span className="font-semibold">{k.label}</span>
                        <span className="block font-mono text-xs text-slate-600">{k.maskedKey}</span>
                      </td>
                      <td className="px-2 py-2">{k.sourceSystem}</td>
                      <td className="px-2 py-2">
                        <ScopeText k={k} />
                      </td>
                      <td className="px-2 py-2 whitespace-nowrap">{when(k.lastUsedAt)}</td>
                      <td className="px-2 py-2">{k.status === "active" ? <Badge tone="green">Active</Badge> : <Badge>Revoked {when(k.revokedAt)}</Badge>}</td>
                      <td className="px-2 py-2">
                        <KeyActions k={k} onConfirm={setConfirm} onEdit={(x) => setEditing({ key: x, scope: { label: x.label, kinds: x.kinds, locations: x.locations } })} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <SecretDialog issued={issued} onClose={() => setIssued(null)} />
      <Dialog open={!!confirm} onClose={() => setConfirm(null)} title={confirm?.kind === "rotate" ? "Rotate key" : "Revoke key"}>
        <DialogBody>
          <p>{confirm ? CONFIRM_TEXT[confirm.kind](confirm.key.label) : null}</p>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => confirm && void act(confirm)}>
            {confirm?.kind === "rotate" ? "Rotate" : "Revoke"}
          </Button>
        </DialogFooter>
      </Dialog>
      <Dialog open={!!editing} onClose={() => (setEditing(null), setEditError(null))} title="Edit scope" description={editing?.key.maskedKey}>
        <DialogBody>
          <KeyTextField id="scope-label" label="Label" value={editing?.scope.label ?? ""} onChange={(label) => setEditing((x) => (x ? { ...x, scope: { ...x.scope, label } } : x))} errors={editError?.fieldErrors} path="label" />
          {editing ? <ScopeFields value={editing.scope} onChange={(scope) => setEditing((x) => (x ? { ...x, scope } : x))} locationIds={initial.locationIds} errors={editError?.fieldErrors} idPrefix="scope" /> : null}
          <RefusalLine refusal={editError} shown={["label", "kinds", "locations"]} />
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => (setEditing(null), setEditError(null))}>
            Cancel
          </Button>
          <Button onClick={() => void saveScope()} disabled={!editing?.scope.label.trim() || !editing?.scope.kinds.length}>
            Save
          </Button>
        </DialogFooter>
      </Dialog>
    </div>
  );
}
