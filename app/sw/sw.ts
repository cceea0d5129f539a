// The service worker (built by scripts/build-sw.mjs into build/client/sw.js): precaches the build, answers
// the floor screens from this user's last copy when there is no signal, and everything else from the network
// (office pages get the offline page). The routing decision is app/sw/routes.ts; decision 039.
import { NetworkFirst, Serwist, type PrecacheEntry, type RouteHandlerCallbackOptions } from "serwist";
import { fallbackUrlsFor, floorCacheName, keepable, MANIFEST_RELOAD_DOCUMENT, manifestCopyFor, OUTBOX_SYNC_TAG, parseSwMessage, reloadTargetFor, singleFetchReloadBody, staleFloorCaches, strategyFor, warmDue } from "./routes";

/** The few parts of the worker's global scope used here (the app's tsconfig has the DOM lib, not WebWorker). */
type WorkerScope = {
  __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  location: Location;
  caches: CacheStorage;
  clients: {
    matchAll(options?: { type?: string; includeUncontrolled?: boolean }): Promise<{ postMessage(message: unknown): void }[]>;
    get(id: string): Promise<{ url: string } | undefined>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: ExtendableEvent & { data: unknown }) => void): void;
  addEventListener(type: "sync", listener: (event: ExtendableEvent & { tag: string }) => void): void;
};
type ExtendableEvent = { waitUntil(promise: Promise<unknown>): void };

const sw = self as unknown as WorkerScope;

/** A floor screen's network gets this long before the phone's copy is shown instead. */
const NETWORK_TIMEOUT_SECONDS = 4;
const OFFLINE_PAGE = "/offline.html";
/** Where the worker remembers whose floor copies it keeps (it may be stopped and restarted at any time). */
const META_CACHE = "floor-meta";
const OWNER_KEY = "/__sw/floor-owner";

const serwist = new Serwist({
  // Replaced by @serwist/build's injectManifest with the build's hashed assets, the manifest, icons and offline page.
  // Written out as `self.__SW_MANIFEST`: the injection looks for that exact text in the bundle.
  precacheEntries: (self as unknown as WorkerScope).__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new version waits until the person taps "Reload" (or no page is open): never under queued work.
  skipWaiting: false,
  // The first install takes the open page at once, so it is ready for a reload with no signal.
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
});

let ownerInMemory: string | null | undefined;

async function currentOwner(): Promise<string | null> {
  if (ownerInMemory !== undefined) return ownerInMemory;
  const meta = await sw.caches.open(META_CACHE);
  const stored = await meta.match(OWNER_KEY);
  ownerInMemory = stored ? await stored.text() : null;
  return ownerInMemory;
}

/** Owner changes run one after another: a sign-out and the next sign-in's message may arrive together. */
let ownerChanges: Promise<void> = Promise.resolve();

function changeOwner(owner: string | null): Promise<void> {
  ownerChanges = ownerChanges.then(async () => {
    if ((await currentOwner()) !== owner || owner === null) await setOwner(owner);
  }).catch(() => {
    // Cache Storage refused (quota, private mode): the next message tries again; nothing else depends on it.
  });
  return ownerChanges;
}

/** A new person on this phone: their copies only, everyone else's deleted (null: signed out, delete all). */
async function setOwner(owner: string | null): Promise<void> {
  ownerInMemory = owner;
  const meta = await sw.caches.open(META_CACHE);
  if (owner) await meta.put(OWNER_KEY, new Response(owner));
  else await meta.delete(OWNER_KEY);
  const names = await sw.caches.keys();
  await Promise.all(staleFloorCaches(names, owner).map((name) => sw.caches.delete(name)));
}

