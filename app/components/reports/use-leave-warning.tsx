// The report form's leave warning while it holds unsent work: leaving inside the app asks with the app's own
// dialog (Remix's blocker), closing or reloading the tab gets the browser's own question (beforeunload, the only
// one a browser allows there). Render `dialog` once.
import { useBlocker } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useConfirm } from "~/components/ui/confirm-dialog";

export function useLeaveWarning(dirty: boolean, question: { title: string; message: string }): ReactNode {
  const { ask, dialog } = useConfirm();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let live = true;
    void ask({ title: question.title, message: question.message, confirmLabel: "Leave", cancelLabel: "Stay" }).then((leave) => {
      if (!live) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker, ask, question.title, question.message]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return dialog;
}
