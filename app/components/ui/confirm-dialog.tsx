// The app's own yes/no question (discard changes, complete anyway) in place of the browser's confirm(): it
// looks like the product, names its buttons after what they do, and gives focus back to what opened it.
import { useCallback, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogBody, DialogFooter } from "./dialog";

export type ConfirmOptions = {
  title: string;
  message?: ReactNode;
  /** The button that goes ahead, named after the act ("Discard changes"). */
  confirmLabel: string;
  /** The button that keeps things as they are. */
  cancelLabel?: string;
  /** A destructive act gets the red button. */
  danger?: boolean;
};

/**
 * `ask(options)` opens the question and resolves true (go ahead) or false (keep); render `dialog` once in
 * the component. A second question while one is open answers the first with false.
 */
export function useConfirm(): { ask: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [open, setOpen] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((yes: boolean) => void) | null>(null);

  const settle = useCallback((yes: boolean) => {
    resolver.current?.(yes);
    resolver.current = null;
    setOpen(null);
  }, []);

  const ask = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    setOpen(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = (
    <Dialog open={open !== null} onClose={() => settle(false)} title={open?.title ?? ""} className="max-w-md">
      {open?.message ? <DialogBody className="text-slate-700">{open.message}</DialogBody> : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => settle(false)}>
          {open?.cancelLabel ?? "Cancel"}
        </Button>
        <Button variant={open?.danger ? "danger" : "primary"} onClick={() => settle(true)}>
          {open?.confirmLabel ?? "OK"}
        </Button>
      </DialogFooter>
    </Dialog>
  );
  return { ask, dialog };
}
