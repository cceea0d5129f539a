// The first hydration waits for the code of the parts the first screen shows whose code is not in the page's first
// load (Order Tracking's visible layout and figures, decision 045): with it here, React hydrates their server HTML in
// place. Without the wait, a part whose chunk came after hydration was drawn again from scratch, every row of it, as
// one more long task right after the first (Lighthouse's TBT doubled). The server's HTML is on screen meanwhile; the
// wait is bounded, and a part whose code is later than that is still drawn once it comes (later-part.tsx).
const waits: Promise<unknown>[] = [];
let hydrating = false;

/** Before the first hydration: hydration waits for `code` (at most `hydrationReady`'s limit). Afterwards a no-op. */
export function holdHydrationFor(code: Promise<unknown>): void {
  if (!hydrating) waits.push(code.catch(() => undefined));
}

/** For the browser's entry: resolves when every held part's code is here, or after `limitMs`, whichever is first. */
export function hydrationReady(limitMs = 2500): Promise<void> {
  hydrating = true;
  if (waits.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    void Promise.all(waits).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
