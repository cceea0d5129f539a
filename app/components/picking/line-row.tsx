// One pick line: image (tap to zoom), name, sku, need, status, on hand, the In Full / Short / Unselect
// actions, the Short editor (Picked Qty, quick chips, Done), an Issue note, and who else is on the line.
import { Package } from "lucide-react";
import { memo, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  onHandChipQty,
  onHandTone,
  parseShortQty,
  percentChipQty,
  QUICK_PERCENT_CHIPS,
  shortSummary,
  type PickLine,
} from "~/domain/picking/lines";
import { initials } from "~/domain/picking/sync";

export type LineActions = {
  inFull(line: PickLine): void;
  short(line: PickLine): void;
  unselect(line: PickLine): void;
  done(line: PickLine, picked: number | undefined): void;
  note(line: PickLine, note: string): void;
  focus(line: PickLine): void;
  zoom(line: PickLine): void;
};

const STATUS_TONE = { Pending: "neutral", Picked: "green", Issue: "orange" } as const;

function LineImage({ line, onZoom }: { line: PickLine; onZoom: () => void }) {
  const [broken, setBroken] = useState(false);
  if (!line.image || broken) {
    return (
      <div className="grid size-16 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-400 sm:size-20" aria-hidden="true">
        <Package className="size-7" />
      </div>
    );
  }
  return (
    <button type="button" onClick={onZoom} className="size-16 shrink-0 overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 sm:size-20" aria-label={`Zoom image of ${line.name || line.sku}`}>
      <img src={line.image} alt="" loading="lazy" className="size-full object-cover" onError={() => setBroken(true)} />
    </button>
  );
}

export const LineRow = memo(function LineRow({
  line,
  editing,
  flashing,
  others,
  actions,
}: {
  line: PickLine;
  editing: boolean;
  flashing: boolean;
  others: string[];
  actions: LineActions;
}) {
  const [qtyText, setQtyText] = useState(() => (line.pickedQty ? String(line.pickedQty) : ""));
  const tone = onHandTone(line);
  const typed = parseShortQty(qtyText);
  const setQty = (n: number) => setQtyText(String(n));

  return (
    <li
      data-testid="pick-line"
      data-line-id={line.id}
      data-status={line.status}
      onPointerDown={() => actions.focus(line)}
      className={cn(
        "rounded-xl border bg-white p-3 shadow-sm transition-colors duration-300 sm:p-4",
        flashing ? "border-green-400 bg-green-100" : line.status === "Picked" ? "border-green-200" : line.status === "Issue" ? "border-orange-300" : "border-slate-200",
      )}
    >
      <div className="flex gap-3">
        <LineImage line={line} onZoom={() => actions.zoom(line)} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <p className="font-semibold leading-snug break-words">{line.name || line.sku || "—"}</p>
            <div className="flex shrink-0 items-center gap-1">
              {others.map((name) => (
                <span
                  key={name}
                  title={`${name} is on this line`}
                  aria-label={`${name} is on this line`}
                  className="grid size-7 place-items-center rounded-full bg-blue-600 text-[11px] font-bold text-white ring-2 ring-white"
                >
                  {initials(name)}
                </span>
              ))}
              <Badge tone={STATUS_TONE[line.status]} data-testid="line-status">
                {line.status}
              </Badge>
            </div>
          </div>
          <p className="mt-0.5 font-mono text-xs text-slate-500">{line.sku}</p>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <span className="font-semibold">Need: {line.quantity}</span>
            <span className={cn("font-medium", tone === "red" ? "text-red-700" : tone === "green" ? "text-green-700" : "text-slate-500")} data-testid="on-hand">
              On Hand: {line.onHand ?? "—"}
            </span>
            {line.pickState === "short" && !editing ? <span className="text-orange-700">{shortSummary(line, line.pickedQty)}</span> : null}
          </div>
        </div>
      </div>

      <div className="mt-3 grid grid-cols-3 gap-2">
        <Button size="md" variant={line.pickState === "full" ? "primary" : "outline"} className="whitespace-nowrap px-1 text-sm" aria-pressed={line.pickState === "full"} onClick={() => actions.inFull(line)}>
          In Full ({line.quantity})
        </Button>
        <Button size="md" variant={line.pickState === "short" ? "primary" : "outline"} className="whitespace-nowrap px-1 text-sm" aria-pressed={line.pickState === "short"} onClick={() => actions.short(line)}>
          Short
        </Button>
        <Button size="md" variant="ghost" className="whitespace-nowrap px-1 text-sm ring-1 ring-slate-200" onClick={() => actions.unselect(line)}>
          Unselect
        </Button>
      </div>

      {editing ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col text-sm font-medium">
              Picked Qty
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={line.quantity}
                value={qtyText}
                onChange={(e) => setQtyText(e.target.value)}
                className="mt-1 h-11 w-24 rounded-lg border border-slate-300 bg-white px-3 text-base"
              />
            </label>
            <div className="flex flex-wrap gap-1.5" role="group" aria-label="Quick quantities">
              <Button size="sm" variant="secondary" onClick={() => setQty(onHandChipQty(line))}>
                On hand
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setQty(0)}>
                0
              </Button>
              {QUICK_PERCENT_CHIPS.map((p) => (
                <Button key={p} size="sm" variant="secondary" onClick={() => setQty(percentChipQty(line, p))}>
                  {p}%
                </Button>
              ))}
            </div>
            <Button size="md" className="ml-auto" onClick={() => actions.done(line, typed)}>
              Done
            </Button>
          </div>
          <p className="mt-2 text-sm text-slate-700">{shortSummary(line, typed)}</p>
        </div>
      ) : null}

      {line.status === "Issue" ? (
        <input
          type="text"
          defaultValue={line.note ?? ""}
          key={line.note ?? ""}
          placeholder="Add note (optional)"
          aria-label="Add note (optional)"
          onBlur={(e) => {
            if ((line.note ?? "") !== e.target.value) actions.note(line, e.target.value);
          }}
          className="mt-3 h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
        />
      ) : null}
    </li>
  );
});
