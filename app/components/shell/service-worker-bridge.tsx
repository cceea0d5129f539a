// The page's side of the offline app: tells the service worker whose floor copies it may keep (from the
// signed-in layout's or the pick list's data), and shows "A new version is ready" with its Reload. Decision 039.
import { useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { toast } from "~/components/ui/toast";

const UPDATE_TOAST_ID = "sw-update";

type Match = { id: string; data: unknown };

/**
 * Who is signed in, as the loaded pages say it: the layout's viewer, or the pick list's passcode session;
 * null on the sign-in page (nobody: every copy goes); undefined when the page does not say (keep as is).
 */
export function floorIdentity(matches: readonly Match[]): string | null | undefined {
  for (const match of matches) {
    if (match.id === "routes/login") return null;
    const data = match.data as { viewer?: { email?: unknown }; gate?: { passcodeEmail?: unknown } } | null | undefined;
    if (match.id === "routes/_app" && typeof data?.viewer?.email === "string") return data.viewer.email;
    if (match.id === "routes/pick-list" && typeof data?.gate?.passcodeEmail === "string") return data.gate.passcodeEmail;
  }
  return undefined;
}

/** The worker's side only exists in production builds; its module loads after the first paint. */
function withWorker(use: (worker: typeof import("~/lib/sw-register")) => void): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  void import("~/lib/sw-register").then(use);
}

/**
 * Keeps today's floor screens on the phone while there is signal: Home calls this with the screens its picks or
 * stops link to, and the worker copies them (production builds only; nothing on the dev server).
 */
export function useWarmFloorCopies(paths: readonly string[]): void {
  const key = paths.join("\n");
  useEffect(() => {
    if (key) withWorker(({ warmFloorCopies }) => warmFloorCopies(key.split("\n")));
  }, [key]);
}

export function ServiceWorkerBridge() {
  const identity = floorIdentity(useMatches());

  useEffect(() => {
    if (identity !== undefined) withWorker(({ tellFloorOwner }) => tellFloorOwner(identity));
  }, [identity]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    withWorker(({ applyUpdate, onUpdateReady }) => {
      if (unmounted) return;
      stop = onUpdateReady((ready) => {
        if (!ready) {
          toast.dismiss(UPDATE_TOAST_ID);
          return;
        }
        toast("A new version is ready", {
          id: UPDATE_TOAST_ID,
          duration: Number.POSITIVE_INFINITY,
          action: { label: "Reload", onClick: applyUpdate },
        });
      });
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);

  return null;
}
