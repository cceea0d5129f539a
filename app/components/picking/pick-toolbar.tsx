// Above the lines: the scan box (a typed or wedge-scanned code), the sort and density of the list, Hide
// picked, Mark all picked (asked first, in PickDialogs) and the Undo bar that follows it.
import { Rows3, ScanLine } from "./icons";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { LINE_SORTS, type LineSort } from "~/domain/picking/pick-path";
import type { MarkAllUndo } from "./use-mark-all";

export function PickToolbar({
  listReady,
  sort,
  compact,
  hidePicked,
  allPicked,
  undo,
  onScan,
  onView,
  onHidePicked,
  onMarkAll,
  onUndo,
}: {
  listReady: boolean;
  sort: LineSort;
  compact: boolean;
  hidePicked: boolean;
  allPicked: boolean;
  undo: MarkAllUndo | null;
  onScan(code: string): void;
  onView(view: { sort?: LineSort; compact?: boolean }): void;
  onHidePicked(hide: boolean): void;
  /** The Mark all checkbox was ticked: ask first. */
  onMarkAll(): void;
  onUndo(): void;
}) {
  const [code, setCode] = useState("");
  return (
    <>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!code.trim()) return;
          onScan(code);
          setCode("");
        }}
      >
        <label htmlFor="pick-scan" className="sr-only">
          Scan or type a barcode
        </label>
        <div className="relative min-w-0 flex-1">
          <ScanLine className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <input
            id="pick-scan"
            data-scan-input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="Scan or type a code"
            autoComplete="off"
            enterKeyHint="go"
            disabled={!listReady}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-base disabled:bg-slate-100"
          />
        </div>
        <label className="sr-only" htmlFor="pick-sort">
          Sort lines
        </label>
        <select
          id="pick-sort"
          value={sort}
          onChange={(e) => onView({ sort: e.target.value === "order" ? "order" : "path" })}
          className="h-11 w-28 shrink-0 rounded-lg border border-slate-300 bg-white px-2 text-sm"
        >
          {LINE_SORTS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Compact rows"
          aria-pressed={compact}
          className={cn("shrink-0", compact && "bg-slate-100")}
          onClick={() => onView({ compact: !compact })}
        >
          <Rows3 className="size-5" aria-hidden="true" />
        </Button>
      </form>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-5 accent-brand-700" checked={hidePicked} onChange={(e) => onHidePicked(e.target.checked)} />
          Hide picked
        </label>
        <label className="inline-flex min-h-11 items-center gap-2 has-disabled:text-slate-500">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={allPicked}
            disabled={!listReady || allPicked}
            onChange={(e) => {
              if (e.target.checked) onMarkAll();
            }}
          />
          Mark all picked
        </label>
      </div>
      {undo ? (
        <div role="status" className="flex items-center gap-3 rounded-lg bg-slate-900 px-3 py-2 text-sm text-white" data-testid="undo-bar">
          <span className="flex-1">
            Marked {undo.count} line{undo.count === 1 ? "" : "s"} picked.
            {undo.skipped ? ` ${undo.skipped} held by others left as they are.` : ""}
          </span>
          <Button size="sm" variant="secondary" onClick={onUndo}>
            Undo
          </Button>
        </div>
      ) : null}
    </>
  );
}
