// Admin Picklist Passcodes' 'Create New Passcode' form (spec 002 §2): Label, Code, 'Valid Hours (optional)',
// 'Allowed Warehouses (optional)'. A refused create shows the server's reason under the field it concerns
// and keeps what was typed; a created code is cleared from the form and never shown again.
import { useState } from "react";
import { toast } from "~/components/ui/toast";
import { AlertFieldError, refusalByField } from "~/components/admin/field-alert";
import { ToggleChips } from "~/components/admin/toggle-chips";
import { fieldAria, errorsFor, UnplacedErrors } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { Passcode } from "~/domain/admin/contract";
import { canSubmitPasscode, passcodeCreateBody } from "~/domain/admin/rules";
import type { FieldErrors } from "~/domain/api-messages";
import { apiFetch, contractOf } from "~/lib/api-client";

const contract = contractOf(() => import("~/domain/admin/contract"));

const BLANK = { label: "", code: "", hours: "", locations: [] as string[] };
type Form = typeof BLANK;
/** The form's fields: [its key in the form, the server's key, the input's id]. */
const KEYS = { label: ["label", "passcode-label"], code: ["code", "passcode-code"], hours: ["hoursValid", "passcode-hours"], locations: ["locations", "passcode-locations"] } as const;

export function CreatePasscodeForm({ locationIds, onCreated }: { locationIds: string[]; onCreated: (p: Passcode) => void }) {
  const [form, setForm] = useState<Form>(BLANK);
  const [creating, setCreating] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  /** A changed field forgets its own refusal; the others stay until the next try. */
  function set<K extends keyof Form>(key: K, value: Form[K]) {
    setForm((f) => ({ ...f, [key]: value }));
    const serverKey = KEYS[key][0];
    setFieldErrors((fe) => Object.fromEntries(Object.entries(fe).filter(([k]) => k !== serverKey && !k.startsWith(`${serverKey}.`))));
  }

  async function create(e: React.FormEvent) {
    e.preventDefault();
    if (!canSubmitPasscode(form)) return;
    setCreating(true);
    setFieldErrors({});
    const res = await apiFetch("/api/picklist/passcode", contract("PasscodeAnswer"), { method: "POST", json: passcodeCreateBody(form) });
    setCreating(false);
    if (!res.ok) {
      // A taken code or no connection names no field: its message goes under Code, the field to change.
      setFieldErrors(refusalByField(res.error, "code"));
      toast.error(res.error.message);
      return;
    }
    setForm(BLANK);
    onCreated(res.data);
    toast.success(`Passcode '${res.data.label}' created`);
  }

  const text = (key: "label" | "code" | "hours", label: string, extra: React.ComponentProps<typeof Input> = {}) => {
    const [serverKey, id] = KEYS[key];
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-semibold">
          {label}
        </label>
        <Input id={id} autoComplete="off" value={form[key]} onChange={(e) => set(key, e.target.value)} {...extra} {...fieldAria(fieldErrors, serverKey, id)} />
        <AlertFieldError id={id} messages={errorsFor(fieldErrors, serverKey)} />
      </div>
    );
  };

  return (
    <form onSubmit={(e) => void create(e)} className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="create-passcode">
      <h2 id="create-passcode" className="text-lg font-bold">
        Create New Passcode
      </h2>
      <div className="mt-3 grid gap-3 md:grid-cols-3">
        {text("label", "Label")}
        {text("code", "Code")}
        {text("hours", "Valid Hours (optional)", { type: "number", min: 1, inputMode: "numeric" })}
      </div>
      <div className="mt-3">
        <p className="mb-1 text-sm font-semibold">Allowed Warehouses (optional)</p>
        <ToggleChips label="Warehouses" options={locationIds} value={form.locations} onChange={(locations) => set("locations", locations)} />
        <p className="mt-1 text-xs text-slate-600">None selected: every warehouse.</p>
        <AlertFieldError id={KEYS.locations[1]} messages={Object.entries(fieldErrors).filter(([k]) => k === "locations" || k.startsWith("locations.")).flatMap(([, m]) => m)} />
      </div>
      <div className="mt-3">
        <UnplacedErrors fieldErrors={fieldErrors} shown={Object.keys(fieldErrors).filter((k) => ["label", "code", "hoursValid", "locations"].includes(k.split(".")[0]!))} />
      </div>
      <Button type="submit" className="mt-3" disabled={!canSubmitPasscode(form) || creating}>
        {creating ? "Creating…" : "Create Passcode"}
      </Button>
    </form>
  );
}
