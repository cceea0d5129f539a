// The new-customer application form: the public /apply page and the staff's New Customer shortcut. Company,
// owner, contacts, addresses and documents (images or PDF), sent as one multipart request with progress; the
// answer is the reference number, or the server's reason in plain words next to the field it concerns
// (addresses by index: addresses.0.postalCode), the rest listed above the button; what was typed stays.
import { useState, type FormEvent } from "react";
import { fieldAria } from "~/components/forms/field-errors";
import { FILE_INPUT_CLASS, ReceivedPanel, SubmitRow, usePublicSubmit } from "~/components/forms/public-form";
import { AddEntry, RemoveEntry, useRepeatedEntries } from "~/components/forms/repeated-entries";
import { Field } from "~/components/returns/field";
import { Input } from "~/components/ui/input";

type Address = { key: number; street: string; street2: string; city: string; state: string; postalCode: string };
const emptyAddress = (key: number): Address => ({ key, street: "", street2: "", city: "", state: "", postalCode: "" });
const FIELDS = ["companyName", "email", "phoneNumber", "ownerName", "ownerNumber", "addresses", "files"] as const;
const ADDRESS_KEYS = ["street", "street2", "city", "state", "postalCode"] as const;
const LABELS = { companyName: "Company name", phoneNumber: "Business phone", ownerName: "Owner name", ownerNumber: "Owner phone", files: "Documents" };

export function ApplicationForm({ action, staff }: { action: string; staff: boolean }) {
  const [fields, setFields] = useState({ companyName: "", ownerName: "", email: "", phoneNumber: "", ownerNumber: "" });
  const { entries: addresses, update: setAddress, remove: removeAddress, add: addAddress } = useRepeatedEntries(emptyAddress);
  const [documents, setDocuments] = useState<File[]>([]);
  const { busy, progress, error, reference, send, fieldErrors, fieldError: fe } = usePublicSubmit(action);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = new FormData();
    body.set("payload", JSON.stringify({ ...fields, addresses: addresses.map(({ key: _key, ...a }) => a) }));
    for (const doc of documents) body.append("files", doc);
    await send(body);
  }

  if (reference) {
    return (
      <ReceivedPanel
        title="Application received"
        lead="The reference number is"
        reference={reference}
        then={staff ? "It is in the Customer Applications list now." : `We will review it and write to ${fields.email}.`}
      >
        {staff ? (
          <a href="/customer-applications" className="font-semibold text-brand-800 underline">
            Open Customer Applications
          </a>
        ) : null}
      </ReceivedPanel>
    );
  }

  const text = (key: keyof typeof fields, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} id={`a-${key}`} error={fe(key)}>
      <Input id={`a-${key}`} value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} {...props} {...fieldAria(fieldErrors, key, `a-${key}`)} />
    </Field>
  );
  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <fieldset className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-lg font-bold text-slate-900">Business and owner</legend>
        {text("companyName", "Company name", { required: true, autoComplete: "organization" })}
        {text("email", "Email", { type: "email", required: true, autoComplete: "email" })}
        {text("phoneNumber", "Business phone", { type: "tel", required: true, autoComplete: "tel" })}
        {text("ownerName", "Owner name", { required: true, autoComplete: "name" })}
        {text("ownerNumber", "Owner phone (optional)", { type: "tel" })}
      </fieldset>

      <section aria-labelledby="a-addresses" className="space-y-3">
        <h2 id="a-addresses" className="text-lg font-bold text-slate-900">
          Addresses
        </h2>
        {fe("addresses") ? (
          <p id="a-addresses-error" className="text-sm font-medium text-red-700" data-field-error>
            {fe("addresses")!.join(" ")}
          </p>
        ) : null}
        {addresses.map((a, i) => (
          <fieldset key={a.key} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
            <legend className="px-1 font-semibold text-slate-900">{i === 0 ? "Main address" : `Address ${i + 1}`}</legend>
            <Field label="Street" id={`a${a.key}-street`} error={fe(`addresses.${i}.street`)}>
              <Input id={`a${a.key}-street`} {...fieldAria(fieldErrors, `addresses.${i}.street`, `a${a.key}-street`)} required value={a.street} onChange={(e) => setAddress(a.key, { street: e.target.value })} />
            </Field>
            <Field label="Street line 2 (optional)" id={`a${a.key}-street2`} error={fe(`addresses.${i}.street2`)}>
              <Input id={`a${a.key}-street2`} {...fieldAria(fieldErrors, `addresses.${i}.street2`, `a${a.key}-street2`)} value={a.street2} onChange={(e) => setAddress(a.key, { street2: e.target.value })} />
            </Field>
            <Field label="City" id={`a${a.key}-city`} error={fe(`addresses.${i}.city`)}>
              <Input id={`a${a.key}-city`} {...fieldAria(fieldErrors, `addresses.${i}.city`, `a${a.key}-city`)} required value={a.city} onChange={(e) => setAddress(a.key, { city: e.target.value })} />
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field label="State" id={`a${a.key}-state`} error={fe(`addresses.${i}.state`)}>
                <Input id={`a${a.key}-state`} {...fieldAria(fieldErrors, `addresses.${i}.state`, `a${a.key}-state`)} required value={a.state} onChange={(e) => setAddress(a.key, { state: e.target.value })} />
              </Field>
              <Field label="Postal code" id={`a${a.key}-postal`} error={fe(`addresses.${i}.postalCode`)}>
                <Input id={`a${a.key}-postal`} {...fieldAria(fieldErrors, `addresses.${i}.postalCode`, `a${a.key}-postal`)} required inputMode="numeric" value={a.postalCode} onChange={(e) => setAddress(a.key, { postalCode: e.target.value })} />
              </Field>
            </div>
            <RemoveEntry label={`Remove address ${i + 1}`} shown={addresses.length > 1} onRemove={() => removeAddress(a.key)} />
          </fieldset>
        ))}
        <AddEntry label="Add an address" disabled={addresses.length >= 5} onAdd={addAddress} />
      </section>

      <fieldset className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <legend className="px-1 text-lg font-bold text-slate-900">Documents</legend>
        <Field label="Resale certificate, licence, ID (images or PDF)" id="a-documents" hint="Up to 10 files of 10 MB each." error={fe("files")}>
          <input
            id="a-documents"
            type="file"
            multiple
            accept="image/*,application/pdf"
            className={FILE_INPUT_CLASS}
            onChange={(e) => setDocuments(Array.from(e.target.files ?? []))}
          />
        </Field>
        {documents.length ? <p className="text-sm text-slate-700">{documents.length} file{documents.length === 1 ? "" : "s"} chosen</p> : null}
      </fieldset>

      <SubmitRow
        label="Submit application"
        busy={busy}
        progress={progress}
        error={error}
        fieldErrors={fieldErrors}
        shown={[...FIELDS, ...addresses.flatMap((_, i) => ADDRESS_KEYS.map((k) => `addresses.${i}.${k}`))]}
        labels={LABELS}
      />
    </form>
  );
}
