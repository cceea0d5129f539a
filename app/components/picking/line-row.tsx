// One pick line: bin, image (tap to zoom), name, sku, need, status, on hand, the In Full / Short / Unselect
// actions, the Short editor (Picked Qty, quick chips, reason, Done), an Issue note, who else is on the line
// and who holds it. Compact (the default: six lines or more on a phone) or comfortable with the image.
import { Check, Lock, Package, RotateCcw } from "lucide-react";
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
  done(line: PickLine, picked: number | undefined, reason: string | undefined): void;
  note(line: PickLine, note: string): void;
  focus(line: PickLine): void;
  /** A tap on the line itself (not one of its controls): hold it for this picker. */
  claim(line: PickLine): void;
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
  compact = false,
  heldBy = null,
  mine = false,
  reasons = [],
}: {
  line: PickLine;
  editing: boolean;
  flashing: boolean;
  others: string[];
  actions: LineActions;
  compact?: boolean;
  /** Another picker who holds this line now: its controls wait. */
  heldBy?: string | null;
  /** This picker holds the line. */
  mine?: boolean;
  /** The short reasons to choose from. */
  reasons?: readonly string[];
}) {
  const [qtyText, setQtyText] = useState(() => (line.pickedQty ? String(line.pickedQty) : ""));
  const [reason, setReason] = useState(line.reason ?? "");
  const tone = onHandTone(line);
  const typed = parseShortQty(qtyText);
  const setQty = (n: number) => setQtyText(String(n));
  const isShort = (typed ?? line.pickedQty) < line.quantity;
  const needsReason = isShort && !reason;
  const inProgress = line.pickState === "unset" && line.pickedQty > 0;
  const held = !!heldBy;

  const heldChip = heldBy ? (
    <span className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="line-claim" title={`${heldBy} is picking`}>
      <Lock className="size-3 shrink-0" aria-hidden="true" />
      <span className="truncate">{heldBy} is picking</span>
    </span>
  ) : null;
  const holders = (
    <>
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
      {heldChip && !compact ? (
        heldChip
      ) : mine ? (
        <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800" data-testid="line-claim">
          You
        </span>
      ) : null}
    </>
  );
  const facts = (
    <>
      {compact ? <span className="font-mono text-xs text-slate-600">{line.sku}</span> : null}
      <span className="font-semibold text-slate-900">Need: {line.quantity}</span>
      <span className={cn("font-medium", tone === "red" ? "text-red-700" : tone === "green" ? "text-green-700" : "text-slate-600")} data-testid="on-hand">
        On Hand: {line.onHand ?? "—"}
      </span>
      {inProgress ? (
        <span className="font-semibold text-blue-800" data-testid="scanned">
          Scanned {line.pickedQty}/{line.quantity}
        </span>
      ) : null}
      {line.pickState === "short" && !editing ? (
        <span className="text-orange-700">
          {shortSummary(line, line.pickedQty)}
          {line.reason ? ` — ${line.reason}` : ""}
        </span>
      ) : null}
    </>
  );
  // The compact row cuts its facts to one line: the whole of them is its title.
  const factsText = [
    line.sku,
    `Need: ${line.quantity}`,
    `On Hand: ${line.onHand ?? "—"}`,
    inProgress ? `Scanned ${line.pickedQty}/${line.quantity}` : null,
    line.pickState === "short" && !editing ? `${shortSummary(line, line.pickedQty)}${line.reason ? ` — ${line.reason}` : ""}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const bin = line.bin ? (
    <span className="shrink-0 rounded bg-slate-800 px-1.5 py-0.5 font-mono text-xs font-semibold text-white" data-testid="line-bin" title="Bin">
      <span className="sr-only">Bin </span>
      {line.bin}
    </span>
  ) : null;
  const isSet = line.status !== "Pending" || line.pickState !== "unset" || line.pickedQty > 0;
  const buttons = compact ? (
    <>
      <Button
        size="md"
        variant={line.pickState === "full" ? "primary" : "outline"}
        className="min-h-11 gap-1 px-2 text-sm whitespace-nowrap"
        aria-pressed={line.pickState === "full"}
        aria-label={`In Full (${line.quantity})`}
        disabled={held}
        onClick={() => actions.inFull(line)}
      >
        <Check className="size-4" aria-hidden="true" />
        {line.quantity}
      </Button>
      <Button
        size="md"
        variant={line.pickState === "short" ? "primary" : "outline"}
        className="min-h-11 px-2 text-sm whitespace-nowrap"
        aria-pressed={line.pickState === "short"}
        disabled={held}
        onClick={() => actions.short(line)}
      >
        Short
      </Button>
      {isSet ? (
        <Button size="icon" variant="ghost" className="ring-1 ring-slate-200" aria-label="Unselect" title="Unselect" disabled={held} onClick={() => actions.unselect(line)}>
          <RotateCcw className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
    </>
  ) : (
    <>
      <Button
        size="md"
        variant={line.pickState === "full" ? "primary" : "outline"}
        className="whitespace-nowrap px-1 text-sm"
        aria-pressed={line.pickState === "full"}
        disabled={held}
        onClick={() => actions.inFull(line)}
      >
        In Full ({line.quantity})
      </Button>
      <Button
        size="md"
        variant={line.pickState === "short" ? "primary" : "outline"}
        className="whitespace-nowrap px-1 text-sm"
        aria-pressed={line.pickState === "short"}
        disabled={held}
        onClick={() => actions.short(line)}
      >
        Short
      </Button>
      <Button size="md" variant="ghost" className="whitespace-nowrap px-1 text-sm ring-1 ring-slate-200" disabled={held} onClick={() => actions.unselect(line)}>
        Unselect
      </Button>
    </>
  );

  return (
    <li
      data-testid="pick-line"
      data-line-id={line.id}
      data-status={line.status}
      data-held={held ? "other" : mine ? "me" : undefined}
      onPointerDown={() => actions.focus(line)}
      className={cn(
        "rounded-xl border bg-white shadow-sm transition-colors duration-300",
        compact ? "border-l-4 py-1.5 pr-1.5 pl-2" : "p-3 sm:p-4",
        flashing ? "border-green-400 bg-green-100" : held ? "border-amber-300 bg-amber-50/60" : line.status === "Picked" ? "border-green-200" : line.status === "Issue" ? "border-orange-300" : "border-slate-200",
      )}
    >
      {compact ? (
        <div className="flex items-center gap-1.5">
          {/* A tap on the line holds it for this picker (its name is the button's: the line's own text). */}
          <button type="button" data-testid="line-hold" onClick={() => actions.claim(line)} aria-pressed={mine} className="min-h-11 min-w-0 flex-1 rounded-md text-left focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
            <span className="flex items-center gap-1.5">
              {bin}
              <span className="min-w-0 truncate text-sm font-semibold leading-tight" title={line.name || line.sku || undefined}>
                {line.name || line.sku || "—"}
              </span>
              <span className="sr-only" data-testid="line-status">
                , {line.status}
              </span>
              <span className="ml-auto flex shrink-0 items-center gap-1">{holders}</span>
            </span>
            {/* Held by another picker, the row says by whom where its facts were (the facts stay in the title). */}
            {heldChip ? (
              <span className="mt-0.5 flex min-w-0 items-center gap-2 text-xs leading-5" title={factsText}>
                {heldChip}
                {inProgress ? (
                  <span className="shrink-0 font-semibold text-blue-800" data-testid="scanned">
                    {line.pickedQty}/{line.quantity}
                  </span>
                ) : null}
              </span>
            ) : (
              <span className="mt-0.5 block truncate text-xs leading-5 [&>span]:mr-2" title={factsText}>
                {facts}
              </span>
            )}
          </button>
          <div className="flex shrink-0 gap-1">{buttons}</div>
        </div>
      ) : (
        <>
          <div className="flex gap-3">
            <LineImage line={line} onZoom={() => actions.zoom(line)} />
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <button type="button" data-testid="line-hold" onClick={() => actions.claim(line)} aria-pressed={mine} className="rounded-md text-left font-semibold leading-snug break-words focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
                  {line.name || line.sku || "—"}
                </button>
                <div className="flex shrink-0 items-center gap-1">
                  {holders}
                  <Badge tone={STATUS_TONE[line.status]} data-testid="line-status">
                    {line.status}
                  </Badge>
                </div>
              </div>
              <p className="mt-0.5 flex items-center gap-2 font-mono text-xs text-slate-600">
                {bin}
                {line.sku}
              </p>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">{facts}</div>
            </div>
          </div>
          <div className="mt-3 grid grid-cols-3 gap-2">{buttons}</div>
        </>
      )}

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
          </div>
          <div className="mt-2 flex flex-wrap items-end gap-2">
            {isShort ? (
              <label className="flex min-w-0 flex-1 flex-col text-sm font-medium">
                Reason
                <select
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
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
            <Button size="md" className="ml-auto" disabled={needsReason} onClick={() => actions.done(line, typed, isShort ? reason : undefined)}>
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
          className={cn("w-full rounded-lg border border-slate-300 bg-white px-3 text-base", compact ? "mt-2 h-11" : "mt-3 h-11")}
        />
      ) : null}
    </li>
  );
});
