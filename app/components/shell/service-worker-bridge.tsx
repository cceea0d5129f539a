// The page's side of the offline app: tells the service worker whose floor copies it may keep (from the
// signed-in layout's or the pick list's data), and shows "A new version is ready" with its Reload. Decision 039.
import { useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { toast } from "sonner";
import { applyUpdate, onUpdateReady, tellFloorOwner } from "~/lib/sw-register";

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

export function ServiceWorkerBridge() {
  const identity = floorIdentity(useMatches());

  useEffect(() => {
    if (identity !== undefined) tellFloorOwner(identity);
  }, [identity]);

  useEffect(
    () =>
      onUpdateReady((ready) => {
        if (!ready) {
          toast.dismiss(UPDATE_TOAST_ID);
          return;
        }
        toast("A new version is ready", {
          id: UPDATE_TOAST_ID,
          duration: Number.POSITIVE_INFINITY,
          action: { label: "Reload", onClick: applyUpdate },
        });
      }),
    [],
  );

  return null;
}
