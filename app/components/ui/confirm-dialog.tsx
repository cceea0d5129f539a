// The app's own yes/no question (discard changes, complete anyway) in place of the browser's confirm(): it
// looks like the product, names its buttons after what they do, and gives focus back to what opened it.
// The dialog's code is not in the first load (issue 25): it loads when the page is idle, or with the first question
// if that comes sooner, and the question shows as soon as it is here.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { whenIdle } from "~/lib/when-idle";

const loadView = () => import("./confirm-dialog-view");
const ConfirmDialogView = lazy(() => loadView().then((m) => ({ default: m.ConfirmDialogView })));

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

  // Mounted (closed) once its code is here, or with the first question: never on the server, so the page hydrates alike.
  const [mounted, setMounted] = useState(false);
  useEffect(() => whenIdle(() => void loadView().then(() => setMounted(true), () => {})), []);

  const dialog =
    mounted || open !== null ? (
      <Suspense fallback={null}>
        <ConfirmDialogView options={open} onSettle={settle} />
      </Suspense>
    ) : null;
  return { ask, dialog };
}
