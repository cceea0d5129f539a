// The selection-mode bottom bar: number selected, Clear and Print Pick Lists; shown only when something is
// selected. Print waits while the list is loading or failed to load (docs/decisions/008-page-data.md).
import { Printer } from "lucide-react";
import { Button } from "~/components/ui/button";

export function BatchBar({ count, printing, disabled = false, onClear, onPrint }: { count: number; printing: boolean; disabled?: boolean; onClear: () => void; onPrint: () => void }) {
  if (count === 0) return null;
  return (
    <div role="region" aria-label="Selected orders" className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3">
        <p className="font-semibold text-slate-900" aria-live="polite">
          {count} selected
        </p>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onClear}>
            Clear
          </Button>
          <Button onClick={onPrint} disabled={printing || disabled}>
            <Printer className="size-5" aria-hidden="true" />
            {printing ? "Printing…" : "Print Pick Lists"}
          </Button>
        </div>
      </div>
    </div>
  );
}
