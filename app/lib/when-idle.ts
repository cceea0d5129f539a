// Work that can wait for the page to be idle (a lazy chunk to preload, copies to keep): requestIdleCallback
// where the browser has it, else a short timer. Returns a cancel for an effect's cleanup.
export function whenIdle(run: () => void, fallbackMs = 1500, { timeoutMs }: { timeoutMs?: number } = {}): () => void {
  const w = window as Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(run, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(id);
}

/**
 * Work nobody waits for in the page's first seconds (the bell's lists, spec 000's order poll): after `delayMs`, then
 * when idle. Those seconds are when a person reads and taps; on a cheap phone a call, its parse and its render then
 * are what a first tap waits behind. Returns a cancel.
 */
export function afterSettled(run: () => void, delayMs = SETTLE_MS): () => void {
  let cancelIdle: (() => void) | null = null;
  // Idle or not, it runs within two seconds more: a page that is never idle must not go without its bell.
  const timer = window.setTimeout(() => (cancelIdle = whenIdle(run, 0, { timeoutMs: 2000 })), delayMs);
  return () => {
    window.clearTimeout(timer);
    cancelIdle?.();
  };
}

/** How long a page is left to itself after it appears. */
export const SETTLE_MS = 3000;
