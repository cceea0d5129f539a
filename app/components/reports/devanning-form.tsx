// The Devanning Report form (spec 002 §2, §5): six sections, products with auto-summed totals, the calculated
// total bags and its non-blocking warning, the container number uppercased and checked, the conditional
// requirements, photos in four groups uploaded in the background, a local draft restored on load, a leave-page
// warning while dirty, and on a phone the chips, progress and sticky submit bar.
import { Plus, RotateCw, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { CONTAINER_CONDITIONS, CONTAINER_SIZES, FLOOR_DRYNESS, MESSAGES, PEST_ACTIVITY, PHOTO_GROUPS, PHOTO_GROUP_LABELS, localToday, type PhotoGroup } from "~/domain/reports/constants";
import { devanningErrors, devanningProgress, devanningTotals, emptyDevanning, emptyProduct, isContainerNumber, normalizeContainerNumber, type DevanningDraft } from "~/domain/reports/devanning";
import type { FieldErrorMap } from "~/domain/reports/stock-transfer";
import { failureText, newIdempotencyKey, readAnswer, sendUntilAnswered } from "./client";
import { clearDraft, loadDraft, saveDraft } from "./devanning-draft";
import { Banner, Choice, ChoiceGroup, Field, FormHeader, ProgressBar, Section, SectionChips, StickySubmitBar, WideSubmit } from "./form-parts";
import { PhotoPicker } from "./photo-picker";
import { countsOf, failedGroup, fromUploaded, uploadedPhotos, usePhotoUploads, waitingCount } from "./use-photo-uploads";
import { useMaxWidth } from "./use-narrow";

const FORM_ID = "devanning-form";
const SECTIONS = [
  { id: "dv-cargo", label: "Cargo Summary" },
  { id: "dv-container", label: "Container" },
  { id: "dv-inventory", label: "Inventory" },
  { id: "dv-environment", label: "Environment" },
  { id: "dv-photos", label: "Photos" },
  { id: "dv-notes", label: "Notes" },
];
const SIZE_LABELS: Record<string, string> = { other: "Other" };
const CONDITION_LABELS: Record<string, string> = { other: "Other" };

type Path = { [K in keyof DevanningDraft]: [K, keyof DevanningDraft[K]] }[keyof DevanningDraft];

export function DevanningForm({ owner, staffName }: { owner: string; staffName: string }) {
  const initial = useMemo(() => ({ ...emptyDevanning(localToday()), warehouseInfo: { warehouseStaff1: staffName, warehouseStaff2: "" } }), [staffName]);
  const [draft, setDraft] = useState<DevanningDraft>(initial);
  const photos = usePhotoUploads();
  const [dirty, setDirty] = useState(false);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrorMap>({});
  const [banner, setBanner] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const key = useRef<string | null>(null);
  const loaded = useRef(false);
  const narrow = useMaxWidth(768);

  // Restore the draft once, after hydration (localStorage is this device's).
  useEffect(() => {
    const saved = loadDraft(owner);
    if (saved) {
      setDraft(saved.draft);
      photos.reset(fromUploaded(saved.photos));
      setRestoredAt(saved.savedAt);
      setDirty(true);
    }
    loaded.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, [owner]);

  const uploaded = uploadedPhotos(photos.uploads);
  const counts = countsOf(photos.uploads);
  const pendingPhotos = waitingCount(photos.uploads);

  // Saved on every change (spec 002 §4), with the photos already on the server.
  useEffect(() => {
    if (!loaded.current || !dirty) return;
    saveDraft(owner, { draft, photos: uploaded, savedAt: new Date().toISOString() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `uploaded` is derived from photos.uploads
  }, [draft, photos.uploads, dirty, owner]);

  // The leave-page warning while the form holds unsent work.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const allErrors = devanningErrors(draft, counts);
  const errors: FieldErrorMap = { ...(showErrors ? allErrors : Object.fromEntries(Object.entries(allErrors).filter(([k]) => touched[k]))), ...serverErrors };
  const totals = devanningTotals(draft);
  const progress = devanningProgress(draft, counts);
  const err = (k: string) => errors[k];

  function set<P extends Path>(section: P[0], field: P[1], value: unknown) {
    setDraft((d) => ({ ...d, [section]: { ...d[section], [field]: value } }));
    setDirty(true);
    setServerErrors({});
  }
  const touch = (k: string) => setTouched((t) => ({ ...t, [k]: true }));
  const products = draft.cargoDetails.products;
  const setProducts = (next: typeof products) => set("cargoDetails", "products", next);

  function toggle(list: string[], value: string, on: boolean) {
    return on ? [...new Set([...list, value])] : list.filter((v) => v !== value);
  }

  /** Back to an empty form: after a discard, and after the server has the report. */
  function startOver() {
    clearDraft(owner);
    setDraft(initial);
    photos.reset();
    setDirty(false);
    setRestoredAt(null);
    setShowErrors(false);
    setTouched({});
  }

  function discardDraft() {
    if (!window.confirm("Discard this draft and start a new report?")) return;
    startOver();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBanner(null);
    if (Object.keys(allErrors).length) {
      setShowErrors(true);
      setBanner({ tone: "error", text: MESSAGES.devanningInvalid });
      window.scrollTo({ top: 0, behavior: "smooth" });
      return;
    }
    setBusy(true);
    try {
      // Photos still on their way go first; the report names only photos the server holds.
      await photos.settled();
      const failed = failedGroup(photos.uploads);
      if (failed) {
        setBanner({ tone: "error", text: MESSAGES.uploadFailed(PHOTO_GROUP_LABELS[failed]) });
        return;
      }
      key.current ??= newIdempotencyKey();
      const body = JSON.stringify({ ...draft, photos: uploadedPhotos(photos.uploads) });
      const res = await sendUntilAnswered("/api/devanning-reports", { method: "POST", body, headers: { "Content-Type": "application/json" }, idempotencyKey: key.current }, { onWaiting: setWaiting });
      const answer = await readAnswer(res, MESSAGES.submitFailed);
      if (answer.ok) {
        key.current = null;
        startOver();
        setBanner({ tone: "success", text: MESSAGES.devanningSubmitted });
      } else {
        key.current = null;
        setServerErrors(Object.fromEntries(Object.entries(answer.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ""])));
        setBanner({ tone: "error", text: failureText(answer) });
      }
      window.scrollTo({ top: 0, behavior: "smooth" });
    } finally {
      setBusy(false);
      setWaiting(false);
    }
  }

  const waitingNote =
    waiting || pendingPhotos ? (
      <p role="status" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="waiting-to-send">
        {waiting ? "No signal. The report will send when the connection returns. " : ""}
        {pendingPhotos ? `${pendingPhotos} photo${pendingPhotos === 1 ? "" : "s"} waiting to send.` : ""}
      </p>
    ) : null;

  return (
    <div className={narrow ? "space-y-4 pb-40" : "space-y-4"}>
      <FormHeader
        title="Devanning Report"
        backTo="/reports"
        onBack={(e) => {
          if (dirty && !window.confirm("Leave this page? Your draft is saved on this device.")) e.preventDefault();
        }}
      >
        <p className="text-sm text-slate-600">Container unloading. Your draft is saved on this device as you type.</p>
      </FormHeader>
      {narrow ? <SectionChips sections={SECTIONS} /> : <ProgressBar progress={progress} />}
      {restoredAt ? (
        <Banner tone="info">
          <span>Draft restored (saved {new Date(restoredAt).toLocaleString()}).</span>{" "}
          <button type="button" onClick={discardDraft} className="min-h-11 underline">
            Discard draft
          </button>
        </Banner>
      ) : null}
      {banner ? <Banner tone={banner.tone} onDismiss={() => setBanner(null)}>{banner.text}</Banner> : null}

      <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-4">
        <Section id="dv-cargo" number={1} title="Cargo Summary">
          <Field id="productDetail" label="Product detail">
            <Input id="productDetail" value={draft.cargoDetails.productDetail} onChange={(e) => set("cargoDetails", "productDetail", e.target.value)} maxLength={500} />
          </Field>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-800">Products<span className="text-red-700"> *</span></h3>
            <ol className="space-y-3">
              {products.map((p, i) => (
                <li key={p.id} className="rounded-lg border border-slate-200 p-3">
                  <div className="mb-2 flex items-center justify-between">
                    <span className="font-semibold text-slate-800">Product {i + 1}</span>
                    {products.length > 1 ? (
                      <Button size="sm" variant="ghost" onClick={() => setProducts(products.filter((_, k) => k !== i))} aria-label={`Remove product ${i + 1}`}>
                        <Trash2 className="size-4" aria-hidden="true" /> Remove
                      </Button>
                    ) : null}
                  </div>
                  <div className="grid grid-cols-2 gap-3 sm:grid-cols-6">
                    <Field id={`products.${i}.name`} label="Name" className="col-span-2 sm:col-span-3">
                      <Input id={`products.${i}.name`} value={p.name} onChange={(e) => setProducts(products.map((x, k) => (k === i ? { ...x, name: e.target.value } : x)))} maxLength={200} />
                    </Field>
                    <Field id={`products.${i}.sku`} label="SKU" className="col-span-2 sm:col-span-3">
                      <Input id={`products.${i}.sku`} value={p.sku} onChange={(e) => setProducts(products.map((x, k) => (k === i ? { ...x, sku: e.target.value } : x)))} maxLength={80} />
                    </Field>
                    {(["pallets", "bags", "shortageExtraBags"] as const).map((f) => (
                      <Field key={f} id={`products.${i}.${f}`} label={f === "pallets" ? "Pallets" : f === "bags" ? "Bags" : "Shortage / extra"} error={err(`cargoDetails.products.${i}.${f}`)} className={f === "shortageExtraBags" ? "col-span-2 sm:col-span-2" : "sm:col-span-2"}>
                        <Input id={`products.${i}.${f}`} inputMode={f === "shortageExtraBags" ? "text" : "numeric"} value={String(p[f])} onChange={(e) => setProducts(products.map((x, k) => (k === i ? { ...x, [f]: e.target.value.trim() } : x)))} />
                      </Field>
                    ))}
                  </div>
                </li>
              ))}
            </ol>
            {err("cargoDetails.products") ? <p className="mt-1 text-sm font-medium text-red-700">{err("cargoDetails.products")}</p> : null}
            <Button className="mt-3" variant="outline" onClick={() => setProducts([...products, emptyProduct(`p${Date.now().toString(36)}`)])}>
              <Plus className="size-4" aria-hidden="true" /> Add product
            </Button>
          </div>
          <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-3 text-center">
            <Total label="Total pallets" value={totals.totalPallets} />
            <Total label="Total bags" value={totals.totalBags} />
            <Total label="Shortage / extra" value={totals.shortageExtraBags} />
          </dl>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="bagsPerPallet" label="Bags per pallet" error={err("totalsCalculation.bagsPerPallet")}>
              <Input id="bagsPerPallet" inputMode="numeric" value={String(draft.totalsCalculation.bagsPerPallet)} onChange={(e) => set("totalsCalculation", "bagsPerPallet", e.target.value.trim())} />
            </Field>
            <Field id="bagsInLastPallet" label="Bags in last pallet" error={err("totalsCalculation.bagsInLastPallet")}>
              <Input id="bagsInLastPallet" inputMode="numeric" value={String(draft.totalsCalculation.bagsInLastPallet)} onChange={(e) => set("totalsCalculation", "bagsInLastPallet", e.target.value.trim())} />
            </Field>
            <div>
              <p className="mb-1 text-sm font-semibold text-slate-800">Calculated total bags</p>
              <p className="flex min-h-11 items-center rounded-lg bg-slate-100 px-3 text-lg font-semibold" data-testid="calculated-total">{totals.totalBagsCalculated}</p>
            </div>
          </div>
          {totals.warning ? (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              {totals.warning}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="containerNumber" label="Container number" required error={err("cargoDetails.containerNumber")} hint="Four letters and seven digits, e.g. MSKU1234567">
              <Input
                id="containerNumber"
                value={draft.cargoDetails.containerNumber}
                onChange={(e) => set("cargoDetails", "containerNumber", e.target.value.toUpperCase())}
                onBlur={() => {
                  touch("cargoDetails.containerNumber");
                  set("cargoDetails", "containerNumber", normalizeContainerNumber(draft.cargoDetails.containerNumber));
                }}
                maxLength={20}
                autoCapitalize="characters"
                autoComplete="off"
                aria-invalid={!!err("cargoDetails.containerNumber") || (!!draft.cargoDetails.containerNumber && !isContainerNumber(draft.cargoDetails.containerNumber) && touched["cargoDetails.containerNumber"])}
              />
            </Field>
            <Field id="arrivalDate" label="Arrival date">
              <Input id="arrivalDate" type="date" value={draft.cargoDetails.arrivalDate} onChange={(e) => set("cargoDetails", "arrivalDate", e.target.value)} />
            </Field>
            <Field id="unloadingDateTime" label="Unloading date and time">
              <Input id="unloadingDateTime" type="datetime-local" value={draft.cargoDetails.unloadingDateTime} onChange={(e) => set("cargoDetails", "unloadingDateTime", e.target.value)} />
            </Field>
            <Field id="warehouseStaff1" label="Warehouse staff 1" required error={err("warehouseInfo.warehouseStaff1")}>
              <Input id="warehouseStaff1" value={draft.warehouseInfo.warehouseStaff1} onChange={(e) => set("warehouseInfo", "warehouseStaff1", e.target.value)} onBlur={() => touch("warehouseInfo.warehouseStaff1")} maxLength={120} />
            </Field>
            <Field id="warehouseStaff2" label="Warehouse staff 2">
              <Input id="warehouseStaff2" value={draft.warehouseInfo.warehouseStaff2} onChange={(e) => set("warehouseInfo", "warehouseStaff2", e.target.value)} maxLength={120} />
            </Field>
            <Field id="receivableSign" label="Receivable signature (full name)" required error={err("cargoDetails.receivableSign")}>
              <Input id="receivableSign" value={draft.cargoDetails.receivableSign} onChange={(e) => set("cargoDetails", "receivableSign", e.target.value)} onBlur={() => touch("cargoDetails.receivableSign")} maxLength={200} className="font-serif italic" />
            </Field>
          </div>
        </Section>

        <Section id="dv-container" number={2} title="Container Information">
          <ChoiceGroup id="containerSize" legend="Container size">
            {CONTAINER_SIZES.map((s) => (
              <Choice key={s} type="radio" name="containerSize" value={s} checked={draft.containerInfo.containerSize === s} onChange={() => set("containerInfo", "containerSize", s)} label={SIZE_LABELS[s] ?? s} />
            ))}
          </ChoiceGroup>
          {draft.containerInfo.containerSize === "other" ? (
            <Field id="containerSizeOther" label="Container size (describe)" required error={err("containerInfo.containerSizeOther")}>
              <Input id="containerSizeOther" value={draft.containerInfo.containerSizeOther} onChange={(e) => set("containerInfo", "containerSizeOther", e.target.value)} maxLength={120} />
            </Field>
          ) : null}
          <ChoiceGroup id="containerCondition" legend="Container condition">
            {CONTAINER_CONDITIONS.map((c) => (
              <Choice key={c} type="checkbox" name="containerCondition" value={c} checked={draft.containerInfo.containerCondition.includes(c)} onChange={(on) => set("containerInfo", "containerCondition", toggle(draft.containerInfo.containerCondition, c, on))} label={CONDITION_LABELS[c] ?? c} />
            ))}
          </ChoiceGroup>
          {draft.containerInfo.containerCondition.includes("other") ? (
            <Field id="containerConditionOther" label="Container condition (describe)" required error={err("containerInfo.containerConditionOther")}>
              <Input id="containerConditionOther" value={draft.containerInfo.containerConditionOther} onChange={(e) => set("containerInfo", "containerConditionOther", e.target.value)} maxLength={500} />
            </Field>
          ) : null}
          <ChoiceGroup id="sealIntact" legend="Seal intact">
            <Choice type="radio" name="sealIntact" value="yes" checked={draft.containerInfo.sealIntact === "yes"} onChange={() => set("containerInfo", "sealIntact", "yes")} label="Yes" />
            <Choice type="radio" name="sealIntact" value="no" checked={draft.containerInfo.sealIntact === "no"} onChange={() => set("containerInfo", "sealIntact", "no")} label="No" />
          </ChoiceGroup>
          {draft.containerInfo.sealIntact === "yes" ? (
            <Field id="sealNumber" label="Seal number" required error={err("containerInfo.sealNumber")}>
              <Input id="sealNumber" value={draft.containerInfo.sealNumber} onChange={(e) => set("containerInfo", "sealNumber", e.target.value)} maxLength={80} />
            </Field>
          ) : null}
          {draft.containerInfo.sealIntact === "no" ? <p className="text-sm text-slate-700">Add at least one container photo in Photo Documentation.</p> : null}
        </Section>

        <Section id="dv-inventory" number={3} title="Inventory Details">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="damagedInventoryCount" label="Damaged inventory count" error={err("inventoryDetails.damagedInventoryCount")}>
              <Input id="damagedInventoryCount" inputMode="numeric" value={String(draft.inventoryDetails.damagedInventoryCount)} onChange={(e) => set("inventoryDetails", "damagedInventoryCount", e.target.value.trim())} />
            </Field>
            <Field id="damagedInventorySKUs" label="Damaged inventory SKUs" required={Number(draft.inventoryDetails.damagedInventoryCount) > 0} error={err("inventoryDetails.damagedInventorySKUs")}>
              <Textarea id="damagedInventorySKUs" rows={2} value={draft.inventoryDetails.damagedInventorySKUs} onChange={(e) => set("inventoryDetails", "damagedInventorySKUs", e.target.value)} maxLength={1000} />
            </Field>
          </div>
        </Section>

        <Section id="dv-environment" number={4} title="Environmental Check">
          <ChoiceGroup id="floorDryness" legend="Floor">
            {FLOOR_DRYNESS.map((o) => (
              <Choice key={o} type="checkbox" name="floorDryness" value={o} checked={draft.environmentalCheck.floorDryness.includes(o)} onChange={(on) => set("environmentalCheck", "floorDryness", toggle(draft.environmentalCheck.floorDryness, o, on))} label={o} />
            ))}
          </ChoiceGroup>
          <ChoiceGroup id="pestActivity" legend="Pest activity">
            {PEST_ACTIVITY.map((o) => (
              <Choice key={o} type="checkbox" name="pestActivity" value={o} checked={draft.environmentalCheck.pestActivity.includes(o)} onChange={(on) => set("environmentalCheck", "pestActivity", toggle(draft.environmentalCheck.pestActivity, o, on))} label={o} />
            ))}
          </ChoiceGroup>
          <Field id="environmentComments" label="Comments">
            <Textarea id="environmentComments" rows={3} value={draft.environmentalCheck.comments} onChange={(e) => set("environmentalCheck", "comments", e.target.value)} maxLength={2000} />
          </Field>
        </Section>

        <Section id="dv-photos" number={5} title="Photo Documentation">
          <p className="text-sm text-slate-600">Images up to 10 MB. Each photo is made smaller and sent as soon as it is taken.</p>
          {photos.skipped ? <p role="alert" className="text-sm font-medium text-red-700">{photos.skipped}</p> : null}
          {PHOTO_GROUPS.map((g) => (
            <PhotoGroupField key={g} group={g} uploads={photos} error={err(`photos.${g}`)} setDirty={() => setDirty(true)} />
          ))}
        </Section>

        <Section id="dv-notes" number={6} title="Important Notes">
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            <li>Photograph the seal before opening the container; a broken seal needs a container photo.</li>
            <li>Count pallets and bags per product; the totals and the calculated total fill in by themselves.</li>
            <li>Damaged inventory needs the SKUs and at least one photo of the damage.</li>
            <li>Management reviews every report; it stays Pending Management Review until then.</li>
          </ul>
        </Section>

        {narrow === false ? <WideSubmit busy={busy} status={waitingNote} /> : null}
      </form>
      {narrow ? <StickySubmitBar formId={FORM_ID} progress={progress} submitLabel="Submit Report" busy={busy} status={waitingNote} /> : null}
    </div>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function PhotoGroupField({ group, uploads, error, setDirty }: { group: PhotoGroup; uploads: ReturnType<typeof usePhotoUploads>; error?: string; setDirty: () => void }) {
  const entries = uploads.uploads[group];
  const failed = entries.filter((e) => e.state === "failed" && e.file);
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <h3 className="mb-2 font-semibold text-slate-800">{PHOTO_GROUP_LABELS[group]}</h3>
      <PhotoPicker
        label={`Add ${PHOTO_GROUP_LABELS[group].toLowerCase()}`}
        inputId={`photos-${group}`}
        testId={`photos-${group}`}
        accept="image/*"
        photos={entries.map((e) => ({ id: e.id, file: e.file ?? new File([], e.name, { type: "image/jpeg" }), name: e.name, size: e.size, state: e.state, error: e.error }))}
        onAdd={(files) => {
          setDirty();
          void uploads.add(group, files);
        }}
        onRemove={(id) => {
          setDirty();
          uploads.remove(group, id);
        }}
      />
      {failed.length ? (
        <Button size="sm" variant="outline" className="mt-2" onClick={() => failed.forEach((e) => uploads.retry(group, e))}>
          <RotateCw className="size-4" aria-hidden="true" /> Retry failed uploads
        </Button>
      ) : null}
      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}
