// Admin Users (spec 002 §2): search, 25 a page, role / locations / order types per member, bulk actions,
// the 'Effective permissions' panel and the worker link. Saves send only changed users and fields; the
// loader answers page 1 through the service /api/admin/users uses (decision 008).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import * as z from "zod/mini";
import { LocationPicker, OrderTypePicker } from "~/components/admin/pickers";
import { ExportCsvLink, exportHref } from "~/components/lists/export-link";
import { LoadError, Pager } from "~/components/admin/paging";
import { PageHeading, UnsavedBar } from "~/components/admin/unsaved";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import { AdminUsersPage, SavedUsers, SavedUsersData, type AdminUser } from "~/domain/admin/contract";
import { anyAnswer } from "~/domain/api-contract";
import { apiFetch } from "~/lib/api-client";
import { ADMIN_TEXT, ADMIN_USERS_PAGE_SIZE, changedUsers, groupGrants, type UserChange } from "~/domain/admin/rules";
import { ORDER_TYPES } from "~/domain/orders/constants";
import { noAction, pageLoader } from "~/lib/route.server";
import { listAdminUsers, listLocations, listRoles, usersQuerySchema } from "~/services/admin.server";
import { listWorkers } from "~/services/workers.server";

export const policy = policies.admin;

export const meta: MetaFunction = () => [{ title: "Users — Admin — Golden Grain" }];

export const loader = pageLoader(policy, async ({ ctx }) => {
  const [users, roles, locations, workers] = await Promise.all([
    listAdminUsers(ctx, usersQuerySchema.parse({ limit: String(ADMIN_USERS_PAGE_SIZE), page: "1" })),
    listRoles(ctx),
    listLocations(ctx),
    listWorkers(ctx, {}),
  ]);
  return { users: users satisfies AdminUsersPage, roles, locations: locations.map(({ id, name, groups }) => ({ id, name, groups })), workers: workers.map((w) => ({ id: Number(w._id), name: w.name, email: w.email })) };
});

export const action = noAction(policy);

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type User = AdminUser;
type Draft = Pick<User, "email" | "roleId" | "locationIds" | "orderTypes" | "workerIds" | "version">;

const toDraft = (u: User): Draft => ({ email: u.email, roleId: u.roleId, locationIds: u.locationIds, orderTypes: u.orderTypes, workerIds: u.workerIds, version: u.version });
const sameIds = (a: number[], b: number[]) => [...a].sort().join(",") === [...b].sort().join(",");

type Picker =
  | { kind: "locations"; emails: string[]; mode: "set" | "add" | "remove"; initial: string[] }
  | { kind: "types"; email: string; initial: string[] }
  | { kind: "role" }
  | { kind: "remove"; emails: string[] }
  | null;

