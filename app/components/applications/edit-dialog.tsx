// The admin's edit (desktop): companyName, email, phoneNumber, ownerName, ownerNumber, status, remarks,
// decisionDate and addresses. Saved only when the answer says success; the server's error is shown.
import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Field } from "~/components/returns/field";
import { WIDE_DIALOG } from "~/components/returns/shared";
import { Button } from "~/components/ui/button";
import { DialogFooter, NativeDialog } from "~/components/ui/dialog";
import { Input, inputClass } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { APPLICATION_STATUSES, type ApplicationAddress } from "~/domain/applications/rules";
import { ApiFailure, sendJson, type ApplicationView } from "./api";

type Address = Required<Omit<ApplicationAddress, "street2">> & { street2: string; key: number };

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

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await sendJson<{ success: boolean; data: ApplicationView; error?: string }>(
        `/api/applications/${app._id}`,
        "PATCH",
        { ...f, addresses: addresses.map(({ key: _key, ...a }) => a), version: app.version },
        "Failed to update application",
      );
      if (!res.success) throw new Error(res.error || "Failed to update");
      onSaved(res.data);
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 409 && err.data && typeof err.data === "object") onConflict(err.data as ApplicationView);
      setError((err as Error).message || "Failed to update application");
    } finally {
      setBusy(false);
    }
  }

  const text = (key: "companyName" | "email" | "phoneNumber" | "ownerName" | "ownerNumber", label: string) => (
    <Field label={label} id={`edit-${key}`}>
      <Input id={`edit-${key}`} value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} />
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
          <Field label="Status" id="edit-status">
            <select id="edit-status" className={inputClass} value={f.status} onChange={(e) => setF({ ...f, status: e.target.value })}>
              {APPLICATION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Decision date" id="edit-date">
            <Input id="edit-date" type="date" value={f.decisionDate} onChange={(e) => setF({ ...f, decisionDate: e.target.value })} />
          </Field>
          <div className="sm:col-span-2">
            <Field label="Remarks" id="edit-remarks">
              <Textarea id="edit-remarks" rows={2} value={f.remarks} onChange={(e) => setF({ ...f, remarks: e.target.value })} />
            </Field>
          </div>
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-semibold text-slate-800">Addresses</legend>
            {addresses.map((a, i) => (
              <div key={a.key} className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[2fr_1fr_1fr_5rem_6rem_auto]">
                <Input aria-label={`Street ${i + 1}`} placeholder="Street" value={a.street} onChange={(e) => setAddresses(addresses.map((x) => (x.key === a.key ? { ...x, street: e.target.value } : x)))} />
                <Input aria-label={`Street line 2 ${i + 1}`} placeholder="Line 2" value={a.street2} onChange={(e) => setAddresses(addresses.map((x) => (x.key === a.key ? { ...x, street2: e.target.value } : x)))} />
                <Input aria-label={`City ${i + 1}`} placeholder="City" value={a.city} onChange={(e) => setAddresses(addresses.map((x) => (x.key === a.key ? { ...x, city: e.target.value } : x)))} />
                <Input aria-label={`State ${i + 1}`} placeholder="State" value={a.state} onChange={(e) => setAddresses(addresses.map((x) => (x.key === a.key ? { ...x, state: e.target.value } : x)))} />
                <Input aria-label={`Postal code ${i + 1}`} placeholder="Postal" value={a.postalCode} onChange={(e) => setAddresses(addresses.map((x) => (x.key === a.key ? { ...x, postalCode: e.target.value } : x)))} />
                <Button variant="ghost" size="icon" aria-label={`Remove address ${i + 1}`} onClick={() => setAddresses(addresses.filter((x) => x.key !== a.key))}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button size="sm" variant="outline" onClick={() => setAddresses([...addresses, { key: Math.max(-1, ...addresses.map((x) => x.key)) + 1, street: "", street2: "", city: "", state: "", postalCode: "" }])}>
              <Plus className="size-4" aria-hidden="true" /> Add address
            </Button>
          </fieldset>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
              {error}
            </p>
          ) : null}
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
