// A short line's editor: Picked Qty with quick chips (on hand, 0, 50 %, 75 %), the reason (required while
// short), Done, and what that leaves short. The row keeps the typed values, so closing and reopening keeps them.
import { Button } from "~/components/ui/button";
import { shortSummary, type PickLine } from "~/domain/picking/lines";
import { onHandChipQty, parseShortQty, percentChipQty, QUICK_PERCENT_CHIPS } from "~/domain/picking/short-quantities";

export function ShortEditor({
  line,
  qtyText,
  reason,
  reasons,
  onQtyText,
  onReason,
  onDone,
}: {
  line: PickLine;
  qtyText: string;
  reason: string;
  reasons: readonly string[];
  onQtyText(text: string): void;
  onReason(reason: string): void;
  onDone(picked: number | undefined, reason: string | undefined): void;
}) {
  const typed = parseShortQty(qtyText);
  const setQty = (n: number) => onQtyText(String(n));
  const isShort = (typed ?? line.pickedQty) < line.quantity;
  const needsReason = isShort && !reason;
  return (
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
            onChange={(e) => onQtyText(e.target.value)}
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
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {isShort ? (
          <label className="flex min-w-0 flex-1 flex-col text-sm font-medium">
            Reason
            <select
              value={reason}
              onChange={(e) => onReason(e.target.value)}
              className="mt-1 h-11 rounded-lg border border-slate-300 bg-white px-2 text-base"
              aria-describedby={needsReason ? `reason-hint-${line.id}` : undefined}
            >
              <option value="">Choose a reason…</option>
              {reasons.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <Button size="md" className="ml-auto" disabled={needsReason} onClick={() => onDone(typed, isShort ? reason : undefined)}>
          Done
        </Button>
      </div>
      <p className="mt-2 text-sm text-slate-700">{shortSummary(line, typed)}</p>
      {needsReason ? (
        <p id={`reason-hint-${line.id}`} className="mt-1 text-xs text-slate-600">
          A short line needs a reason.
        </p>
      ) : null}
    </div>
  );
}
