// One pick line: bin, image (tap to zoom), name, sku, need, status, on hand, the In Full / Short / Unselect
// actions, the Short editor (Picked Qty, quick chips, reason, Done), an Issue note, who else is on the line
// and who holds it. Compact (the default: six lines or more on a phone) or comfortable with the image. The
// pieces are in line-parts, line-buttons and short-editor.
import { lazy, memo, Suspense, useState } from "react";
import { cn } from "~/components/ui/cn";
import type { PickLine } from "~/domain/picking/lines";
import { LineButtons } from "./line-buttons";
import { BinTag, HeldChip, LineFacts, LineHolders, LineImage } from "./line-parts";
import { loadShortEditor } from "./short-editor-lazy";

// The Short editor opens with a tap on Short, never on the first paint: its code loads when the screen is idle
// (short-editor-lazy.ts), so the tap finds it here; a tap sooner shows it as soon as it has arrived.
const ShortEditor = lazy(() => loadShortEditor().then((m) => ({ default: m.ShortEditor })));
// Only the comfortable rows show the status pill, and the server and the hydrating render always draw compact rows
// (use-pick-view.ts reads the picker's choice after hydration): its code comes when the screen is idle.
const loadBadge = () => import("~/components/ui/badge");
const Badge = lazy(() => loadBadge().then((m) => ({ default: m.Badge })));

/** What a row may show after the first paint (the Short editor, the comfortable row's pill), loaded when the screen is idle. */
export function preloadLineParts(): void {
  void loadShortEditor().catch(() => {});
  void loadBadge().catch(() => {});
}

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
  /** Take the line over from a holder whose phone has gone quiet (asks first). */
  takeOver?(line: PickLine): void;
};

const STATUS_TONE = { Pending: "neutral", Picked: "green", Issue: "orange" } as const;

export const LineRow = memo(function LineRow({
  line,
  editing,
  flashing,
  others,
  actions,
  compact = false,
  heldBy = null,
  quietFor = null,
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
  /** Seconds the holder's phone has been quiet (it may be taken over), or null while it is heard from. */
  quietFor?: number | null;
  /** This picker holds the line. */
  mine?: boolean;
  /** The short reasons to choose from. */
  reasons?: readonly string[];
}) {
  // Kept by the row, not the editor: closing and reopening Short keeps what was typed.
  const [qtyText, setQtyText] = useState(() => (line.pickedQty ? String(line.pickedQty) : ""));
  const [reason, setReason] = useState(line.reason ?? "");
  const held = !!heldBy;
  const holders = <LineHolders others={others} heldBy={heldBy} quietFor={quietFor} mine={mine} compact={compact} />;
  const facts = <LineFacts line={line} editing={editing} compact={compact} />;
  const bin = <BinTag bin={line.bin} />;
  const buttons = <LineButtons line={line} actions={actions} compact={compact} held={held} quiet={held && quietFor !== null} />;

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
        <div className="sm:flex sm:items-start sm:gap-2">
          {/* A tap on the line holds it for this picker (its name is the button's: the line's own text). The whole
              name wraps and every figure stays whole: at 390 px the pack size is what tells BRN-10 from BRN-25. */}
          <button type="button" data-testid="line-hold" onClick={() => actions.claim(line)} aria-pressed={mine} className="block min-h-11 w-full rounded-md text-left sm:min-w-0 sm:flex-1 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
            <span className="flex items-start gap-1.5">
              {bin}
              <span className="min-w-0 flex-1 text-sm leading-snug font-semibold break-words" data-testid="line-name">
                {line.name || line.sku || "—"}
              </span>
              <span className="sr-only" data-testid="line-status">
                , {line.status}
              </span>
              <span className="flex shrink-0 items-center gap-1">{holders}</span>
            </span>
            <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs leading-5 [&>span]:whitespace-nowrap">{facts}</span>
            {heldBy ? (
              <span className="mt-0.5 flex min-w-0 items-center gap-2 text-xs leading-5">
                <HeldChip heldBy={heldBy} quietFor={quietFor} />
              </span>
            ) : null}
          </button>
          <div className="mt-1 flex flex-wrap justify-end gap-1 sm:mt-0 sm:shrink-0">{buttons}</div>
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
                  <Suspense fallback={null}>
                    <Badge tone={STATUS_TONE[line.status]} data-testid="line-status">
                      {line.status}
                    </Badge>
                  </Suspense>
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
        <Suspense fallback={null}>
          <ShortEditor
            line={line}
            qtyText={qtyText}
            reason={reason}
            reasons={reasons}
            onQtyText={setQtyText}
            onReason={setReason}
            onDone={(picked, why) => actions.done(line, picked, why)}
          />
        </Suspense>
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
