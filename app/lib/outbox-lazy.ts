// The outbox for screens' first load: the same functions as ~/lib/outbox, loaded with the first use instead of
// the first paint, so idb and the outbox stay out of every signed-in page's first-load JS (the 150 KB budget;
// the header indicator mounts on every page). Subscriptions made before the module arrived start when it does
// and can be cancelled before that.
import type * as Outbox from "./outbox";

export type { AnsweredEvent, OutboxCounts, OutboxEntry, OutboxRequest, OutboxResult } from "./outbox";

let loading: Promise<typeof Outbox> | null = null;
function load(): Promise<typeof Outbox> {
  loading ??= import("./outbox").catch((error: unknown) => {
    loading = null; // the code could not load (no signal before it arrived): the next use tries again
    throw error;
  });
  return loading;
}

/**
 * The module, handed over in a task of its own: the outbox's start, its count and its listeners each run apart
 * (the owner is set at once, startOutboxFor) instead of in one microtask checkpoint with the module's arrival (a
 * 70 ms task at 1x on a driver's page, as it hydrated). setTimeout keeps their order.
 */
function loadApart(): Promise<typeof Outbox> {
  return load().then((m) => new Promise((resolve) => setTimeout(() => resolve(m), 0)));
}

/**
 * A screen that writes on the floor calls this once it is on screen: the outbox's code is then in memory
 * before the signal can go, so a write made with none is kept (the code itself cannot load offline).
 */
export function preloadOutbox(): void {
  load().catch(() => undefined); // a failed load is tried again on the next use (load)
}

export const sendThroughOutbox: typeof Outbox.sendThroughOutbox = async (request, schema) => (await load()).sendThroughOutbox(request, schema);

export const flushOutbox: typeof Outbox.flushOutbox = async (force) => (await load()).flushOutbox(force);
export const discardEntry: typeof Outbox.discardEntry = async (id) => (await load()).discardEntry(id);

function subscribe<L>(pick: (m: typeof Outbox) => (listener: L) => () => void) {
  return (listener: L): (() => void) => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void loadApart().then((m) => {
      if (!cancelled) stop = pick(m)(listener);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  };
}

export const watchOutbox = subscribe((m) => m.watchOutbox);
export const onOutboxAnswered = subscribe((m) => m.onOutboxAnswered);

/** Who queues from now on, then start sending (in this order: both wait for the same module). */
export function startOutboxFor(owner: string): void {
  void load()
    .then((m) => {
      // The owner at once, so a write sent as the module arrives is queued as this person's; the start apart.
      m.setOutboxOwner(owner);
      setTimeout(() => m.startOutbox(), 0);
    })
    .catch(() => undefined); // no code yet (no signal): the next use loads it
}

/** Starts sending as the owner this phone last knew (a screen with no header indicator); loads the code too. */
export function resumeOutbox(): void {
  void load()
    .then((m) => m.startOutbox())
    .catch(() => undefined);
}
