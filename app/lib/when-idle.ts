// Work that can wait for the page to be idle (a lazy chunk to preload, copies to keep): requestIdleCallback
// where the browser has it, else a short timer. Returns a cancel for an effect's cleanup.
export function whenIdle(run: () => void, fallbackMs = 1500): () => void {
  const w = window as Window & { requestIdleCallback?: (cb: () => void) => number; cancelIdleCallback?: (id: number) => void };
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(run);
    return () => w.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(id);
}