export default function AdminUsers() {
  const initial = useLoaderData<typeof loader>();
  const { roles, locations, workers } = initial;
  const [rows, setRows] = useState<User[]>(initial.users.data);
  const [pages, setPages] = useState(initial.users.pagination.pages);
  const [page, setPage] = useState(1);
  const [q, setQ] = useState("");
  const [query, setQuery] = useState({ page: 1, q: "" });
  const [saved, setSaved] = useState<Record<string, Draft>>(() => Object.fromEntries(initial.users.data.map((u) => [u.email, toDraft(u)])));
  const [draft, setDraft] = useState<Record<string, Draft>>(saved);
  const [selected, setSelected] = useState<string[]>([]);
  const [picker, setPicker] = useState<Picker>(null);
  const [bulkRole, setBulkRole] = useState("");
  const [saving, setSaving] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const first = useRef(true);

  // Search (debounced) and paging ask /api; the loader answered page 1 without a search.
  useEffect(() => {
    const t = setTimeout(() => setQuery((cur) => (cur.q === q.trim() && cur.page === page ? cur : { page: cur.q === q.trim() ? page : 1, q: q.trim() })), 300);
    return () => clearTimeout(t);
  }, [q, page]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let cancelled = false;
    const params = new URLSearchParams({ limit: String(ADMIN_USERS_PAGE_SIZE), page: String(query.page) });
    if (query.q) params.set("q", query.q);
    void apiFetch(`/api/admin/users?${params}`, AdminUsersPage).then((res) => {
      if (cancelled) return;
      if (!res.ok) {
        setLoadError(res.error.message);
        return;
      }
      const loaded = res.data;
      setLoadError(null);
      setPage(query.page);
      setRows(loaded.data);
      setPages(loaded.pagination.pages);
      // Newly loaded members join the saved copy; members being edited keep their draft.
      setSaved((s) => ({ ...Object.fromEntries(loaded.data.map((u) => [u.email, toDraft(u)])), ...s }));
      setDraft((d) => ({ ...Object.fromEntries(loaded.data.map((u) => [u.email, toDraft(u)])), ...d }));
    });
    return () => {
      cancelled = true;
    };
  }, [query]);

  const changes = useMemo(() => {
    const emails = Object.keys(draft);
    const base = changedUsers(emails.map((e) => saved[e]!).filter(Boolean), emails.map((e) => draft[e]!));
    const out: (UserChange & { workerIds?: number[] })[] = base.map((c) => ({ ...c }));
    for (const e of emails) {
      if (!saved[e] || sameIds(saved[e].workerIds, draft[e]!.workerIds)) continue;
      const existing = out.find((c) => c.email === e);
      if (existing) existing.workerIds = draft[e]!.workerIds;
      else out.push({ email: e, workerIds: draft[e]!.workerIds, version: saved[e].version });
    }
    return out;
  }, [draft, saved]);
  const dirty = changes.length > 0;

  const update = (email: string, patch: Partial<Draft>) => setDraft((d) => ({ ...d, [email]: { ...d[email]!, ...patch } }));
  const roleName = (id: string | null) => roles.find((r) => r.id === id)?.name;
  const locName = (id: string) => locations.find((l) => l.id === id)?.name ?? id;

  function applyServerUsers(users: User[]) {
    setSaved((s) => ({ ...s, ...Object.fromEntries(users.map((u) => [u.email, toDraft(u)])) }));
    setDraft((d) => ({ ...d, ...Object.fromEntries(users.map((u) => [u.email, toDraft(u)])) }));
    setRows((rs) => rs.map((r) => users.find((u) => u.email === r.email) ?? r));
  }

  async function save() {
    if (!dirty) {
      toast.info(ADMIN_TEXT.noChangesToSave);
      return;
    }
    setSaving(true);
    const res = await apiFetch("/api/admin/users/bulk", SavedUsers, { method: "PUT", json: changes });
    setSaving(false);
    if (res.ok) {
      applyServerUsers(res.data);
      toast.success(ADMIN_TEXT.usersUpdated);
    } else {
      const current = z.safeParse(SavedUsersData, res.error.data);
      if (res.error.status === 409 && current.success) applyServerUsers(current.data);
      toast.error(res.error.message);
    }
  }

  async function remove(emails: string[]) {
    const failed: string[] = [];
    for (const email of emails) {
      const res = await apiFetch(`/api/admin/users/${encodeURIComponent(email)}`, anyAnswer, { method: "DELETE" });
      if (!res.ok) failed.push(`${email}: ${res.error.message}`);
    }
    const removed = emails.filter((e) => !failed.some((f) => f.startsWith(`${e}:`)));
    setRows((rs) => rs.filter((r) => !removed.includes(r.email)));
    const drop = <T,>(m: Record<string, T>) => Object.fromEntries(Object.entries(m).filter(([e]) => !removed.includes(e)));
    setSaved(drop);
    setDraft(drop);
    setSelected((s) => s.filter((e) => !removed.includes(e)));
    if (failed.length) toast.error(failed.join("; "));
    else toast.success(emails.length > 1 ? ADMIN_TEXT.usersRemoved : ADMIN_TEXT.userRemoved);
  }

  const pageEmails = rows.map((r) => r.email);
  const allOnPage = pageEmails.length > 0 && pageEmails.every((e) => selected.includes(e));
  const one = selected.length === 1 ? selected[0]! : null;

  return (
    <div>
      <PageHeading title="Users" description="Assign roles and warehouse locations to members.">
        <Button onClick={() => void save()} disabled={saving}>
          Save
        </Button>
      </PageHeading>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Input
          autoComplete="off"
          type="search"
          placeholder="Search name or email"
          aria-label="Search name or email"
          className="w-full sm:max-w-sm sm:flex-1"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <ExportCsvLink size="sm" href={exportHref("/api/admin/users/export", q.trim() ? new URLSearchParams({ q: q.trim() }) : "")} />
        <Pager page={page} pages={pages} onPage={(p) => setQuery((c) => ({ ...c, page: p }))} className="ml-auto flex items-center gap-2">
          <span className="text-sm font-semibold text-slate-700">Page {page}</span>
        </Pager>
      </div>
      <LoadError error={loadError} />
      {selected.length ? (
        <div className="mb-3 flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2" role="toolbar" aria-label="Bulk actions">
          <span className="px-1 text-sm font-semibold">{selected.length} selected</span>
          <Button size="sm" variant="outline" onClick={() => setPicker({ kind: "role" })}>
            Set role…
          </Button>
          <Button size="sm" variant="outline" onClick={() => setPicker({ kind: "locations", emails: selected, mode: "add", initial: [] })}>
            Add locations…
          </Button>
          <Button size="sm" variant="outline" onClick={() => setPicker({ kind: "locations", emails: selected, mode: "remove", initial: [] })}>
            Remove locations…
          </Button>
          <Button size="sm" variant="danger" onClick={() => setPicker({ kind: "remove", emails: selected })}>
            Remove selected
          </Button>
        </div>
      ) : null}
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-white">
          <div className="hidden grid-cols-[2.75rem_minmax(0,1.4fr)_minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,0.9fr)] xl:grid-cols-[2.75rem_minmax(11rem,1.3fr)_minmax(12rem,1.5fr)_minmax(0,1fr)_minmax(0,0.8fr)] items-center gap-3 border-b border-slate-200 px-3 py-2 text-sm font-semibold text-slate-700 md:grid">
            <input type="checkbox" aria-label="Select page" className="size-5 accent-brand-700" checked={allOnPage} onChange={(e) => setSelected((s) => (e.target.checked ? [...new Set([...s, ...pageEmails])] : s.filter((x) => !pageEmails.includes(x))))} />
            <span>User</span>
            <span>Role</span>
            <span>Locations</span>
            <span>Order Types</span>
          </div>
          <label className="flex min-h-11 items-center gap-2 border-b border-slate-200 px-3 py-1 text-sm font-semibold md:hidden">
            <input type="checkbox" className="size-5 accent-brand-700" checked={allOnPage} onChange={(e) => setSelected((s) => (e.target.checked ? [...new Set([...s, ...pageEmails])] : s.filter((x) => !pageEmails.includes(x))))} />
            Select page
          </label>
          <ul>
            {rows.map((u) => {
              const d = draft[u.email] ?? toDraft(u);
              const changed = changes.some((c) => c.email === u.email);
              return (
                <li
                  key={u.email}
                  data-testid="admin-user-row"
                  className={cn(
                    "grid grid-cols-[2.75rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 border-b border-slate-100 px-3 py-3 md:grid-cols-[2.75rem_minmax(0,1.4fr)_minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,0.9fr)] xl:grid-cols-[2.75rem_minmax(11rem,1.3fr)_minmax(12rem,1.5fr)_minmax(0,1fr)_minmax(0,0.8fr)]",
                    changed && "bg-amber-50",
                  )}
                >
                  {/* The label is the 44 px target around the box. */}
                  <label className="-my-1 flex size-11 items-center justify-center">
                    <input
                      type="checkbox"
                      aria-label={`Select ${u.name || u.email}`}
                      className="size-5 accent-brand-700"
                      checked={selected.includes(u.email)}
                      onChange={(e) => setSelected((s) => (e.target.checked ? [...s, u.email] : s.filter((x) => x !== u.email)))}
                    />
                  </label>
                  <div className="flex min-w-0 items-center gap-2">
                    {u.avatarUrl ? (
                      <img src={u.avatarUrl} alt="" className="size-9 shrink-0 rounded-full" referrerPolicy="no-referrer" />
                    ) : (
                      <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900">
                        {(u.name || u.email).slice(0, 1).toUpperCase()}
                      </span>
                    )}
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-slate-900">{u.name ? u.name : <Email address={u.email} />}</p>
                      <p className="text-sm break-words text-slate-600">
                        <Email address={u.email} />
                      </p>
                    </div>
                  </div>
                  <select
                    aria-label={`Role of ${u.email}`}
                    className="col-start-2 min-h-11 rounded-lg border border-slate-300 bg-white px-2 md:col-start-auto md:text-sm"
                    value={d.roleId ?? ""}
                    onChange={(e) => update(u.email, { roleId: e.target.value || null })}
                  >
                    <option value="">(none)</option>
                    {roles.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="col-start-2 min-h-11 rounded-lg border border-slate-300 px-3 py-1 text-left text-sm break-words md:col-start-auto"
                    aria-label={`Locations of ${u.email}`}
                    title={d.locationIds.length === 0 ? "All locations" : d.locationIds.map(locName).join(", ")}
                    onClick={() => setPicker({ kind: "locations", emails: [u.email], mode: "set", initial: d.locationIds })}
                  >
                    {d.locationIds.length === 0 ? "(all locations)" : d.locationIds.length === 1 ? locName(d.locationIds[0]!) : `${d.locationIds.length} locations`}
                  </button>
                  <button
                    type="button"
                    className="col-start-2 min-h-11 rounded-lg border border-slate-300 px-3 py-1 text-left text-sm break-words md:col-start-auto"
                    aria-label={`Order types of ${u.email}`}
                    title={d.orderTypes.length === 0 ? "All types" : d.orderTypes.join(", ")}
                    onClick={() => setPicker({ kind: "types", email: u.email, initial: d.orderTypes })}
                  >
                    {d.orderTypes.length === 0 ? "(all types)" : d.orderTypes.length === ORDER_TYPES.length ? "All types" : d.orderTypes.length === 1 ? d.orderTypes[0] : `${d.orderTypes.length} types`}
                  </button>
                </li>
              );
            })}
            {!rows.length ? <li className="p-4 text-slate-600">No users found.</li> : null}
          </ul>
        </div>
        <EffectivePanel
          email={one}
          draft={one ? draft[one] : undefined}
          roles={roles}
          workers={workers}
          onLink={(workerIds) => one && update(one, { workerIds })}
          roleName={roleName}
        />
      </div>
      <UnsavedBar dirty={dirty} saving={saving} onDiscard={() => setDraft(saved)} onSave={() => void save()} />

      <LocationPicker
        open={picker?.kind === "locations"}
        title={picker?.kind === "locations" && picker.mode !== "set" ? (picker.mode === "add" ? "Select locations to add" : "Select locations to remove") : "Select locations"}
        locations={locations}
        initial={picker?.kind === "locations" ? picker.initial : []}
        onCancel={() => setPicker(null)}
        onApply={(ids) => {
          if (picker?.kind !== "locations") return;
          setDraft((d) => {
            const next = { ...d };
            for (const email of picker.emails) {
              const cur = next[email];
              if (!cur) continue;
              const locationIds = picker.mode === "set" ? ids : picker.mode === "add" ? [...new Set([...cur.locationIds, ...ids])] : cur.locationIds.filter((l) => !ids.includes(l));
              next[email] = { ...cur, locationIds };
            }
            return next;
          });
          setPicker(null);
        }}
      />
      <OrderTypePicker
        open={picker?.kind === "types"}
        types={ORDER_TYPES}
        initial={picker?.kind === "types" ? picker.initial : []}
        onCancel={() => setPicker(null)}
        onApply={(types) => {
          if (picker?.kind === "types") update(picker.email, { orderTypes: types });
          setPicker(null);
        }}
      />
      <Dialog open={picker?.kind === "role"} onClose={() => setPicker(null)} title="Set role…">
        <DialogBody>
          <label className="block text-sm font-semibold" htmlFor="bulk-role">
            Role for {selected.length} selected
          </label>
          <select id="bulk-role" className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2" value={bulkRole} onChange={(e) => setBulkRole(e.target.value)}>
            <option value="">(none)</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => setPicker(null)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setDraft((d) => Object.fromEntries(Object.entries(d).map(([e, v]) => [e, selected.includes(e) ? { ...v, roleId: bulkRole || null } : v])));
              setPicker(null);
            }}
          >
            Apply
          </Button>
        </DialogFooter>
      </Dialog>
      <Dialog open={picker?.kind === "remove"} onClose={() => setPicker(null)} title="Remove selected">
        <DialogBody>
          <p>
            Remove {picker?.kind === "remove" ? picker.emails.length : 0} member(s)? They are signed out at once and lose all access.
          </p>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => setPicker(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (picker?.kind === "remove") void remove(picker.emails);
              setPicker(null);
            }}
          >
            Remove
          </Button>
        </DialogFooter>
      </Dialog>
    </div>
  );
}

