// Admin Picklist Passcodes (spec 002 §2): 'Create New Passcode' (Label, Code, 'Valid Hours (optional)',
// 'Allowed Warehouses (optional)'), 'Active & Recent Passcodes' with label search, 'All Warehouses' filter
// and Refresh; Deactivate / Reactivate after confirmation, 'Edit Warehouses', Delete; the 'Rotate' badge
// and amber row for active codes older than 30 days. Codes are never shown after they are typed.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { toast } from "~/components/ui/toast";
import { AlertFieldError, refusalByField } from "~/components/admin/field-alert";
import { CreatePasscodeForm } from "~/components/admin/passcodes/create-form";
import { ToggleChips } from "~/components/admin/toggle-chips";
import { PageHeading } from "~/components/admin/unsaved";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import type { Passcode } from "~/domain/admin/contract";
import { ADMIN_TEXT, ageDays, needsRotation, PASSCODE_LOCATIONS_LIMIT } from "~/domain/admin/rules";
import { anyAnswer } from "~/domain/api-messages";
import { apiFetch, contractOf } from "~/lib/api-client";
import { noAction, pageLoader } from "~/lib/route.server";
import { adminLocations, listPasscodes } from "~/services/admin-passcodes.server";
import { useKeptTyping } from "~/lib/use-kept-typing";

const contract = contractOf(() => import("~/domain/admin/contract"));

export const policy = policies.admin;

export const meta: MetaFunction = () => [{ title: "Picklist Passcodes — Admin — Golden Grain" }];

export const loader = pageLoader(policy, async ({ ctx }) => {
  const [passcodes, locations] = await Promise.all([listPasscodes(ctx), adminLocations(ctx)]);
  return { passcodes: { success: true as const, data: passcodes satisfies Passcode[] }, locations: { success: true as const, data: locations }, now: ctx.now().toISOString() };
});

export const action = noAction(policy);

function when(iso: string | null) {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : d.toLocaleString("en-US", { month: "short", day: "numeric", year: "2-digit", hour: "numeric", minute: "2-digit" });
}

type Confirm = { kind: "deactivate" | "reactivate" | "delete"; passcode: Passcode } | null;

function Actions({ p, onConfirm, onEdit }: { p: Passcode; onConfirm: (c: Confirm) => void; onEdit: (p: Passcode) => void }) {
  return (
    <div className="mt-2 flex flex-wrap justify-end gap-1.5 md:mt-0">
      <Button size="sm" variant="outline" onClick={() => onConfirm({ kind: p.active ? "deactivate" : "reactivate", passcode: p })}>
        {p.active ? "Deactivate" : "Reactivate"}
      </Button>
      <Button size="sm" variant="outline" onClick={() => onEdit(p)}>
        Edit
      </Button>
      <Button size="sm" variant="outline" className="text-red-700" onClick={() => onConfirm({ kind: "delete", passcode: p })}>
        Delete
      </Button>
    </div>
  );
}

