// The admin edit screens' draft state (spec 002 §4): 'Unsaved changes' bar with Discard and Save while the
// draft differs from the saved copy, and a warning before leaving: the app's own dialog for in-app navigation
// (named buttons, focus given back), the browser's question for closing the tab (the only one it allows there).
import { useBlocker } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";

export const LEAVE_WARNING = "You have unsaved changes. Leave without saving?";

/** Asks before leaving a dirty screen; render the returned dialog once. */
export function useLeaveWarning(dirty: boolean): ReactNode {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const { ask, dialog } = useConfirm();
  // The question is asked once per blocked navigation (keyed by its state), answered on the blocker as it is then.
  const latest = useRef(blocker);
  latest.current = blocker;
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    void ask({ title: "Unsaved changes", message: LEAVE_WARNING, confirmLabel: "Leave without saving", cancelLabel: "Stay", danger: true }).then((leave) => {
      const now = latest.current;
      if (now.state !== "blocked") return;
      if (leave) now.proceed();
      else now.reset();
    });
  }, [blocker.state, ask]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  return dialog;
}

export function UnsavedBar({ dirty, saving, onDiscard, onSave }: { dirty: boolean; saving?: boolean; onDiscard: () => void; onSave: () => void }) {
  const leaveDialog = useLeaveWarning(dirty);
  if (!dirty) return leaveDialog;
  return (
    <>
      {leaveDialog}
      <div
        role="region"
        aria-label="Unsaved changes"
        className="sticky bottom-3 z-20 mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 shadow-lg"
      >
        <p className="font-semibold text-amber-900">Unsaved changes</p>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onDiscard} disabled={saving}>
            Discard
          </Button>
          <Button onClick={onSave} disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </Button>
        </div>
      </div>
    </>
  );
}

export function PageHeading({ title, description, children }: { title: string; description?: string; children?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}
