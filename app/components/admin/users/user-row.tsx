// One member's row on the Users screen (spec 002 §2): select box, avatar, name and e-mail, the draft role, and the
// buttons that open the locations and order types pickers; amber while the member has unsaved changes.
import { cn } from "~/components/ui/cn";
import type { AdminUser } from "~/domain/admin/contract";
import type { UserDraft } from "~/domain/admin/users-draft";
import { ORDER_TYPES } from "~/domain/orders/constants";
import { Email } from "./email";

export function UserRow({
  u,
  d,
  changed,
  selected,
  roles,
  locName,
  onSelect,
  onEdit,
  onLocations,
  onTypes,
}: {
  u: AdminUser;
  d: UserDraft;
  changed: boolean;
  selected: boolean;
  roles: { id: string; name: string }[];
  locName: (id: string) => string;
  onSelect: (on: boolean) => void;
  onEdit: (patch: { roleId: string | null }) => void;
  onLocations: () => void;
  onTypes: () => void;
}) {
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
        <input type="checkbox" aria-label={`Select ${u.name || u.email}`} className="size-5 accent-brand-700" checked={selected} onChange={(e) => onSelect(e.target.checked)} />
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
        onChange={(e) => onEdit({ roleId: e.target.value || null })}
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
        onClick={onLocations}
      >
        {d.locationIds.length === 0 ? "(all locations)" : d.locationIds.length === 1 ? locName(d.locationIds[0]!) : `${d.locationIds.length} locations`}
      </button>
      <button
        type="button"
        className="col-start-2 min-h-11 rounded-lg border border-slate-300 px-3 py-1 text-left text-sm break-words md:col-start-auto"
        aria-label={`Order types of ${u.email}`}
        title={d.orderTypes.length === 0 ? "All types" : d.orderTypes.join(", ")}
        onClick={onTypes}
      >
        {d.orderTypes.length === 0
          ? "(all types)"
          : d.orderTypes.length === ORDER_TYPES.length
          ? "All types"
          : d.orderTypes.length === 1
          ? d.orderTypes[0]
          : `${d.orderTypes.length} types`}
      </button>
    </li>
  );
}
