// One member's row on the Users screen (spec 002 §2): select box, avatar, name and e-mail, the draft role, and the
// buttons that open the locations and order types pickers; amber while the member has unsaved changes. A refused
// save's reasons for this member sit under the control they concern (the draft kept as edited).
import { AlertFieldError } from "~/components/admin/field-alert";
import { UnplacedErrors } from "~/components/forms/field-errors";
import { cn } from "~/components/ui/cn";
import type { FieldErrors } from "~/domain/api-messages";
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
  errors,
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
  errors?: FieldErrors;
}) {
  const id = (field: string) => `user-${u.email.replace(/[^A-Za-z0-9_-]/g, "_")}-${field}`;
  /** The messages of a field and of its items ("locationIds.0"). */
  const under = (field: string) => {
    const list = Object.entries(errors ?? {}).flatMap(([k, m]) => (k === field || k.startsWith(`${field}.`) ? m : []));
    return list.length ? list : undefined;
  };
  const aria = (field: string) => (under(field) ? { "aria-invalid": true as const, "aria-describedby": `${id(field)}-error` } : {});
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
      <div className="col-start-2 flex min-w-0 flex-col md:col-start-auto">
        <select
          aria-label={`Role of ${u.email}`}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 md:text-sm"
          value={d.roleId ?? ""}
          onChange={(e) => onEdit({ roleId: e.target.value || null })}
          {...aria("roleId")}
        >
          <option value="">(none)</option>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
        <AlertFieldError id={id("roleId")} messages={under("roleId")} />
      </div>
      <div className="col-start-2 flex min-w-0 flex-col md:col-start-auto">
        <button
          type="button"
          className="min-h-11 rounded-lg border border-slate-300 px-3 py-1 text-left text-sm break-words"
          aria-label={`Locations of ${u.email}`}
          title={d.locationIds.length === 0 ? "All locations" : d.locationIds.map(locName).join(", ")}
          onClick={onLocations}
          {...aria("locationIds")}
        >
          {d.locationIds.length === 0 ? "(all locations)" : d.locationIds.length === 1 ? locName(d.locationIds[0]!) : `${d.locationIds.length} locations`}
        </button>
        <AlertFieldError id={id("locationIds")} messages={under("locationIds")} />
      </div>
      <div className="col-start-2 flex min-w-0 flex-col md:col-start-auto">
        <button
          type="button"
          className="min-h-11 rounded-lg border border-slate-300 px-3 py-1 text-left text-sm break-words"
          aria-label={`Order types of ${u.email}`}
          title={d.orderTypes.length === 0 ? "All types" : d.orderTypes.join(", ")}
          onClick={onTypes}
          {...aria("orderTypes")}
        >
          {d.orderTypes.length === 0
            ? "(all types)"
            : d.orderTypes.length === ORDER_TYPES.length
            ? "All types"
            : d.orderTypes.length === 1
            ? d.orderTypes[0]
            : `${d.orderTypes.length} types`}
        </button>
        <AlertFieldError id={id("orderTypes")} messages={under("orderTypes")} />
      </div>
      {errors ? (
        <div className="col-start-2 md:col-span-4">
          <UnplacedErrors fieldErrors={errors} shown={Object.keys(errors).filter((k) => ["roleId", "locationIds", "orderTypes"].includes(k.split(".")[0]!))} labels={{ workerIds: "Linked workers", email: "Email", version: "Version" }} />
        </div>
      ) : null}
    </li>
  );
}
