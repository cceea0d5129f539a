// The customer's return request form (/request-return): company, order, contact, address, and items with a
// reason from the managed list ('Other' asks for the reason) and photos. Sent as one multipart request with
// progress; the answer is the reference number, or the server's reason in plain words next to the field it
// concerns (items by index: items.0.count), the rest listed above the button; what was typed stays.
import { useState, type FormEvent } from "react";
import { fieldAria } from "~/components/forms/field-errors";
import { FILE_INPUT_CLASS, ReceivedPanel, SubmitRow, usePublicSubmit } from "~/components/forms/public-form";
import { AddEntry, RemoveEntry, useRepeatedEntries } from "~/components/forms/repeated-entries";
import { Input, inputClass } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { OTHER_REASON } from "~/domain/returns/rules";
import { Field } from "./field";

type Item = { key: number; sku: string; description: string; count: string; reason: string; customReason: string; comments: string; photos: File[] };

const emptyItem = (key: number): Item => ({ key, sku: "", description: "", count: "1", reason: "", customReason: "", comments: "", photos: [] });
const FIELDS = ["companyName", "orderNum", "email", "phone", "address", "address.street", "address.street2", "address.city", "address.state", "address.zip", "items"] as const;
const ITEM_KEYS = ["sku", "count", "description", "reason", "customReason", "comments", "photos"] as const;
const LABELS = { companyName: "Company name", orderNum: "Order number", address: "Pick-up address", photos: "Photos" };

