// Picker name, warehouse (Main / VL / External, default Main), start and finish time: kept with local progress.
import { Input } from "~/components/ui/input";
import { Button } from "~/components/ui/button";
import { PICK_WAREHOUSES, type PickWarehouse } from "~/domain/pick-list/check";
import type { PickerInfo as Info } from "./use-check-progress";

function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function PickerInfo({ picker, onChange }: { picker: Info; onChange: (change: Partial<Info>) => void }) {
  return (
    <fieldset className="grid min-w-0 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <legend className="sr-only">Picker info</legend>
      <label className="text-sm font-medium text-slate-700">
        Picker name
        <Input className="mt-1" value={picker.pickerName} maxLength={120} onChange={(e) => onChange({ pickerName: e.target.value })} placeholder="Who is picking" />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Warehouse
        <select
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
          value={picker.warehouse}
          onChange={(e) => onChange({ warehouse: e.target.value as PickWarehouse })}
        >
          {PICK_WAREHOUSES.map((w) => (
            <option key={w}>{w}</option>
          ))}
        </select>
      </label>
      {(["startedAt", "finishedAt"] as const).map((field) => (
        <label key={field} className="text-sm font-medium text-slate-700">
          {field === "startedAt" ? "Start time" : "Finish time"}
          <span className="mt-1 flex gap-1">
            <Input type="datetime-local" className="min-w-0 flex-1" value={toLocalInput(picker[field])} onChange={(e) => onChange({ [field]: fromLocalInput(e.target.value) })} />
            <Button variant="outline" size="sm" className="min-h-11" onClick={() => onChange({ [field]: new Date().toISOString() })}>
              Now
            </Button>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
