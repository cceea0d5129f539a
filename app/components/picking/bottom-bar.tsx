// The sticky bottom bar: percent bar, Picked / Short / Unset / Total chips, Save and Complete (only once an
// order's lines are loaded), and the last result. Collapsible; collapsed by default at 600 px or less (CSS decides until the user toggles).
import { ChevronDown, ChevronUp } from "./icons";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { PickProgress } from "~/domain/picking/lines";
import type { BarMessage } from "~/domain/picking/outcomes";

export type { BarMessage };

function Chip({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold", className)}>
      {label} {value}
    </span>
  );
}

export function BottomBar({
  progress,
  ready,
  saving,
  completing,
  message,
  onSave,
  onComplete,
}: {
  progress: PickProgress;
  /** An order's lines are on screen: Save and Complete have something to act on. */
  ready: boolean;
  saving: boolean;
  completing: boolean;
  message: BarMessage;
  onSave(): void;
  onComplete(): void;
}) {
  // null: not toggled yet, so the media query picks the default (collapsed on narrow screens, no flash).
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  const toggle = () => setCollapsed((c) => !(c ?? window.matchMedia("(max-width: 600px)").matches));
  const details = collapsed === null ? "max-[600px]:hidden" : collapsed ? "hidden" : "";
  const expandedLabel = collapsed === null ? undefined : !collapsed;

  return (
    <div className="sticky bottom-0 z-20 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur" data-testid="pick-bar">
      <div className="mx-auto max-w-[920px] px-3 py-2 sm:px-4">
        <div className="flex items-center gap-3">
          <div className="flex-1">
            <div className="h-2.5 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Lines accounted for" aria-valuenow={progress.percent} aria-valuemin={0} aria-valuemax={100}>
              <div className="h-full rounded-full bg-green-600 transition-[width] duration-300" style={{ width: `${progress.percent}%` }} />
            </div>
          </div>
          <span className="w-10 text-right text-sm font-bold tabular-nums">{progress.percent}%</span>
          <button
            type="button"
            onClick={toggle}
            aria-expanded={expandedLabel}
            aria-controls="pick-bar-details"
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
            aria-label="Toggle summary"
          >
            <ChevronUp className={cn("size-5", collapsed === null ? "min-[601px]:hidden" : collapsed ? "" : "hidden")} aria-hidden="true" />
            <ChevronDown className={cn("size-5", collapsed === null ? "max-[600px]:hidden" : collapsed ? "hidden" : "")} aria-hidden="true" />
          </button>
        </div>
        <div id="pick-bar-details" className={cn("mt-2", details)}>
          <div className="flex flex-wrap gap-1.5">
            <Chip label="Picked" value={progress.picked} className="bg-green-100 text-green-800" />
            <Chip label="Short" value={progress.short} className="bg-orange-100 text-orange-800" />
            <Chip label="Unset" value={progress.unset} className="bg-slate-100 text-slate-700" />
            <Chip label="Total" value={progress.total} className="bg-blue-100 text-blue-800" />
          </div>
        </div>
        {message ? (
          <p
            role="status"
            className={cn("mt-1.5 text-sm font-medium", message.tone === "error" ? "text-red-700" : message.tone === "success" ? "text-green-700" : "text-slate-600")}
          >
            {message.text}
          </p>
        ) : null}
        <div className="mt-2 grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={onSave} disabled={!ready || saving || completing}>
            {saving ? "Saving…" : "Save"}
          </Button>
          <Button onClick={onComplete} disabled={!ready || saving || completing}>
            {completing ? "Completing…" : "Complete"}
          </Button>
        </div>
      </div>
    </div>
  );
}