export function ReturnRequestForm({ reasons, action }: { reasons: string[]; action: string }) {
  const [contact, setContact] = useState({ companyName: "", orderNum: "", email: "", phone: "" });
  const [address, setAddress] = useState({ street: "", street2: "", city: "", state: "", zip: "" });
  const { entries: items, update: updateItem, remove: removeItem, add: addItem } = useRepeatedEntries(emptyItem);
  const { busy, progress, error, reference, send, fieldErrors, fieldError: fe } = usePublicSubmit(action);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const payload = {
      ...contact,
      address,
      items: items.map((i) => ({ sku: i.sku, description: i.description, count: /^\d+$/.test(i.count) ? Number(i.count) : i.count, reason: i.reason, customReason: i.customReason, comments: i.comments })),
    };
    const body = new FormData();
    body.set("payload", JSON.stringify(payload));
    items.forEach((item, index) => item.photos.forEach((photo) => body.append(`items.${index}.photos`, photo)));
    await send(body);
  }

  if (reference) {
    return (
      <ReceivedPanel
        title="Return request received"
        lead="Your reference number is"
        reference={reference}
        then={`Keep it: our team will contact you at ${contact.email} about your request.`}
      />
    );
  }

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <fieldset className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-lg font-bold text-slate-900">Your business</legend>
        <Field label="Company name" id="r-company" error={fe("companyName")}>
          <Input id="r-company" {...fieldAria(fieldErrors, "companyName", "r-company")} required value={contact.companyName} onChange={(e) => setContact({ ...contact, companyName: e.target.value })} autoComplete="organization" />
        </Field>
        <Field label="Order number (optional)" id="r-order" error={fe("orderNum")}>
          <Input id="r-order" {...fieldAria(fieldErrors, "orderNum", "r-order")} value={contact.orderNum} onChange={(e) => setContact({ ...contact, orderNum: e.target.value })} />
        </Field>
        <Field label="Email" id="r-email" error={fe("email")}>
          <Input id="r-email" {...fieldAria(fieldErrors, "email", "r-email")} type="email" required value={contact.email} onChange={(e) => setContact({ ...contact, email: e.target.value })} autoComplete="email" />
        </Field>
        <Field label="Phone" id="r-phone" error={fe("phone")}>
          <Input id="r-phone" {...fieldAria(fieldErrors, "phone", "r-phone")} type="tel" required value={contact.phone} onChange={(e) => setContact({ ...contact, phone: e.target.value })} autoComplete="tel" />
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-lg font-bold text-slate-900">Pick-up address</legend>
        <Field label="Street" id="r-street" error={fe("address.street")}>
          <Input id="r-street" {...fieldAria(fieldErrors, "address.street", "r-street")} required value={address.street} onChange={(e) => setAddress({ ...address, street: e.target.value })} autoComplete="address-line1" />
        </Field>
        <Field label="Street line 2 (optional)" id="r-street2" error={fe("address.street2")}>
          <Input id="r-street2" {...fieldAria(fieldErrors, "address.street2", "r-street2")} value={address.street2} onChange={(e) => setAddress({ ...address, street2: e.target.value })} autoComplete="address-line2" />
        </Field>
        <Field label="City" id="r-city" error={fe("address.city")}>
          <Input id="r-city" {...fieldAria(fieldErrors, "address.city", "r-city")} required value={address.city} onChange={(e) => setAddress({ ...address, city: e.target.value })} autoComplete="address-level2" />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="State" id="r-state" error={fe("address.state")}>
            <Input id="r-state" {...fieldAria(fieldErrors, "address.state", "r-state")} required value={address.state} onChange={(e) => setAddress({ ...address, state: e.target.value })} autoComplete="address-level1" />
          </Field>
          <Field label="ZIP" id="r-zip" error={fe("address.zip")}>
            <Input id="r-zip" {...fieldAria(fieldErrors, "address.zip", "r-zip")} required inputMode="numeric" value={address.zip} onChange={(e) => setAddress({ ...address, zip: e.target.value })} autoComplete="postal-code" />
          </Field>
        </div>
      </fieldset>

      <section aria-labelledby="r-items" className="space-y-3">
        <h2 id="r-items" className="text-lg font-bold text-slate-900">
          Items to return
        </h2>
        {fe("items") ? (
          <p id="r-items-error" className="text-sm font-medium text-red-700" data-field-error>
            {fe("items")!.join(" ")}
          </p>
        ) : null}
        {items.map((item, index) => (
          <fieldset key={item.key} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
            <legend className="flex w-full items-center justify-between px-1 font-semibold text-slate-900">Item {index + 1}</legend>
            <Field label="SKU or product code" id={`i${item.key}-sku`} error={fe(`items.${index}.sku`)}>
              <Input id={`i${item.key}-sku`} {...fieldAria(fieldErrors, `items.${index}.sku`, `i${item.key}-sku`)} required value={item.sku} onChange={(e) => updateItem(item.key, { sku: e.target.value })} />
            </Field>
            <Field label="Quantity" id={`i${item.key}-count`} error={fe(`items.${index}.count`)}>
              <Input id={`i${item.key}-count`} {...fieldAria(fieldErrors, `items.${index}.count`, `i${item.key}-count`)} required inputMode="numeric" value={item.count} onChange={(e) => updateItem(item.key, { count: e.target.value })} />
            </Field>
            <Field label="Description (optional)" id={`i${item.key}-desc`} error={fe(`items.${index}.description`)}>
              <Input id={`i${item.key}-desc`} {...fieldAria(fieldErrors, `items.${index}.description`, `i${item.key}-desc`)} value={item.description} onChange={(e) => updateItem(item.key, { description: e.target.value })} />
            </Field>
            <Field label="Reason" id={`i${item.key}-reason`} error={fe(`items.${index}.reason`)}>
              <select id={`i${item.key}-reason`} {...fieldAria(fieldErrors, `items.${index}.reason`, `i${item.key}-reason`)} required className={inputClass} value={item.reason} onChange={(e) => updateItem(item.key, { reason: e.target.value })}>
                <option value="">Choose a reason…</option>
                {[...reasons, OTHER_REASON].map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </Field>
            {item.reason === OTHER_REASON ? (
              <Field label="Describe the reason" id={`i${item.key}-custom`} error={fe(`items.${index}.customReason`)}>
                <Input id={`i${item.key}-custom`} {...fieldAria(fieldErrors, `items.${index}.customReason`, `i${item.key}-custom`)} required value={item.customReason} onChange={(e) => updateItem(item.key, { customReason: e.target.value })} />
              </Field>
            ) : null}
            <Field label="Comments (optional)" id={`i${item.key}-comments`} error={fe(`items.${index}.comments`)}>
              <Textarea id={`i${item.key}-comments`} {...fieldAria(fieldErrors, `items.${index}.comments`, `i${item.key}-comments`)} rows={2} value={item.comments} onChange={(e) => updateItem(item.key, { comments: e.target.value })} />
            </Field>
            <Field label="Photos" id={`i${item.key}-photos`} hint="Images only, up to 10 MB each." error={fe(`items.${index}.photos`)}>
              <input
                id={`i${item.key}-photos`}
                type="file"
                accept="image/*"
                multiple
                className={FILE_INPUT_CLASS}
                onChange={(e) => updateItem(item.key, { photos: Array.from(e.target.files ?? []) })}
              />
            </Field>
            <RemoveEntry label={`Remove item ${index + 1}`} shown={items.length > 1} onRemove={() => removeItem(item.key)} />
          </fieldset>
        ))}
        <AddEntry label="Add another item" disabled={items.length >= 20} onAdd={addItem} />
      </section>

      <SubmitRow label="Submit return request" busy={busy} progress={progress} error={error} fieldErrors={fieldErrors} shown={[...FIELDS, ...items.flatMap((it, i) => ITEM_KEYS.filter((k) => k !== "customReason" || it.reason === OTHER_REASON).map((k) => `items.${i}.${k}`))]} labels={LABELS} />
    </form>
  );
}
