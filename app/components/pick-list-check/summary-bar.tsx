// The sticky summary bar: lines done, issues, units picked of ordered, a progress bar, and Print (disabled until
// an order is loaded, and while another one loads).
import { Printer } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { CheckSummary } from "~/domain/pick-list/check";

type Props = { summary: CheckSummary | null; savedAt: string | null; printing: boolean; canPrint: boolean; disabled?: boolean; onPrint: () => void };

export function SummaryBar({ summary, savedAt, printing, canPrint, disabled = false, onPrint }: Props) {
  return (
    <div data-testid="summary-bar" className="sticky bottom-0 z-20 -mx-3 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur sm:-mx-4 sm:px-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap gap-x-3 text-sm text-slate-700">
            <span>
              Done <strong className="text-slate-900" data-testid="done-count">{summary ? `${summary.done}/${summary.lines}` : "0/0"}</strong>
            </span>
            <span>
              Issues <strong className={summary?.issues ? "text-amber-800" : "text-slate-900"}>{summary?.issues ?? 0}</strong>
            </span>
            <span>
              Units <strong className="text-slate-900">{summary ? `${summary.pickedUnits}/${summary.orderedUnits}` : "0/0"}</strong>
            </span>
            {savedAt ? <span className="text-slate-500">Saved on this device</span> : null}
          </div>
          <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Lines done" aria-valuenow={summary?.percent ?? 0} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-full bg-green-600 transition-all" style={{ width: `${summary?.percent ?? 0}%` }} />
          </div>
        </div>
        {canPrint ? (
          <Button onClick={onPrint} disabled={printing || disabled} variant="outline">
            <Printer className="size-4" />
            {printing ? "Printing…" : "Print"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
