// The small pieces of a pick line: its image (tap to zoom), bin tag, who holds it or is on it, and its facts
// (sku, need, on hand, scanned so far, the short summary), each figure whole.
import { Lock, Package } from "lucide-react";
import { useState } from "react";
import { cn } from "~/components/ui/cn";
import { onHandTone, shortSummary, type PickLine } from "~/domain/picking/lines";
import { initials } from "~/domain/picking/sync";
import { holdText } from "~/domain/picking/takeover";

export function LineImage({ line, onZoom }: { line: PickLine; onZoom: () => void }) {
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

export function BinTag({ bin }: { bin: string | null }) {
  if (!bin) return null;
  return (
    <span className="shrink-0 rounded bg-slate-800 px-1.5 py-0.5 font-mono text-xs font-semibold text-white" data-testid="line-bin" title="Bin">
      <span className="sr-only">Bin </span>
      {bin}
    </span>
  );
}

/** Who holds the line: 'Ann is picking', or 'Main floor phones — not seen for 40 s' once their phone is quiet. */
export function HeldChip({ heldBy, quietFor = null }: { heldBy: string; quietFor?: number | null }) {
  const text = holdText({ name: heldBy, quietFor });
  return (
    <span
      className={cn(
        "inline-flex max-w-full min-w-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
        quietFor === null ? "bg-amber-100 text-amber-900" : "bg-slate-200 text-slate-800",
      )}
      data-testid="line-claim"
    >
      <Lock className="size-3 shrink-0" aria-hidden="true" />
      <span className="break-words">{text}</span>
    </span>
  );
}

/** Initials of the others on the line, then who holds it: another picker (comfortable rows) or 'You'. */
export function LineHolders({ others, heldBy, quietFor = null, mine, compact }: { others: string[]; heldBy: string | null; quietFor?: number | null; mine: boolean; compact: boolean }) {
  return (
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
      {heldBy && !compact ? (
        <HeldChip heldBy={heldBy} quietFor={quietFor} />
      ) : mine ? (
        <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800" data-testid="line-claim">
          You
        </span>
      ) : null}
    </>
  );
}

/** A line has been scanned part way (not yet set full or short). */
export function inProgress(line: PickLine): boolean {
  return line.pickState === "unset" && line.pickedQty > 0;
}

function shortText(line: PickLine): string {
  return `${shortSummary(line, line.pickedQty)}${line.reason ? ` — ${line.reason}` : ""}`;
}

export function LineFacts({ line, editing, compact }: { line: PickLine; editing: boolean; compact: boolean }) {
  const tone = onHandTone(line);
  return (
    <>
      {compact ? <span className="font-mono text-xs text-slate-600">{line.sku}</span> : null}
      <span className="font-semibold text-slate-900">Need: {line.quantity}</span>
      <span className={cn("font-medium", tone === "red" ? "text-red-700" : tone === "green" ? "text-green-700" : "text-slate-600")} data-testid="on-hand">
        On Hand: {line.onHand ?? "—"}
      </span>
      {inProgress(line) ? (
        <span className="font-semibold text-blue-800" data-testid="scanned">
          Scanned {line.pickedQty}/{line.quantity}
        </span>
      ) : null}
      {line.pickState === "short" && !editing ? <span className="text-orange-700">{shortText(line)}</span> : null}
    </>
  );
}
