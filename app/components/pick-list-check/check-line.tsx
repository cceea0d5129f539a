// One order line on the Pick List Check page: SKU, description, ordered and on-hand, the picked quantity
// with -/+ (never below 0), Match, the line status and a note.
import { Check, Minus, Plus } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  PICK_LINE_STATUSES, PICK_LINE_STATUS_LABELS, isRowDone, matchRow, onHandTone, setPicked,
  type CheckLine as Line, type CheckRow, type OnHandTone, type PickLineStatus,
} from "~/domain/pick-list/check";

const TONE: Record<OnHandTone, string> = {
  red: "bg-red-100 text-red-800 ring-red-300",
  amber: "bg-amber-100 text-amber-900 ring-amber-300",
  green: "bg-green-100 text-green-800 ring-green-300",
  grey: "bg-slate-100 text-slate-600 ring-slate-300",
};
const STATUS_TONE: Record<PickLineStatus, string> = {
  ok: "border-slate-300",
  short: "border-amber-400 bg-amber-50",
  over: "border-orange-400 bg-orange-50",
  ns: "border-red-400 bg-red-50",
};

type Props = { line: Line; row: CheckRow; onChange: (id: string, change: (row: CheckRow) => CheckRow) => void };

export function CheckLine({ line, row, onChange }: Props) {
  const done = isRowDone(row, line.quantity);
  const tone = onHandTone(line.onHand, line.quantity);
  const set = (change: (r: CheckRow) => CheckRow) => onChange(line.lineItemId, change);
  return (
    <li
      data-testid="check-line"
      data-sku={line.sku}
      data-status={row.status}
      data-done={done ? "true" : "false"}
      className={cn("rounded-xl border bg-white p-3 shadow-sm", done ? "border-green-400 ring-1 ring-green-200" : "border-slate-200")}
    >
      <div className="flex flex-col gap-x-3 gap-y-1 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 font-mono text-sm font-semibold text-slate-900">
            {done ? <Check className="size-4 text-green-700" aria-label="Done" /> : null}
            {line.sku}
          </p>
          <p className="text-sm text-slate-700">{line.description || "—"}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2 text-sm">
          <span className="text-slate-600">
            Ordered <strong className="text-slate-900">{line.quantity}</strong>
          </span>
          <span data-testid="on-hand" data-tone={tone} className={cn("rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", TONE[tone])}>
            On hand {line.onHand ?? "?"}
          </span>
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <div className="flex items-center">
          <Button
            variant="outline"
            size="icon"
            aria-label={`Decrease picked ${line.sku}`}
            className="rounded-r-none"
            disabled={row.pickedQty <= 0}
            onClick={() => set((r) => setPicked(r, line.quantity, r.pickedQty - 1))}
          >
            <Minus className="size-4" />
          </Button>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            aria-label={`Picked quantity ${line.sku}`}
            className="min-h-11 w-16 border-y border-slate-300 text-center text-base tabular-nums focus:ring-2 focus:ring-brand-200 focus:outline-none"
            value={row.pickedQty}
            onChange={(e) => set((r) => setPicked(r, line.quantity, e.target.value === "" ? 0 : Number(e.target.value)))}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label={`Increase picked ${line.sku}`}
            className="rounded-l-none"
            onClick={() => set((r) => setPicked(r, line.quantity, r.pickedQty + 1))}
          >
            <Plus className="size-4" />
          </Button>
        </div>
        <Button variant={done ? "secondary" : "primary"} size="sm" className="min-h-11" onClick={() => set((r) => matchRow(r, line.quantity))}>
          Match
        </Button>
        <select
          aria-label={`Status ${line.sku}`}
          value={row.status}
          onChange={(e) => set((r) => ({ ...r, status: e.target.value as PickLineStatus }))}
          className={cn("min-h-11 rounded-lg border bg-white px-2 text-sm", STATUS_TONE[row.status])}
        >
          {PICK_LINE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PICK_LINE_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <input
          type="text"
          aria-label={`Note ${line.sku}`}
          placeholder="Note"
          value={row.note}
          maxLength={500}
          onChange={(e) => set((r) => ({ ...r, note: e.target.value }))}
          className="min-h-11 min-w-0 flex-1 basis-40 rounded-lg border border-slate-300 px-3 text-sm focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
    </li>
  );
}
