// Sections 2–6 of the Devanning Report (spec 002 §5): container information with its conditional fields,
// inventory details, the environmental check, the four photo groups (each uploading in the background, with
// retry) and the important notes. Views only: the form's state is app/domain/reports/devanning-form.ts.
import { RotateCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { CONTAINER_CONDITIONS, CONTAINER_SIZES, FLOOR_DRYNESS, PEST_ACTIVITY, PHOTO_GROUPS, PHOTO_GROUP_LABELS, type PhotoGroup } from "~/domain/reports/constants";
import type { DevanningPath } from "~/domain/reports/devanning-form";
import type { DevanningDraft } from "~/domain/reports/devanning";
import { Choice, ChoiceGroup, Field, Section } from "./form-parts";
import { PhotoPicker } from "./photo-picker";
import type { usePhotoUploads } from "./use-photo-uploads";

export type DevanningSectionProps = {
  draft: DevanningDraft;
  /** The message shown for a field (the form's rules or the server's), by its dotted key. */
  err: (key: string) => string | undefined;
  edit: <P extends DevanningPath>(section: P[0], field: P[1], value: unknown) => void;
  touch: (key: string) => void;
};

const SIZE_LABELS: Record<string, string> = { other: "Other" };
const CONDITION_LABELS: Record<string, string> = { other: "Other" };

function toggle(list: string[], value: string, on: boolean) {
  return on ? [...new Set([...list, value])] : list.filter((v) => v !== value);
}

export function ContainerSection({ draft, err, edit }: DevanningSectionProps) {
  const info = draft.containerInfo;
  return (
    <Section id="dv-container" number={2} title="Container Information">
      <ChoiceGroup id="containerSize" legend="Container size">
        {CONTAINER_SIZES.map((s) => (
          <Choice key={s} type="radio" name="containerSize" value={s} checked={info.containerSize === s} onChange={() => edit("containerInfo", "containerSize", s)} label={SIZE_LABELS[s] ?? s} />
        ))}
      </ChoiceGroup>
      {info.containerSize === "other" ? (
        <Field id="containerSizeOther" label="Container size (describe)" required error={err("containerInfo.containerSizeOther")}>
          <Input id="containerSizeOther" value={info.containerSizeOther} onChange={(e) => edit("containerInfo", "containerSizeOther", e.target.value)} maxLength={120} />
        </Field>
      ) : null}
      <ChoiceGroup id="containerCondition" legend="Container condition">
        {CONTAINER_CONDITIONS.map((c) => (
          <Choice key={c} type="checkbox" name="containerCondition" value={c} checked={info.containerCondition.includes(c)} onChange={(on) => edit("containerInfo", "containerCondition", toggle(info.containerCondition, c, on))} label={CONDITION_LABELS[c] ?? c} />
        ))}
      </ChoiceGroup>
      {info.containerCondition.includes("other") ? (
        <Field id="containerConditionOther" label="Container condition (describe)" required error={err("containerInfo.containerConditionOther")}>
          <Input id="containerConditionOther" value={info.containerConditionOther} onChange={(e) => edit("containerInfo", "containerConditionOther", e.target.value)} maxLength={500} />
        </Field>
      ) : null}
      <ChoiceGroup id="sealIntact" legend="Seal intact">
        <Choice type="radio" name="sealIntact" value="yes" checked={info.sealIntact === "yes"} onChange={() => edit("containerInfo", "sealIntact", "yes")} label="Yes" />
        <Choice type="radio" name="sealIntact" value="no" checked={info.sealIntact === "no"} onChange={() => edit("containerInfo", "sealIntact", "no")} label="No" />
      </ChoiceGroup>
      {info.sealIntact === "yes" ? (
        <Field id="sealNumber" label="Seal number" required error={err("containerInfo.sealNumber")}>
          <Input id="sealNumber" value={info.sealNumber} onChange={(e) => edit("containerInfo", "sealNumber", e.target.value)} maxLength={80} />
        </Field>
      ) : null}
      {info.sealIntact === "no" ? <p className="text-sm text-slate-700">Add at least one container photo in Photo Documentation.</p> : null}
    </Section>
  );
}

export function InventorySection({ draft, err, edit }: DevanningSectionProps) {
  const inv = draft.inventoryDetails;
  return (
    <Section id="dv-inventory" number={3} title="Inventory Details">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="damagedInventoryCount" label="Damaged inventory count" error={err("inventoryDetails.damagedInventoryCount")}>
          <Input id="damagedInventoryCount" inputMode="numeric" value={String(inv.damagedInventoryCount)} onChange={(e) => edit("inventoryDetails", "damagedInventoryCount", e.target.value.trim())} />
        </Field>
        <Field id="damagedInventorySKUs" label="Damaged inventory SKUs" required={Number(inv.damagedInventoryCount) > 0} error={err("inventoryDetails.damagedInventorySKUs")}>
          <Textarea id="damagedInventorySKUs" rows={2} value={inv.damagedInventorySKUs} onChange={(e) => edit("inventoryDetails", "damagedInventorySKUs", e.target.value)} maxLength={1000} />
        </Field>
      </div>
    </Section>
  );
}

export function EnvironmentSection({ draft, edit }: DevanningSectionProps) {
  const env = draft.environmentalCheck;
  return (
    <Section id="dv-environment" number={4} title="Environmental Check">
      <ChoiceGroup id="floorDryness" legend="Floor">
        {FLOOR_DRYNESS.map((o) => (
          <Choice key={o} type="checkbox" name="floorDryness" value={o} checked={env.floorDryness.includes(o)} onChange={(on) => edit("environmentalCheck", "floorDryness", toggle(env.floorDryness, o, on))} label={o} />
        ))}
      </ChoiceGroup>
      <ChoiceGroup id="pestActivity" legend="Pest activity">
        {PEST_ACTIVITY.map((o) => (
          <Choice key={o} type="checkbox" name="pestActivity" value={o} checked={env.pestActivity.includes(o)} onChange={(on) => edit("environmentalCheck", "pestActivity", toggle(env.pestActivity, o, on))} label={o} />
        ))}
      </ChoiceGroup>
      <Field id="environmentComments" label="Comments">
        <Textarea id="environmentComments" rows={3} value={env.comments} onChange={(e) => edit("environmentalCheck", "comments", e.target.value)} maxLength={2000} />
      </Field>
    </Section>
  );
}

type Uploads = ReturnType<typeof usePhotoUploads>;

export function PhotosSection({ photos, err, onChange }: { photos: Uploads; err: DevanningSectionProps["err"]; onChange: () => void }) {
  return (
    <Section id="dv-photos" number={5} title="Photo Documentation">
      <p className="text-sm text-slate-600">Images up to 10 MB. Each photo is made smaller and sent as soon as it is taken.</p>
      {photos.skipped ? <p role="alert" className="text-sm font-medium text-red-700">{photos.skipped}</p> : null}
      {PHOTO_GROUPS.map((g) => (
        <PhotoGroupField key={g} group={g} uploads={photos} error={err(`photos.${g}`)} onChange={onChange} />
      ))}
    </Section>
  );
}

export function NotesSection() {
  return (
    <Section id="dv-notes" number={6} title="Important Notes">
      <ul className="list-disc space-y-1 pl-5 text-slate-700">
        <li>Photograph the seal before opening the container; a broken seal needs a container photo.</li>
        <li>Count pallets and bags per product; the totals and the calculated total fill in by themselves.</li>
        <li>Damaged inventory needs the SKUs and at least one photo of the damage.</li>
        <li>Management reviews every report; it stays Pending Management Review until then.</li>
      </ul>
    </Section>
  );
}

function PhotoGroupField({ group, uploads, error, onChange }: { group: PhotoGroup; uploads: Uploads; error?: string; onChange: () => void }) {
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
          onChange();
          void uploads.add(group, files);
        }}
        onRemove={(id) => {
          onChange();
          uploads.remove(group, id);
        }}
      />
      {failed.length ? (
        <Button size="sm" variant="outline" className="mt-2" onClick={() => failed.forEach((e) => uploads.retry(group, e))}>
          <RotateCw className="size-4" aria-hidden="true" /> Retry failed uploads
        </Button>
      ) : null}
      {error ? (
        <p id={`photos-${group}-error`} className="mt-1 text-sm font-medium text-red-700" data-field-error>
          {error}
        </p>
      ) : null}
    </div>
  );
}