export default function AdminPasscodes() {
  const initial = useLoaderData<typeof loader>();
  const locationIds = initial.locations.data.slice(0, PASSCODE_LOCATIONS_LIMIT).map((l) => l.id || l.locationId || l.code);
  const [list, setList] = useState<Passcode[]>(initial.passcodes.data);
  const [search, setSearch] = useState("");
  const searchBox = useKeptTyping(setSearch);
  const [warehouse, setWarehouse] = useState("");
  const [confirm, setConfirm] = useState<Confirm>(null);
  // The dialog keeps the server's refusal under its chips (and the chips as chosen) until they change.
  const [editing, setEditing] = useState<{ passcode: Passcode; locations: string[]; refused?: string[] } | null>(null);
  const now = new Date(initial.now);

  async function refresh() {
    const res = await apiFetch("/api/picklist/passcode", contract("PasscodesAnswer"));
    if (res.ok) setList(res.data);
    else toast.error(res.error.message);
  }

  async function act(c: NonNullable<Confirm>) {
    setConfirm(null);
    if (c.kind === "delete") {
      const res = await apiFetch(`/api/picklist/passcode/${c.passcode.id}`, anyAnswer, { method: "DELETE" });
      if (!res.ok) return void toast.error(res.error.message);
      setList((l) => l.filter((p) => p.id !== c.passcode.id));
      toast.success(`Passcode '${c.passcode.label}' deleted`);
    } else {
      const res = await apiFetch(`/api/picklist/passcode/${c.kind}`, contract("PasscodeAnswer"), { method: "POST", json: { id: c.passcode.id } });
      if (!res.ok) return void toast.error(res.error.message);
      const updated = res.data;
      setList((l) => l.map((p) => (p.id === updated.id ? updated : p)));
      toast.success(c.kind === "deactivate" ? `Passcode '${c.passcode.label}' deactivated; its sessions have ended` : `Passcode '${c.passcode.label}' reactivated`);
    }
  }

  async function saveWarehouses() {
    if (!editing) return;
    const res = await apiFetch("/api/picklist/passcode/update", contract("PasscodeAnswer"), { method: "POST", json: { id: editing.passcode.id, locations: editing.locations } });
    if (!res.ok) {
      const refused = Object.values(refusalByField(res.error, "locations")).flat();
      setEditing((e) => (e ? { ...e, refused } : e));
      toast.error(res.error.message);
      return;
    }
    const updated = res.data;
    setList((l) => l.map((p) => (p.id === updated.id ? updated : p)));
    setEditing(null);
    toast.success("Warehouses saved");
  }

  const visible = list.filter(
    (p) => (!search.trim() || p.label.toLowerCase().includes(search.trim().toLowerCase())) && (!warehouse || p.locations.length === 0 || p.locations.includes(warehouse)),
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeading title="Picklist Passcodes" description="Codes that open the picking screen on warehouse phones for 8 hours." />
      <CreatePasscodeForm locationIds={locationIds} onCreated={(p) => setList((l) => [p, ...l])} />

      <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="passcode-list">
        <h2 id="passcode-list" className="text-lg font-bold">
          Active &amp; Recent Passcodes
        </h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Input ref={searchBox} autoComplete="off" type="search" aria-label="Search label" placeholder="Search label" className="w-full sm:max-w-xs sm:flex-1" value={search} onChange={(e) => setSearch(e.target.value)} />
          <select aria-label="Warehouse" className="min-h-11 rounded-lg border border-slate-300 bg-white px-2" value={warehouse} onChange={(e) => setWarehouse(e.target.value)}>
            <option value="">All Warehouses</option>
            {locationIds.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
          <Button variant="outline" onClick={() => void refresh()}>
            Refresh
          </Button>
        </div>
        {!visible.length ? (
          <p className="mt-4 text-slate-600">{ADMIN_TEXT.noPasscodes}</p>
        ) : (
          <>
            {/* Phone: one card per passcode, the table's columns as labelled lines. */}
            <ul className="mt-3 flex flex-col gap-2 md:hidden">
              {visible.map((p) => {
                const rotate = needsRotation(p, now);
                return (
                  <li key={p.id} data-testid="passcode-row" className={cn("rounded-lg border border-slate-200 p-3", rotate && "border-amber-300 bg-amber-50")}>
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="font-semibold">{p.label}</p>
                      <span className="font-mono text-xs text-slate-500">…{p.codeHint}</span>
                      {rotate ? <Badge tone="amber">Rotate</Badge> : null}
                      <span className="ml-auto">{p.active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</span>
                    </div>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                      <dt className="text-slate-600">Usage</dt>
                      <dd>{p.usageCount}</dd>
                      <dt className="text-slate-600">Last Used</dt>
                      <dd>{when(p.lastUsedAt)}</dd>
                      <dt className="text-slate-600">Expires</dt>
                      <dd>{p.expiresAt ? when(p.expiresAt) : "Never"}</dd>
                      <dt className="text-slate-600">Age (days)</dt>
                      <dd>{ageDays(p.createdAt, now)}</dd>
                      <dt className="text-slate-600">Warehouses</dt>
                      <dd>{p.locations.length ? p.locations.join(", ") : "All"}</dd>
                    </dl>
                    <Actions p={p} onConfirm={setConfirm} onEdit={(x) => setEditing({ passcode: x, locations: x.locations })} />
                  </li>
                );
              })}
            </ul>
            <div className="mt-3 hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 text-slate-700">
                  <tr>
                    <th className="px-2 py-2">Label</th>
                    <th className="px-2 py-2">Status</th>
                    <th className="px-2 py-2">Usage</th>
                    <th className="px-2 py-2">Last Used</th>
                    <th className="px-2 py-2">Expires</th>
                    <th className="px-2 py-2">Age (days)</th>
                    <th className="px-2 py-2">Warehouses</th>
                    <th className="px-2 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {visible.map((p) => {
                    const rotate = needsRotation(p, now);
                    return (
                      <tr key={p.id} data-testid="passcode-row" className={cn("border-b border-slate-100", rotate && "bg-amber-50")}>
                        <td className="px-2 py-2 font-semibold">
                          {p.label} <span className="font-mono text-xs font-normal text-slate-500">…{p.codeHint}</span>
                          {rotate ? (
                            <Badge tone="amber" className="ml-2">
                              Rotate
                            </Badge>
                          ) : null}
                        </td>
                        <td className="px-2 py-2">{p.active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</td>
                        <td className="px-2 py-2">{p.usageCount}</td>
                        <td className="px-2 py-2 whitespace-nowrap">{when(p.lastUsedAt)}</td>
                        <td className="px-2 py-2 whitespace-nowrap">{p.expiresAt ? when(p.expiresAt) : "Never"}</td>
                        <td className="px-2 py-2">{ageDays(p.createdAt, now)}</td>
                        <td className="px-2 py-2">{p.locations.length ? p.locations.join(", ") : "All"}</td>
                        <td className="px-2 py-2">
                          <Actions p={p} onConfirm={setConfirm} onEdit={(x) => setEditing({ passcode: x, locations: x.locations })} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <Dialog open={!!confirm} onClose={() => setConfirm(null)} title={confirm ? `${confirm.kind[0]!.toUpperCase()}${confirm.kind.slice(1)} passcode` : "Confirm"}>
        <DialogBody>
          <p>
            {confirm?.kind === "deactivate"
              ? `Deactivate '${confirm.passcode.label}'? Phones signed in with it lose access at once.`
              : confirm?.kind === "reactivate"
                ? `Reactivate '${confirm.passcode.label}'? The code works again.`
                : `Delete '${confirm?.passcode.label}'? Phones signed in with it lose access at once. This cannot be undone.`}
          </p>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
          <Button variant={confirm?.kind === "reactivate" ? "primary" : "danger"} onClick={() => confirm && void act(confirm)}>
            {confirm ? `${confirm.kind[0]!.toUpperCase()}${confirm.kind.slice(1)}` : "OK"}
          </Button>
        </DialogFooter>
      </Dialog>
      <Dialog open={!!editing} onClose={() => setEditing(null)} title="Edit Warehouses" description={editing ? editing.passcode.label : undefined}>
        <DialogBody>
          <ToggleChips label="Warehouses" options={locationIds} value={editing?.locations ?? []} onChange={(locations) => setEditing((e) => (e ? { ...e, locations, refused: undefined } : e))} />
          <p className="mt-2 text-xs text-slate-600">None selected: every warehouse.</p>
          <AlertFieldError id="edit-warehouses" messages={editing?.refused} />
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => setEditing(null)}>
            Cancel
          </Button>
          <Button onClick={() => void saveWarehouses()}>Save</Button>
        </DialogFooter>
      </Dialog>
    </div>
  );
}
