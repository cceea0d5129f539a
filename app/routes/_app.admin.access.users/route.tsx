// Admin Users (spec 002 §2): search, 25 a page, role / locations / order types per member, bulk actions,
// the 'Effective permissions' panel and the worker link. Saves send only changed users and fields; the
// loader answers page 1 through the service /api/admin/users uses (decision 008).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { LocationPicker, OrderTypePicker } from "~/components/admin/pickers";
import { EffectivePanel } from "~/components/admin/users/effective-panel";
import { RemoveUsersDialog, SetRoleDialog } from "~/components/admin/users/bulk-dialogs";
import { UserRow } from "~/components/admin/users/user-row";
import { refusalsByItem } from "~/components/admin/field-alert";
import { UnplacedErrors } from "~/components/forms/field-errors";
import { ExportCsvLink, exportHref } from "~/components/lists/export-link";
import { LoadError, Pager } from "~/components/admin/paging";
import { PageHeading, UnsavedBar } from "~/components/admin/unsaved";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import type { AdminUsersPage } from "~/domain/admin/contract";
import { anyAnswer, type FieldErrors } from "~/domain/api-messages";
import { apiFetch, contractOf, parseContract } from "~/lib/api-client";
import { ADMIN_TEXT, ADMIN_USERS_PAGE_SIZE } from "~/domain/admin/rules";
import { initialUsers, toDraft, userChanges, usersReducer } from "~/domain/admin/users-draft";
import { ORDER_TYPES } from "~/domain/orders/constants";
import { noAction, pageLoader } from "~/lib/route.server";
import { listAdminUsers, listLocations, listRoles, usersQuerySchema } from "~/services/admin.server";
import { listWorkers } from "~/services/workers.server";
import { useKeptTyping } from "~/lib/use-kept-typing";

const contract = contractOf(() => import("~/domain/admin/contract"));

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

type Picker =
  | { kind: "locations"; emails: string[]; mode: "set" | "add" | "remove"; initial: string[] }
  | { kind: "types"; email: string; initial: string[] }
  | { kind: "role" }
  | { kind: "remove"; emails: string[] }
  | null;