async function offlinePage(): Promise<Response> {
  return (await serwist.matchPrecache(OFFLINE_PAGE)) ?? new Response("You're offline.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function isDocument(request: Request): boolean {
  return request.mode === "navigate" || request.destination === "document";
}

/** Floor screens: the network within a few seconds, else this user's copy of the URL, else of Home. */
async function floorHandler({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const owner = await currentOwner();
  // Nobody known yet (the page has not said who is signed in): nothing is kept, so nobody's copy can leak.
  if (!owner) return isDocument(request) ? officeHandler({ request, event } as RouteHandlerCallbackOptions) : fetch(request);
  const cacheName = floorCacheName(owner);
  const strategy = new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [{ cacheWillUpdate: ({ response }) => (keepable(response) ? response : null) }],
  });
  try {
    return await strategy.handle({ request, event });
  } catch {
    const cache = await sw.caches.open(cacheName);
    for (const url of fallbackUrlsFor(request, sw.location.origin)) {
      const copy = await cache.match(url);
      if (copy) return copy;
    }
    if (isDocument(request)) return offlinePage();
    // A tap on a link whose route the router has not discovered yet: a kept answer that covers it, else a
    // document load of the destination (which has a copy).
    if (new URL(request.url).pathname === "/__manifest") {
      const covering = manifestCopyFor(request.url, (await cache.keys()).map((r) => r.url));
      const copy = covering ? await cache.match(covering) : undefined;
      return copy ?? new Response(null, MANIFEST_RELOAD_DOCUMENT);
    }
    // A move between floor screens whose data has no copy: load the screen as a document instead, which has one.
    const clientId = (event as { clientId?: string } | undefined)?.clientId;
    const client = clientId ? await sw.clients.get(clientId) : undefined;
    const page = reloadTargetFor(request.url, client?.url ?? null);
    if (page) return new Response(singleFetchReloadBody(page), { status: 202, headers: { "Content-Type": "text/x-script; charset=utf-8", "X-Remix-Response": "yes" } });
    return Response.error();
  }
}

/** Any other page: the network only; with none, the app's own offline page instead of the browser's. */
async function officeHandler({ request }: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return offlinePage();
  }
}

serwist.registerCapture(({ request }) => strategyFor(request, sw.location.origin) === "floor", floorHandler);
serwist.registerCapture(({ request }) => strategyFor(request, sw.location.origin) === "office-document", officeHandler);
// Everything else ("network-only") is left alone: the browser fetches it as if there were no worker.

/**
 * Today's work kept while there is signal (issue 23): the floor screens Home links to are fetched as documents,
 * one after another, with the person's own session, into their own copies. A copy fetched in the last few
 * minutes is left alone; a failed or refused answer (no signal, signed out) keeps the copy there was.
 */
let warming: Promise<void> = Promise.resolve();

function warmFloor(paths: string[]): Promise<void> {
  // After any owner change already received (the page tells the owner first): copies are only ever the owner's.
  warming = Promise.all([warming, ownerChanges]).then(async () => {
    const owner = await currentOwner();
    if (!owner) return;
    const cache = await sw.caches.open(floorCacheName(owner));
    for (const path of paths) {
      const request = new Request(new URL(path, sw.location.origin).href, { credentials: "same-origin", headers: { Accept: "text/html" } });
      const kept = await cache.match(request);
      if (!warmDue(kept?.headers.get("date") ?? null, Date.now())) continue;
      try {
        const response = await fetch(request);
        // Whoever is signed in may have changed while this ran: only their own copy is ever written.
        if (keepable(response) && (await currentOwner()) === owner) await cache.put(request, response);
      } catch {
        return; // No signal: the rest waits for the next visit.
      }
    }
  }).catch(() => {
    // Storage refused: the screens opened with signal are still kept as they are opened.
  });
  return warming;
}

sw.addEventListener("message", (event) => {
  const message = parseSwMessage(event.data);
  if (!message) return;
  if (message.type === "floor-owner") event.waitUntil(changeOwner(message.owner));
  else if (message.type === "floor-signed-out") event.waitUntil(changeOwner(null));
  else if (message.type === "skip-waiting") event.waitUntil(sw.skipWaiting());
  else if (message.type === "floor-warm") event.waitUntil(warmFloor(message.paths));
});

// Background Sync (where the browser has it): wake the open pages; the outbox (app/lib/outbox.ts) sends.
sw.addEventListener("sync", (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: "outbox-flush" });
    }),
  );
});

serwist.addEventListeners();