function EffectivePanel({
  email,
  draft,
  roles,
  workers,
  onLink,
  roleName,
}: {
  email: string | null;
  draft: Draft | undefined;
  roles: LoaderData["roles"];
  workers: LoaderData["workers"];
  onLink: (workerIds: number[]) => void;
  roleName: (id: string | null) => string | undefined;
}) {
  const role = draft ? roles.find((r) => r.id === draft.roleId) : undefined;
  const groups = role ? groupGrants(role.grants as never) : [];
  return (
    <aside aria-label="Effective permissions" className="w-full shrink-0 rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-20 lg:w-72">
      <h2 className="text-lg font-bold">Effective permissions</h2>
      {!email || !draft ? (
        <p className="mt-2 text-slate-600">{ADMIN_TEXT.selectOne}</p>
      ) : (
        <div className="mt-2 flex flex-col gap-3">
          <p className="text-sm break-words text-slate-700">
            <Email address={email} />
          </p>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-600">Role</dt>
            <dd className="font-semibold">{roleName(draft.roleId) ?? "—"}</dd>
            <dt className="text-slate-600">Locations</dt>
            <dd className="font-semibold">{draft.locationIds.length}</dd>
          </dl>
          {!role ? (
            <p className="text-slate-600">{ADMIN_TEXT.noRole}</p>
          ) : !groups.length ? (
            <p className="text-slate-600">{ADMIN_TEXT.noGrants}</p>
          ) : (
            <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
              {groups.map((g) => (
                <li key={g.area}>
                  <p className="text-sm font-bold text-slate-800">{g.area}</p>
                  <ul className="ml-2">
                    {g.grants.map((gr) => (
                      <li key={gr.key} className="flex justify-between gap-2 text-sm">
                        <span>{gr.action}</span>
                        <span className="text-slate-600">{gr.scopeLabel}</span>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
          <label className="text-sm font-semibold" htmlFor="linked-worker">
            Warehouse worker record (assignment scope)
          </label>
          <select
            id="linked-worker"
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
            value={draft.workerIds[0] ? String(draft.workerIds[0]) : ""}
            onChange={(e) => onLink(e.target.value ? [Number(e.target.value)] : [])}
          >
            <option value="">(not linked)</option>
            {workers.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name || "(no name)"}
                {w.email ? ` — ${w.email}` : ""}
              </option>
            ))}
          </select>
          <p className="text-xs text-slate-600">Orders whose warehouse assignment names the linked worker are this member&apos;s assignment scope.</p>
        </div>
      )}
    </aside>
  );
}

/**
 * An e-mail address that may wrap only before its '@' (a narrow column shows "logistics" over "@goldengrain.test"),
 * never inside the name or the domain; the text stays the address.
 */
function Email({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
