// The picking screen's two dialogs: 'Mark all picked?' (what it does, and that Undo follows) and a line's
// image, zoomed.
import { Button } from "~/components/ui/button";
import { Dialog, DialogBody } from "~/components/ui/dialog";
import type { PickLine } from "~/domain/picking/lines";

export function MarkAllDialog({ open, orderNumber, lineCount, onCancel, onConfirm }: { open: boolean; orderNumber: string | undefined; lineCount: number; onCancel(): void; onConfirm(): void }) {
  return (
    <Dialog open={open} onClose={onCancel} title="Mark all picked?">
      <DialogBody>
        <p className="text-sm text-slate-700">
          Every line of order {orderNumber} is set to picked in full ({lineCount} line{lineCount === 1 ? "" : "s"}). Lines another picker holds stay as they are. You can undo
          this for a few seconds.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>Mark all picked</Button>
        </div>
      </DialogBody>
    </Dialog>
  );
}

export function ZoomDialog({ line, onClose }: { line: PickLine | null; onClose(): void }) {
  return (
    <Dialog open={!!line} onClose={onClose} title={line?.name || line?.sku || "Image"}>
      <DialogBody>{line?.imageLarge ? <img src={line.imageLarge} alt={line.name} className="mx-auto max-h-[70dvh] w-auto rounded-lg" /> : null}</DialogBody>
    </Dialog>
  );
}
