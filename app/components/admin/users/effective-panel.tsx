// The Users screen's 'Effective permissions' panel (spec 002 §2): the one selected member's draft role, its
// grants by area, and the warehouse worker record that is their assignment scope.
import { ADMIN_TEXT, groupGrants } from "~/domain/admin/rules";
import type { UserDraft } from "~/domain/admin/users-draft";
import { Email } from "./email";

export type RoleOption = { id: string; name: string; grants: unknown };
export type WorkerOption = { id: number; name: string; email: string };

export function EffectivePanel({
  email,
  draft,
  roles,
  workers,
  onLink,
  roleName,
}: {
  email: string | null;
  draft: UserDraft | undefined;
  roles: RoleOption[];
  workers: WorkerOption[];
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