export default function AdminUsers() {
  const initial = useLoaderData<typeof loader>();
  const { roles, locations, workers } = initial;
  const [state, dispatch] = useReducer(usersReducer, initial.users, (u) => initialUsers(u.data, u.pagination.pages));
  const { rows, pages, page, draft, selected } = state;
  const [q, setQ] = useState("");
  const searchBox = useKeptTyping(setQ);
  const [query, setQuery] = useState({ page: 1, q: "" });
  const [picker, setPicker] = useState<Picker>(null);
  // A refused save's reasons: per member (under their row's controls) and those naming no member.
  const [refused, setRefused] = useState<{ byItem: Record<string, FieldErrors>; rest: FieldErrors }>({ byItem: {}, rest: {} });
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
    void apiFetch(`/api/admin/users?${params}`, contract("AdminUsersPage")).then((res) => {
      if (cancelled) return;
      if (!res.ok) {
        setLoadError(res.error.message);
        return;
      }
      setLoadError(null);
      dispatch({ type: "loaded", page: query.page, pages: res.data.pagination.pages, users: res.data.data });
    });
    return () => {
      cancelled = true;
    };
  }, [query]);

  const changes = useMemo(() => userChanges(state), [state]);
  const dirty = changes.length > 0;

  /** An edit of the draft; the edited members' refusals are forgotten (the rest stay until the next save). */
  function edit(action: Parameters<typeof dispatch>[0] & { emails?: string[]; email?: string }) {
    dispatch(action);
    const emails = action.emails ?? (action.email ? [action.email] : []);
    setRefused((r) => ({ byItem: Object.fromEntries(Object.entries(r.byItem).filter(([e]) => !emails.includes(e))), rest: r.rest }));
  }

  const roleName = (id: string | null) => roles.find((r) => r.id === id)?.name;
  const locName = (id: string) => locations.find((l) => l.id === id)?.name ?? id;

  async function save() {
    if (!dirty) {
      toast.info(ADMIN_TEXT.noChangesToSave);
      return;
    }
    setSaving(true);
    const res = await apiFetch("/api/admin/users/bulk", contract("SavedUsers"), { method: "PUT", json: changes });
    setSaving(false);
    if (res.ok) {
      dispatch({ type: "stored", users: res.data });
      setRefused({ byItem: {}, rest: {} });
      toast.success(ADMIN_TEXT.usersUpdated);
    } else {
      setRefused(refusalsByItem(res.error.fieldErrors, (i) => changes[i]?.email));
      const current = res.error.status === 409 ? await parseContract(contract("SavedUsersData"), res.error.data) : null;
      if (current) dispatch({ type: "stored", users: current });
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
    dispatch({ type: "removed", emails: removed });
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
        <Input ref={searchBox}
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
      <div className="mb-3 empty:hidden">
        <UnplacedErrors fieldErrors={refused.rest} shown={[]} labels={{ roleId: "Role", locationIds: "Locations", orderTypes: "Order types", workerIds: "Linked workers" }} />
      </div>
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
            <input type="checkbox" aria-label="Select page" className="size-5 accent-brand-700" checked={allOnPage} onChange={(e) => dispatch({ type: "select", emails: pageEmails, on: e.target.checked })} />
            <span>User</span>
            <span>Role</span>
            <span>Locations</span>
            <span>Order Types</span>
          </div>
          <label className="flex min-h-11 items-center gap-2 border-b border-slate-200 px-3 py-1 text-sm font-semibold md:hidden">
            <input type="checkbox" className="size-5 accent-brand-700" checked={allOnPage} onChange={(e) => dispatch({ type: "select", emails: pageEmails, on: e.target.checked })} />
            Select page
          </label>
          <ul>
            {rows.map((u) => (
              <UserRow
                key={u.email}
                u={u}
                d={draft[u.email] ?? toDraft(u)}
                changed={changes.some((c) => c.email === u.email)}
                selected={selected.includes(u.email)}
                roles={roles}
                locName={locName}
                onSelect={(on) => dispatch({ type: "select", emails: [u.email], on })}
                onEdit={(patch) => edit({ type: "edit", email: u.email, patch })}
                errors={refused.byItem[u.email]}
                onLocations={() => setPicker({ kind: "locations", emails: [u.email], mode: "set", initial: (draft[u.email] ?? toDraft(u)).locationIds })}
                onTypes={() => setPicker({ kind: "types", email: u.email, initial: (draft[u.email] ?? toDraft(u)).orderTypes })}
              />
            ))}
            {!rows.length ? <li className="p-4 text-slate-600">No users found.</li> : null}
          </ul>
        </div>
        <EffectivePanel
          email={one}
          draft={one ? draft[one] : undefined}
          roles={roles}
          workers={workers}
          onLink={(workerIds) => one && edit({ type: "edit", email: one, patch: { workerIds } })}
          roleName={roleName}
        />
      </div>
      <UnsavedBar dirty={dirty} saving={saving} onDiscard={() => {
          dispatch({ type: "discard" });
          setRefused({ byItem: {}, rest: {} });
        }} onSave={() => void save()} />

      <LocationPicker
        open={picker?.kind === "locations"}
        title={picker?.kind === "locations" && picker.mode !== "set" ? (picker.mode === "add" ? "Select locations to add" : "Select locations to remove") : "Select locations"}
        locations={locations}
        initial={picker?.kind === "locations" ? picker.initial : []}
        onCancel={() => setPicker(null)}
        onApply={(ids) => {
          if (picker?.kind !== "locations") return;
          edit({ type: "locations", emails: picker.emails, mode: picker.mode, ids });
          setPicker(null);
        }}
      />
      <OrderTypePicker
        open={picker?.kind === "types"}
        types={ORDER_TYPES}
        initial={picker?.kind === "types" ? picker.initial : []}
        onCancel={() => setPicker(null)}
        onApply={(types) => {
          if (picker?.kind === "types") edit({ type: "edit", email: picker.email, patch: { orderTypes: types } });
          setPicker(null);
        }}
      />
      <SetRoleDialog
        open={picker?.kind === "role"}
        count={selected.length}
        roles={roles}
        onClose={() => setPicker(null)}
        onApply={(roleId) => {
          edit({ type: "role", emails: selected, roleId });
          setPicker(null);
        }}
      />
      <RemoveUsersDialog
        open={picker?.kind === "remove"}
        count={picker?.kind === "remove" ? picker.emails.length : 0}
        onClose={() => setPicker(null)}
        onRemove={() => {
          if (picker?.kind === "remove") void remove(picker.emails);
          setPicker(null);
        }}
      />
    </div>
  );
}
