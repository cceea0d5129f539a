// The admin's edit (desktop): companyName, email, phoneNumber, ownerName, ownerNumber, status, remarks,
// decisionDate and addresses. Saved only when the answer says success; the server's reason is shown, each
// field's under that field (addresses by their index) and what is typed stays.
import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { errorsFor, fieldAria, FieldError, UnplacedErrors } from "~/components/forms/field-errors";
import { Field } from "~/components/returns/field";
import { WIDE_DIALOG } from "~/components/returns/shared";
import { Button } from "~/components/ui/button";
import { DialogFooter, NativeDialog } from "~/components/ui/dialog";
import { Input, inputClass } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/domain/api-messages";
import { parseContract } from "~/lib/api-client";
import { APPLICATION_STATUSES, type ApplicationAddress } from "~/domain/applications/rules";
import { contract, editApplication, type ApplicationView } from "./api";

type Address = Required<Omit<ApplicationAddress, "street2">> & { street2: string; key: number };
type AddressField = "street" | "street2" | "city" | "state" | "postalCode";
const ADDRESS_FIELDS: { key: AddressField; label: string; placeholder: string }[] = [
  { key: "street", label: "Street", placeholder: "Street" },
  { key: "street2", label: "Street line 2", placeholder: "Line 2" },
  { key: "city", label: "City", placeholder: "City" },
  { key: "state", label: "State", placeholder: "State" },
  { key: "postalCode", label: "Postal code", placeholder: "Postal" },
];
const SHOWN = ["companyName", "email", "phoneNumber", "ownerName", "ownerNumber", "status", "decisionDate", "remarks"];

export function EditDialog({ app, onClose, onSaved, onConflict }: { app: ApplicationView; onClose: () => void; onSaved: (app: ApplicationView) => void; onConflict: (app: ApplicationView) => void }) {
  const [f, setF] = useState({
    companyName: app.companyName,
    email: app.email,
    phoneNumber: app.phoneNumber,
    ownerName: app.ownerName,
    ownerNumber: app.ownerNumber,
    status: app.status,
    remarks: app.remarks,
    decisionDate: app.decisionDate ? app.decisionDate.slice(0, 10) : "",
  });
  const [addresses, setAddresses] = useState<Address[]>(app.addresses.map((a, key) => ({ key, street: a.street, street2: a.street2 ?? "", city: a.city, state: a.state, postalCode: a.postalCode ?? "" })));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    const result = await editApplication(app._id, { ...f, addresses: addresses.map(({ key: _key, ...a }) => a), version: app.version });
    setBusy(false);
    if (result.ok) return onSaved(result.data);
    // 409: someone changed it first; the answer carries the application as it is now.
    const now = result.error.status === 409 ? await parseContract(contract("Application"), result.error.data) : null;
    if (now) onConflict(now);
    setError(result.error.message);
    setFieldErrors(result.error.fieldErrors);
  }

  const setAddress = (key: number, field: AddressField, value: string) => setAddresses(addresses.map((x) => (x.key === key ? { ...x, [field]: value } : x)));
  const shown = [...SHOWN, ...addresses.flatMap((_, i) => ADDRESS_FIELDS.map((a) => `addresses.${i}.${a.key}`))];
  const text = (key: "companyName" | "email" | "phoneNumber" | "ownerName" | "ownerNumber", label: string) => (
    <Field label={label} id={`edit-${key}`} error={errorsFor(fieldErrors, key)}>
      <Input id={`edit-${key}`} value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} {...fieldAria(fieldErrors, key, `edit-${key}`)} />
    </Field>
  );
  return (
    <NativeDialog open onClose={onClose} title={`Edit ${app.companyName}`} className={WIDE_DIALOG} dismissable={!busy}>
      <form onSubmit={save}>
        <div className="grid gap-3 px-5 py-4 sm:grid-cols-2">
          {text("companyName", "Company name")}
          {text("email", "Email")}
          {text("phoneNumber", "Phone number")}
          {text("ownerName", "Owner name")}
          {text("ownerNumber", "Owner number")}
          <Field label="Status" id="edit-status" error={errorsFor(fieldErrors, "status")}>
            <select id="edit-status" {...fieldAria(fieldErrors, "status", "edit-status")} className={inputClass} value={f.status} onChange={(e) => setF({ ...f, status: e.target.value })}>
              {APPLICATION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Decision date" id="edit-date" error={errorsFor(fieldErrors, "decisionDate")}>
            <Input id="edit-date" {...fieldAria(fieldErrors, "decisionDate", "edit-date")} type="date" value={f.decisionDate} onChange={(e) => setF({ ...f, decisionDate: e.target.value })} />
          </Field>
          <div className="sm:col-span-2">
            <Field label="Remarks" id="edit-remarks" error={errorsFor(fieldErrors, "remarks")}>
              <Textarea id="edit-remarks" {...fieldAria(fieldErrors, "remarks", "edit-remarks")} rows={2} value={f.remarks} onChange={(e) => setF({ ...f, remarks: e.target.value })} />
            </Field>
          </div>
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-semibold text-slate-800">Addresses</legend>
            {addresses.map((a, i) => (
              <div key={a.key} className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[2fr_1fr_1fr_5rem_6rem_auto]">
                {ADDRESS_FIELDS.map(({ key, label, placeholder }) => {
                  const id = `edit-address-${a.key}-${key}`;
                  const path = `addresses.${i}.${key}`;
                  return (
                    <div key={key}>
                      <Input id={id} aria-label={`${label} ${i + 1}`} placeholder={placeholder} value={a[key]} onChange={(e) => setAddress(a.key, key, e.target.value)} {...fieldAria(fieldErrors, path, id)} />
                      <FieldError id={id} messages={errorsFor(fieldErrors, path)} />
                    </div>
                  );
                })}
                <Button variant="ghost" size="icon" aria-label={`Remove address ${i + 1}`} onClick={() => setAddresses(addresses.filter((x) => x.key !== a.key))}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button size="sm" variant="outline" onClick={() => setAddresses([...addresses, { key: Math.max(-1, ...addresses.map((x) => x.key)) + 1, street: "", street2: "", city: "", state: "", postalCode: "" }])}>
              <Plus className="size-4" aria-hidden="true" /> Add address
            </Button>
          </fieldset>
          <div className="space-y-2 sm:col-span-2">
            {error ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
            <UnplacedErrors fieldErrors={fieldErrors} shown={shown} labels={{ addresses: "Addresses" }} />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </Button>
        </DialogFooter>
      </form>
    </NativeDialog>
  );
}
