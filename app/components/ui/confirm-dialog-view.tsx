// The question of useConfirm (confirm-dialog.tsx) as drawn: a dialog with the two buttons named after what they do.
// Its own module so the dialog's code is not in a page's first load: useConfirm loads it when the page is idle.
import { Button } from "./button";
import type { ConfirmOptions } from "./confirm-dialog";
import { Dialog, DialogBody, DialogFooter } from "./dialog";

export function ConfirmDialogView({ options, onSettle }: { options: ConfirmOptions | null; onSettle: (yes: boolean) => void }) {
  return (
    <Dialog open={options !== null} onClose={() => onSettle(false)} title={options?.title ?? ""} className="max-w-md">
      {options?.message ? <DialogBody className="text-slate-700">{options.message}</DialogBody> : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => onSettle(false)}>
          {options?.cancelLabel ?? "Cancel"}
        </Button>
        <Button variant={options?.danger ? "danger" : "primary"} onClick={() => onSettle(true)}>
          {options?.confirmLabel ?? "OK"}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
