// Modal dialog on the native <dialog>: the browser traps focus, makes the page inert and handles Escape.
import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "./cn";

type BaseProps = {
  open: boolean;
  onClose: () => void;
  /** Accessible name; shown as the heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Keep the dialog open on Escape / backdrop clicks (e.g. while a request is in flight). */
  dismissable?: boolean;
};

/** The shared native-dialog behaviour behind Dialog and Sheet. */
export function NativeDialog({ open, onClose, title, hideTitle, description, children, className, dismissable = true }: BaseProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // What had focus when the dialog opened (the order row, the bell) gets it back when it closes, also when
  // the dialog is unmounted open or the opener was re-rendered meanwhile (found again by its id).
  const opener = useRef<{ element: HTMLElement; id: string } | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? { element: active, id: active.id } : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      giveFocusBack(opener.current);
      opener.current = null;
    }
  }, [open]);

  useEffect(() => () => giveFocusBack(opener.current), []);

  return (
    // The backdrop click below is a mouse shortcut for what the keyboard already has: Escape (onCancel)
    // and the Close button. The native <dialog> is not "non-interactive" in practice, so these two
    // jsx-a11y rules do not apply to it.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={cn("bg-white p-0 text-slate-900 shadow-2xl", className)}
      onCancel={(e) => {
        // Escape: React state stays the source of truth, so the dialog closes through onClose. The browser
        // sends it to the top-most dialog only, but React passes it on to the dialogs it is nested in:
        // only the dialog it was meant for closes (Escape in 'Select Paid Method' keeps the edit open).
        e.preventDefault();
        if (e.target !== e.currentTarget) return;
        e.stopPropagation();
        if (dismissable) onClose();
      }}
      onClick={(e) => {
        // A click on the <dialog> itself (not its content) is a click on the backdrop.
        if (e.target === e.currentTarget && dismissable) onClose();
      }}
    >
      {open ? (
        <div className="flex max-h-[inherit] flex-col">
          <div className={cn("flex items-start justify-between gap-3 px-5 pt-4", hideTitle && "sr-only")}>
            {/* The title wraps; the Close button keeps its full 44 px however long the title is. */}
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-bold">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              disabled={!dismissable}
              className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-50"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

function giveFocusBack(opener: { element: HTMLElement; id: string } | null) {
  if (!opener) return;
  const target = opener.element.isConnected ? opener.element : opener.id ? document.getElementById(opener.id) : null;
  // After the browser's own focus fix-up of the closing dialog, so ours is the last word.
  if (target) queueMicrotask(() => target.focus({ preventScroll: true }));
}

/** A centred modal; on phones it takes nearly the whole width. */
export function Dialog({ className, ...props }: BaseProps) {
  return (
    <NativeDialog
      {...props}
      className={cn("m-auto w-[calc(100vw-1.5rem)] max-w-lg rounded-2xl max-h-[calc(100dvh-2rem)] overflow-y-auto", className)}
    />
  );
}

export function DialogBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("px-5 py-4", className)}>{children}</div>;
}

export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end", className)}>{children}</div>;
}
