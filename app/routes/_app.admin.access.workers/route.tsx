// Admin Workers (spec 002 §2): inline editing of warehouse worker contacts, locations and order types;
// 'Search name/email/phone', 'Active only' (on by default), '+ New', Edit / Done / Cancel / Delete. No order
// types means all types. Every save says whether it worked, with the server's reason.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { toast } from "~/components/ui/toast";
import { LocationPicker, OrderTypePicker } from "~/components/admin/pickers";
import { ExportCsvLink, exportHref } from "~/components/lists/export-link";
import { LoadError, useDebouncedLoad } from "~/components/admin/paging";
import { PageHeading, UnsavedBar } from "~/components/admin/unsaved";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { errorsFor, fieldAria, FieldError, UnplacedErrors } from "~/components/forms/field-errors";
import type { FieldErrors } from "~/domain/api-messages";
import { policies } from "~/domain/access/policy";
import type { Worker } from "~/domain/admin/contract";
import { ADMIN_TEXT, DEFAULT_WORKER_ROLE } from "~/domain/admin/rules";
import { ORDER_TYPES } from "~/domain/orders/constants";
import { anyAnswer } from "~/domain/api-messages";
import { apiFetch, contractOf, parseContract } from "~/lib/api-client";
import { noAction, pageLoader } from "~/lib/route.server";
import { listLocations } from "~/services/admin.server";
import { listWorkers } from "~/services/workers.server";
import { useKeptTyping } from "~/lib/use-kept-typing";

const contract = contractOf(() => import("~/domain/admin/contract"));

export const policy = policies.admin;

export const meta: MetaFunction = () => [{ title: "Workers — Admin — Golden Grain" }];

export const loader = pageLoader(policy, async ({ ctx }) => {
  const [workers, locations] = await Promise.all([listWorkers(ctx, { active: true }), listLocations(ctx)]);
  return {
    workers: { success: true as const, data: workers satisfies Worker[] },
    locations: locations.map(({ id, name, groups }) => ({ id, name, groups })),
    // The answer of GET /lookups.
    lookups: { success: true as const, orderType: [...ORDER_TYPES], data: { orderType: [...ORDER_TYPES] } },
  };
});

export const action = noAction(policy);

type Editing = Omit<Worker, "_id" | "version"> & { _id: string | null; version?: number };
const NEW_ID = "new";
/** The edit row's text fields: [field (the server's key), label, placeholder, type]. */
const TEXT_FIELDS = [["name", "Name", "Name", "text"], ["email", "Email", "Email", "email"], ["phoneNumber", "Phone", "Phone", "text"], ["role", "Role", DEFAULT_WORKER_ROLE, "text"]] as const;

const blank = (): Editing => ({ _id: null, name: "", email: "", phoneNumber: "", role: DEFAULT_WORKER_ROLE, locationIds: [], orderTypes: [], active: true });
const editable = (w: Worker): Editing => ({ ...w });
const differs = (a: Editing, w: Worker | undefined) =>
  !w || (["name", "email", "phoneNumber", "role", "active"] as const).some((k) => a[k] !== w[k]) || a.locationIds.join() !== w.locationIds.join() || a.orderTypes.join() !== w.orderTypes.join();

