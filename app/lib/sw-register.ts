// Registers the service worker (production builds only) and carries the page's side of its conversation:
// whose floor copies it keeps, sign-out, and a new version waiting for the person's "Reload". Decision 039.
import type { SwMessage } from "~/sw/routes";
import { afterSettled } from "~/lib/when-idle";

type UpdateListener = (ready: boolean) => void;

const updateListeners = new Set<UpdateListener>();
let waiting: ServiceWorker | null = null;
/** Set when this page asked the new version to take over, so its arrival reloads this page (and only then). */
let reloadRequested = false;

function announce(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const listener of updateListeners) listener(worker !== null);
}

/** Calls `listener` now and whenever a new version starts or stops waiting. */
export function onUpdateReady(listener: UpdateListener): () => void {
  updateListeners.add(listener);
  listener(waiting !== null);
  return () => void updateListeners.delete(listener);
}

/** To the active worker (on first install it may not control this page yet, but it hears it). */
function post(message: SwMessage): void {
  if (!("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** Whether queued floor writes wait on this phone (the outbox is loaded only when asked, never on first paint). */
async function writesWaiting(): Promise<boolean> {
  try {
    const { outboxCount } = await import("~/lib/outbox");
    const counts = await outboxCount();
    return counts.waiting + counts.needsYou > 0;
  } catch {
    // An outbox that cannot be read is treated as holding work: the page is never reloaded under it.
    return true;
  }
}

/** The person tapped "Reload": the waiting version takes over, then this page reloads onto it. */
export function applyUpdate(): void {
  if (!waiting) {
    window.location.reload();
    return;
  }
  reloadRequested = true;
  waiting.postMessage({ type: "skip-waiting" } satisfies SwMessage);
}

function watchRegistration(registration: ServiceWorkerRegistration): void {
  // Only an update waits: on first install there is no controller, and the worker claims the page itself.
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) announce(installing);
    });
  });
}

/** Production only (the Vite dev server and its journeys never get a worker); a no-op where unsupported. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const hadController = navigator.serviceWorker.controller !== null;
  clearFloorCopiesOnLogout();
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // The first install claiming the page changes nothing on screen.
    if (!hadController && !reloadRequested) return;
    announce(null);
    if (reloadRequested) {
      window.location.reload();
      return;
    }
    // Another tab took the new version: follow it only when no queued work waits here, else ask the person.
    void writesWaiting().then((busy) => {
      if (busy) announce(navigator.serviceWorker.controller);
      else window.location.reload();
    });
  });
  const register = () =>
    navigator.serviceWorker
      .register("/sw.js", { scope: "/", updateViaCache: "none" })
      .then(watchRegistration)
      .catch(() => {
        // No worker (private mode, storage refused): the app works online exactly as before.
      });
  // Installing precaches the whole build (337 files, 2.1 MB): on a cheap phone that is CPU and bandwidth taken from
  // the page's first seconds, when a person reads and taps. It starts once the page has settled (decision 045).
  const settled = () => afterSettled(() => void register());
  if (document.readyState === "complete") settled();
  else window.addEventListener("load", settled, { once: true });
}

/** A short, non-secret key for the signed-in person: their copies are kept under it, never another's. */
export async function ownerKey(identity: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(identity.trim().toLowerCase()));
  return Array.from(new Uint8Array(bytes).slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Settled once the page has told the worker who is signed in: copies asked for before that wait for it. */
let ownerTold: () => void = () => undefined;
const ownerKnown = new Promise<void>((resolve) => {
  ownerTold = resolve;
});

/** Tells the worker who is signed in (null: nobody), once it controls the page. */
export function tellFloorOwner(identity: string | null): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  if (identity === null) {
    post({ type: "floor-signed-out" });
    ownerTold();
  } else
    void ownerKey(identity).then((owner) => {
      post({ type: "floor-owner", owner });
      ownerTold();
    });
}

/** Asks the worker to keep a copy of these floor screens while there is signal (Home: today's picks or stops). */
export function warmFloorCopies(paths: readonly string[]): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator) || paths.length === 0) return;
  // After the owner (a screen's effect runs before the shell's): the worker keeps copies only for a known owner.
  const told = Promise.race([ownerKnown, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  void told.then(() => post({ type: "floor-warm", paths: [...paths] }));
}

/** Log Out is a plain form post: the floor copies are deleted as it leaves, before the next person signs in. */
export function clearFloorCopiesOnLogout(): void {
  if (typeof document === "undefined") return;
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && new URL(form.action, window.location.href).pathname === "/logout") post({ type: "floor-signed-out" });
    },
    true,
  );
}
