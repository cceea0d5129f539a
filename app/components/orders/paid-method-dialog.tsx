// 'Select Paid Method': the paid variants with the current one highlighted, and Cancel (spec 001 §2, §5).
import { Check } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { PAID_VARIANTS } from "~/domain/orders/constants";

export function PaidMethodDialog({ open, current, onChoose, onClose }: { open: boolean; current: string; onChoose: (variant: string) => void; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Select Paid Method" description="How was this order paid?">
      <DialogBody>
        <ul className="space-y-2">
          {PAID_VARIANTS.map((variant) => {
            const active = variant === current;
            return (
              <li key={variant}>
                <button
                  type="button"
                  onClick={() => onChoose(variant)}
                  aria-current={active ? "true" : undefined}
                  className={cn(
                    "flex min-h-12 w-full items-center justify-between rounded-lg border px-4 text-left font-semibold",
                    active ? "border-green-600 bg-green-50 text-green-900" : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
                  )}
                >
                  {variant}
                  {active ? <Check className="size-5" aria-label="Current" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
