// The Stock Transfer Receiving Report form (spec 002 §2, §5): seven sections; on a phone (≤768 px) section
// chips, the progress percentage and a sticky submit bar. The rules are the server's (domain/reports); photos
// are resized as they are chosen; the submission keeps one Idempotency-Key and waits out a lost signal.
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { UnplacedErrors } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/domain/api-messages";
import { MESSAGES, PRODUCT_CONDITIONS, STOCK_TRANSFER_MAX_PHOTOS, STOCK_TRANSFER_PHOTO_BYTES, localToday } from "~/domain/reports/constants";
import { joinedFieldErrors, placedKeys, STOCK_TRANSFER_PLACED } from "~/domain/reports/server-errors";
import {
  emptyItem,
  emptyStockTransfer,
  removeItem,
  setDamaged,
  stockTransferErrors,
  stockTransferProgress,
  wholeNumber,
  type StockTransferDraft,
  type StockTransferItemDraft,
} from "~/domain/reports/stock-transfer";
import { idempotencyKey } from "~/lib/api-client";
import { contract, failureText, prepareForNoSignal, sendUntilAnswered } from "./client";
import { Banner, Choice, ChoiceGroup, Field, FormHeader, ProgressBar, Section, SectionChips, StickySubmitBar, WideSubmit } from "./form-parts";
import { PhotoPicker, type PickedPhoto } from "./photo-picker";
import { resizePhoto } from "./resize";
import { SignatureField } from "./signature-field";
import { useMaxWidth } from "./use-narrow";

const FORM_ID = "stock-transfer-form";
const SECTIONS = [
  { id: "st-general", label: "General" },
  { id: "st-items", label: "Items" },
  { id: "st-condition", label: "Condition" },
  { id: "st-notes", label: "Notes" },
  { id: "st-signature", label: "Signature" },
  { id: "st-photos", label: "Photos" },
  { id: "st-instructions", label: "Instructions" },
];
const CONDITION_LABELS = { excellent: "Excellent", acceptable: "Acceptable", damaged: "Damaged" } as const;
const ACCEPT = "image/jpeg,image/png,image/heic,image/heif,.heic,.heif,.jpg,.jpeg,.png";

function isAcceptedPhoto(file: File): boolean {
  return /^image\/(jpeg|png|heic|heif)$/.test(file.type) || /\.(jpe?g|png|heic|heif)$/i.test(file.name);
}