export default function AdminWorkers() {
  const initial = useLoaderData<typeof loader>();
  const [workers, setWorkers] = useState<Worker[]>(initial.workers.data);
  const [orderTypes, setOrderTypes] = useState<string[]>(initial.lookups.orderType);
  const [q, setQ] = useState("");
  const searchBox = useKeptTyping(setQ);
  const [activeOnly, setActiveOnly] = useState(true);
  const [editing, setEditing] = useState<Record<string, Editing>>({});
  const [picker, setPicker] = useState<{ kind: "locations" | "types"; key: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<Worker | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's field errors per row being edited, shown under their fields until that row is edited again.
  const [fieldErrors, setFieldErrors] = useState<Record<string, FieldErrors>>({});
  const locName = (id: string) => initial.locations.find((l) => l.id === id)?.name ?? id;

  // GET /lookups: the order types to choose from, at the top level or under data.
  useEffect(() => {
    void apiFetch("/lookups", contract("Lookups")).then((res) => {
      if (res.ok) {
        const list = res.data.orderType ?? res.data.data?.orderType;
        if (Array.isArray(list) && list.length) setOrderTypes(list);
      }
    });
  }, []);

  const params = new URLSearchParams();
  if (activeOnly) params.set("active", "true");
  if (q.trim()) params.set("q", q.trim());
  const loadError = useDebouncedLoad(`/api/warehouse-workers?${params}`, contract("WorkersAnswer"), setWorkers);

  const pending = Object.entries(editing).filter(([id, e]) => differs(e, workers.find((w) => w._id === id)));
  const dirty = pending.length > 0;

  async function saveOne(key: string, e: Editing): Promise<boolean> {
    const { _id, version, ...fields } = e;
    const res = _id
      ? await apiFetch(`/api/warehouse-workers/${_id}`, contract("WorkerAnswer"), { method: "PUT", json: { ...fields, version } })
      : await apiFetch("/api/warehouse-workers", contract("WorkerAnswer"), { method: "POST", json: fields });
    if (!res.ok) {
      toast.error(_id ? ADMIN_TEXT.updateFailed : ADMIN_TEXT.createFailed, { description: res.error.message });
      setFieldErrors((fe) => ({ ...fe, [key]: res.error.fieldErrors }));
      if (res.error.status === 409 && _id) {
        const fresh = await parseContract(contract("Worker"), res.error.data);
        if (fresh) {
          setWorkers((ws) => ws.map((w) => (w._id === _id ? fresh : w)));
          setEditing((ed) => ({ ...ed, [key]: editable(fresh) }));
        }
      }
      return false;
    }
    const saved = res.data;
    setWorkers((ws) => (_id ? ws.map((w) => (w._id === _id ? saved : w)) : [saved, ...ws]));
    setEditing((ed) => {
      const next = { ...ed };
      delete next[key];
      return next;
    });
    return true;
  }

  async function done(key: string) {
    const e = editing[key];
    if (!e) return;
    if (!differs(e, workers.find((w) => w._id === key))) {
      cancel(key);
      return;
    }
    setBusy(true);
    const ok = await saveOne(key, e);
    setBusy(false);
    if (ok) toast.success(ADMIN_TEXT.workersSaved);
  }

  async function saveAll() {
    setBusy(true);
    let all = true;
    for (const [key, e] of pending) all = (await saveOne(key, e)) && all;
    setBusy(false);
    if (all) toast.success(ADMIN_TEXT.workersSaved);
  }

  function cancel(key: string) {
    setEditing((ed) => {
      const next = { ...ed };
      delete next[key];
      return next;
    });
  }

  async function remove(w: Worker) {
    setConfirmDelete(null);
    const res = await apiFetch(`/api/warehouse-workers/${w._id}`, anyAnswer, { method: "DELETE" });
    if (!res.ok) {
      toast.error(ADMIN_TEXT.deleteFailed, { description: res.error.message });
      return;
    }
    setWorkers((ws) => ws.filter((x) => x._id !== w._id));
    cancel(w._id);
    toast.success(ADMIN_TEXT.deleted);
  }

  const set = (key: string, patch: Partial<Editing>) => {
    setEditing((ed) => ({ ...ed, [key]: { ...ed[key]!, ...patch } }));
    setFieldErrors((fe) => ({ ...fe, [key]: Object.fromEntries(Object.entries(fe[key] ?? {}).filter(([k]) => !(k in patch))) }));
  };
  const rows: Array<{ key: string; worker?: Worker }> = [...(editing[NEW_ID] ? [{ key: NEW_ID }] : []), ...workers.map((w) => ({ key: w._id, worker: w }))];
  const pickerValue = picker ? editing[picker.key] : undefined;

  return (
    <div>
      <PageHeading title="Workers" description="Manage warehouse worker contacts and locations.">
        <Button onClick={() => setEditing((ed) => (ed[NEW_ID] ? ed : { ...ed, [NEW_ID]: blank() }))}>+ New</Button>
      </PageHeading>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <Input ref={searchBox} autoComplete="off" type="search" placeholder="Search name/email/phone" aria-label="Search name/email/phone" className="w-full sm:max-w-sm sm:flex-1" value={q} onChange={(e) => setQ(e.target.value)} />
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className="size-5 accent-brand-700" checked={activeOnly} onChange={(e) => setActiveOnly(e.target.checked)} />
          Active only
        </label>
        <ExportCsvLink size="sm" href={exportHref("/api/warehouse-workers/export", params)} />
      </div>
      <LoadError error={loadError} />
      <ul className="flex flex-col gap-2">
        {rows.map(({ key, worker }) => {
          const e = editing[key];
          const fe = e ? fieldErrors[key] : undefined;
          const fid = (field: string) => `worker-${key}-${field}`;
          return (
            <li key={key} data-testid="admin-worker-row" className={cn("rounded-xl border border-slate-200 bg-white p-3", e && "border-brand-300 ring-1 ring-brand-200")}>
              {e ? (
                <div className="grid gap-2 md:grid-cols-3">
                  {TEXT_FIELDS.map(([field, label, placeholder, type]) => (
                    <div key={field}>
                      <Input
                        id={fid(field)}
                        autoComplete="off"
                        aria-label={label}
                        placeholder={placeholder}
                        type={type}
                        value={e[field]}
                        onChange={(ev) => set(key, { [field]: ev.target.value })}
                        {...fieldAria(fe, field, fid(field))}
                      />
                      <FieldError id={fid(field)} messages={errorsFor(fe, field)} />
                    </div>
                  ))}
                  <button type="button" className="min-h-11 truncate rounded-lg border border-slate-300 px-3 text-left" title={e.locationIds.map(locName).join(", ") || "No locations"} onClick={() => setPicker({ kind: "locations", key })}>
                    {e.locationIds.length ? e.locationIds.map(locName).join(", ") : "(no locations)"}
                  </button>
                  <button type="button" className="min-h-11 truncate rounded-lg border border-slate-300 px-3 text-left" title={e.orderTypes.join(", ") || "All types"} onClick={() => setPicker({ kind: "types", key })}>
                    {e.orderTypes.length ? e.orderTypes.join(", ") : "(all types)"}
                  </button>
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="checkbox" className="size-5 accent-brand-700" checked={e.active} onChange={(ev) => set(key, { active: ev.target.checked })} />
                    Active
                  </label>
                  <div className="md:col-span-3">
                    <UnplacedErrors fieldErrors={fe} shown={["name", "email", "phoneNumber", "role"]} labels={{ locationIds: "Locations", orderTypes: "Order types", active: "Active" }} />
                  </div>
                  <div className="flex gap-2 md:col-span-2 md:justify-end">
                    <Button variant="outline" onClick={() => cancel(key)} disabled={busy}>
                      Cancel
                    </Button>
                    <Button onClick={() => void done(key)} disabled={busy}>
                      Done
                    </Button>
                  </div>
                </div>
              ) : worker ? (
                <div className="flex flex-wrap items-start gap-3">
                  <div className="grid min-w-0 flex-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-4">
                    <p className="font-semibold wrap-anywhere">
                      {worker.name || <span className="text-slate-500">(no name)</span>}
                      {!worker.active ? <span className="ml-2 text-sm font-normal text-slate-500">(inactive)</span> : null}
                    </p>
                    <p className="wrap-anywhere text-slate-700">{worker.email || <span className="text-slate-500">(no email)</span>}</p>
                    <p className="wrap-anywhere text-slate-700">{worker.phoneNumber || <span className="text-slate-500">(no phone)</span>}</p>
                    <p className="wrap-anywhere text-slate-700">{worker.role}</p>
                    <p className="text-sm wrap-anywhere text-slate-700 sm:col-span-2">
                      {worker.locationIds.length ? worker.locationIds.map(locName).join(", ") : <span className="text-slate-500">(no locations)</span>}
                    </p>
                    <p className="text-sm wrap-anywhere text-slate-700 sm:col-span-2">
                      {worker.orderTypes.length ? worker.orderTypes.join(", ") : <span className="text-slate-500">(all types)</span>}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button variant="outline" size="sm" onClick={() => setEditing((ed) => ({ ...ed, [key]: editable(worker) }))} aria-label={`Edit ${worker.name || worker._id}`}>
                      Edit
                    </Button>
                    <Button variant="outline" size="sm" className="text-red-700" onClick={() => setConfirmDelete(worker)} aria-label={`Delete ${worker.name || worker._id}`}>
                      Delete
                    </Button>
                  </div>
                </div>
              ) : null}
            </li>
          );
        })}
        {!rows.length ? <li className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600">No workers found.</li> : null}
      </ul>
      <UnsavedBar
        dirty={dirty}
        saving={busy}
        onDiscard={() => setEditing({})}
        onSave={() => void saveAll()}
      />
      <LocationPicker
        open={picker?.kind === "locations"}
        locations={initial.locations}
        initial={pickerValue?.locationIds ?? []}
        onCancel={() => setPicker(null)}
        onApply={(ids) => {
          if (picker) set(picker.key, { locationIds: ids });
          setPicker(null);
        }}
      />
      <OrderTypePicker
        open={picker?.kind === "types"}
        types={orderTypes}
        initial={pickerValue?.orderTypes ?? []}
        onCancel={() => setPicker(null)}
        onApply={(types) => {
          if (picker) set(picker.key, { orderTypes: types });
          setPicker(null);
        }}
      />
      <Dialog open={!!confirmDelete} onClose={() => setConfirmDelete(null)} title="Delete worker">
        <DialogBody>
          <p>Delete {confirmDelete?.name || "this worker"}? Orders assigned by name keep their labels.</p>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirmDelete(null)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => confirmDelete && void remove(confirmDelete)}>
            Delete
          </Button>
        </DialogFooter>
      </Dialog>
    </div>
  );
}