export function StockTransferForm({ locations, defaultLocation, receivedBy }: { locations: string[]; defaultLocation: string; receivedBy: string }) {
  const fresh = () => ({ ...emptyStockTransfer(localToday(), defaultLocation), receivedBy });
  const [draft, setDraft] = useState<StockTransferDraft>(fresh);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  // The server's field errors (plain words), each under its field; the draft keeps what was typed.
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  // The submit must work with no signal: its contract is loaded now, not when the answer comes back.
  useEffect(prepareForNoSignal, []);
  const key = useRef<string | null>(null);
  const narrow = useMaxWidth(768);

  const errors = showErrors ? { ...stockTransferErrors(draft), ...joinedFieldErrors(serverErrors) } : joinedFieldErrors(serverErrors);
  const progress = stockTransferProgress(draft, photos.length);

  function update(patch: Partial<StockTransferDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors({});
  }
  function updateItem(index: number, next: StockTransferItemDraft) {
    update({ items: draft.items.map((it, i) => (i === index ? next : it)) });
  }

  async function addPhotos(files: File[]) {
    setPhotoError(null);
    const accepted = files.filter(isAcceptedPhoto);
    if (accepted.length < files.length) setPhotoError(`Only JPG, PNG and HEIC photos are accepted.`);
    if (photos.length + accepted.length > STOCK_TRANSFER_MAX_PHOTOS) {
      setPhotoError(MESSAGES.tooManyPhotos);
      return;
    }
    const added: PickedPhoto[] = [];
    for (const original of accepted) {
      const file = await resizePhoto(original);
      if (file.size > STOCK_TRANSFER_PHOTO_BYTES) {
        setPhotoError(MESSAGES.photoTooLarge(original.name));
        continue;
      }
      added.push({ id: idempotencyKey(), file, name: file.name, size: file.size });
    }
    setPhotos((p) => [...p, ...added].slice(0, STOCK_TRANSFER_MAX_PHOTOS));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBanner(null);
    const found = stockTransferErrors(draft);
    if (Object.keys(found).length) {
      setShowErrors(true);
      setBanner({ tone: "error", text: MESSAGES.stockTransferInvalid });
      requestAnimationFrame(() => document.getElementById(Object.keys(found)[0]!)?.focus());
      return;
    }
    const form = new FormData();
    form.set("data", JSON.stringify({ ...draft, items: draft.items.map((i) => ({ ...i, quantity: wholeNumber(i.quantity), damagedQuantity: i.damaged === "yes" ? wholeNumber(i.damagedQuantity) : null })) }));
    for (const p of photos) form.append("photos", p.file, p.name);
    key.current ??= idempotencyKey();
    setBusy(true);
    try {
      const answer = await sendUntilAnswered("/api/stock-transfer-reports", contract("ReportSubmittedAnswer"), { form, idempotencyKey: key.current }, { onWaiting: setWaiting });
      if (answer.ok) {
        key.current = null;
        setDraft(fresh());
        setPhotos([]);
        setShowErrors(false);
        setBanner({ tone: "success", text: MESSAGES.stockTransferSubmitted });
        window.scrollTo({ top: 0, behavior: "smooth" });
      } else {
        // The server refused this body: a corrected form is a new request with a new key.
        key.current = null;
        setServerErrors(answer.error.fieldErrors);
        setBanner({ tone: "error", text: failureText(answer.error) });
      }
    } finally {
      setBusy(false);
      setWaiting(false);
    }
  }

  const waitingNote = waiting ? (
    <p role="status" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      No signal. The report{photos.length ? ` and ${photos.length} photo${photos.length === 1 ? "" : "s"}` : ""} will send when the connection returns. Keep this page open.
    </p>
  ) : null;
  const err = (k: string) => errors[k];

  return (
    <div className={narrow ? "space-y-4 pb-40" : "space-y-4"}>
      <FormHeader title="Stock Transfer Receiving Report" backTo="/reports">
        <p className="text-sm text-slate-600">Record goods received from another location.</p>
      </FormHeader>
      {narrow ? <SectionChips sections={SECTIONS} /> : <ProgressBar progress={progress} />}
      {banner ? <Banner tone={banner.tone} onDismiss={() => setBanner(null)}>{banner.text}</Banner> : null}

      <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-4">
        <Section id="st-general" number={1} title="General">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="dateReceived" label="Date received" required error={err("dateReceived")}>
              <Input id="dateReceived" type="date" value={draft.dateReceived} onChange={(e) => update({ dateReceived: e.target.value })} />
            </Field>
            <Field id="transferReference" label="Transfer reference" required error={err("transferReference")}>
              <Input id="transferReference" value={draft.transferReference} onChange={(e) => update({ transferReference: e.target.value })} maxLength={120} placeholder="e.g. TR-3120" />
            </Field>
            <Field id="receivingLocation" label="Receiving location" required error={err("receivingLocation")}>
              <select id="receivingLocation" value={draft.receivingLocation} onChange={(e) => update({ receivingLocation: e.target.value })} className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base">
                <option value="">Choose a location</option>
                {locations.map((l) => (
                  <option key={l} value={l}>{l}</option>
                ))}
              </select>
            </Field>
            <Field id="transferFrom" label="Transfer from" required error={err("transferFrom")}>
              <Input id="transferFrom" list="transfer-from-options" value={draft.transferFrom} onChange={(e) => update({ transferFrom: e.target.value })} maxLength={120} />
              <datalist id="transfer-from-options">
                {locations.map((l) => (
                  <option key={l} value={l} />
                ))}
              </datalist>
            </Field>
            <Field id="receivedBy" label="Received by" required error={err("receivedBy")}>
              <Input id="receivedBy" value={draft.receivedBy} onChange={(e) => update({ receivedBy: e.target.value })} maxLength={120} autoComplete="name" />
            </Field>
          </div>
        </Section>

        <Section id="st-items" number={2} title="Items">
          <ol className="space-y-3">
            {draft.items.map((item, i) => (
              <li key={i} className="rounded-lg border border-slate-200 p-3">
                <div className="mb-2 flex items-center justify-between">
                  <h3 className="font-semibold text-slate-800">Item {i + 1}</h3>
                  {draft.items.length > 1 ? (
                    <Button size="sm" variant="ghost" onClick={() => update({ items: removeItem(draft.items, i) })} aria-label={`Remove item ${i + 1}`}>
                      <Trash2 className="size-4" aria-hidden="true" /> Remove
                    </Button>
                  ) : null}
                </div>
                <div className="grid gap-3 sm:grid-cols-6">
                  <Field id={`items.${i}.itemSku`} label="SKU" required error={err(`items.${i}.itemSku`)} className="sm:col-span-2">
                    <Input id={`items.${i}.itemSku`} value={item.itemSku} onChange={(e) => updateItem(i, { ...item, itemSku: e.target.value })} maxLength={80} />
                  </Field>
                  <Field id={`items.${i}.itemDescription`} label="Description" required error={err(`items.${i}.itemDescription`)} className="sm:col-span-4">
                    <Input id={`items.${i}.itemDescription`} value={item.itemDescription} onChange={(e) => updateItem(i, { ...item, itemDescription: e.target.value })} maxLength={300} />
                  </Field>
                  <Field id={`items.${i}.quantity`} label="Quantity" required error={err(`items.${i}.quantity`)} className="sm:col-span-2">
                    <Input id={`items.${i}.quantity`} inputMode="numeric" value={String(item.quantity)} onChange={(e) => updateItem(i, { ...item, quantity: e.target.value.trim() })} />
                  </Field>
                  <div className="sm:col-span-2">
                    <ChoiceGroup id={`items.${i}.damaged`} legend="Damaged">
                      <Choice type="radio" name={`damaged-${i}`} value="no" checked={item.damaged === "no"} onChange={() => updateItem(i, setDamaged(item, "no"))} label="No" />
                      <Choice type="radio" name={`damaged-${i}`} value="yes" checked={item.damaged === "yes"} onChange={() => updateItem(i, setDamaged(item, "yes"))} label="Yes" />
                    </ChoiceGroup>
                  </div>
                  <Field id={`items.${i}.damagedQuantity`} label="Damaged quantity" required={item.damaged === "yes"} error={err(`items.${i}.damagedQuantity`)} className="sm:col-span-2">
                    <Input id={`items.${i}.damagedQuantity`} inputMode="numeric" disabled={item.damaged === "no"} value={String(item.damagedQuantity ?? "")} onChange={(e) => updateItem(i, { ...item, damagedQuantity: e.target.value.trim() })} />
                  </Field>
                </div>
              </li>
            ))}
          </ol>
          <Button variant="outline" onClick={() => update({ items: [...draft.items, emptyItem()] })}>
            <Plus className="size-4" aria-hidden="true" /> Add item
          </Button>
        </Section>

        <Section id="st-condition" number={3} title="Product Condition">
          <ChoiceGroup id="productCondition" legend="Condition of the products" required error={err("productCondition")}>
            {PRODUCT_CONDITIONS.map((c) => (
              <Choice key={c} type="radio" name="productCondition" value={c} checked={draft.productCondition === c} onChange={() => update({ productCondition: c })} label={CONDITION_LABELS[c]} />
            ))}
          </ChoiceGroup>
        </Section>

        <Section id="st-notes" number={4} title="Notes">
          <Field id="notesComments" label="Notes and comments" required={draft.productCondition === "damaged"} error={err("notesComments")} hint={draft.productCondition === "damaged" ? "Describe the damage." : undefined}>
            <Textarea id="notesComments" rows={4} value={draft.notesComments} onChange={(e) => update({ notesComments: e.target.value })} maxLength={5000} />
          </Field>
        </Section>

        <Section id="st-signature" number={5} title="Receiver's Signature">
          <SignatureField type={draft.signatureType} drawn={draft.signatureDrawn} typed={draft.signatureTyped} onChange={(p) => update(p)} drawnError={err("signatureDrawn")} typedError={err("signatureTyped")} />
        </Section>

        <Section id="st-photos" number={6} title="Photos">
          <p className="text-sm text-slate-600">Up to 10 photos, 5 MB each (JPG, PNG or HEIC). Photos are made smaller on this phone before they are sent.</p>
          <PhotoPicker label="Add photos" inputId="st-photo-input" testId="stock-transfer-photos" photos={photos.map((p) => ({ ...p, state: waiting ? "waiting" : busy ? "sending" : undefined }))} accept={ACCEPT} onAdd={(f) => void addPhotos(f)} onRemove={(id) => setPhotos((p) => p.filter((x) => x.id !== id))} disabled={busy} />
          {photoError || err("photos") ? <p role="alert" className="text-sm font-medium text-red-700">{photoError ?? err("photos")}</p> : null}
          <p className="text-sm text-slate-600">{photos.length} of {STOCK_TRANSFER_MAX_PHOTOS} photos</p>
        </Section>

        <Section id="st-instructions" number={7} title="Instructions">
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            <li>Count every item against the transfer paperwork before signing.</li>
            <li>Mark an item damaged and enter how many units are damaged; describe the damage in the notes.</li>
            <li>Photograph damaged items, labels and the pallets as received.</li>
            <li>Damaged items alert the receiving location's manager when the report is submitted.</li>
          </ul>
        </Section>

        <UnplacedErrors fieldErrors={serverErrors} shown={placedKeys(serverErrors, STOCK_TRANSFER_PLACED)} />
        {narrow === false ? <WideSubmit busy={busy} status={waitingNote} /> : null}
      </form>
      {narrow ? <StickySubmitBar formId={FORM_ID} progress={progress} submitLabel="Submit Report" busy={busy} status={waitingNote} /> : null}
    </div>
  );
}
