// A part of Order Tracking's first screen whose code is not in the page's first load (issue 25, decision 045). The
// server renders it whole (the page's loader waits for the parts' modules: laterPartsLoaded). In the browser, until
// the part's chunk is here, React keeps the server's HTML of it as it is (an element whose inner HTML React does not
// own, as the hidden layout's LayoutBox): it is on screen, not live. Once the chunk is here the part is drawn by React
// in its place, with the screen's latest props. A tap on it meanwhile (a row, a tile, the filter toggle) is kept and
// given to the same place once it is drawn. A part the first screen shows is preloaded as the route's module runs,
// and the first hydration waits for its code (lib/hydration-gate.ts): it is then hydrated in place, which costs far
// less than drawing its rows again, and the kept HTML is only the fallback for code slower than that wait.
// No Suspense boundary: React 18 hydrates a server-rendered boundary later, at the lowest priority, even when its
// code is here, and an update that reaches it before (Remix re-renders its context at default priority on every
// location change: RemixBrowser's setLocation) throws its HTML away and reports an error ("This Suspense boundary
// received an update before it finished hydrating").
import { createElement, startTransition, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from "react";
import { holdHydrationFor } from "~/lib/hydration-gate";
import { whenIdle } from "~/lib/when-idle";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The server's loads of every part's module (none in the browser). */
const serverLoads: Promise<unknown>[] = [];

/** For the page's loader (server): resolves once every part's module is here, so the server renders them whole. */
export function laterPartsLoaded(): Promise<void> {
  return Promise.all(serverLoads).then(() => undefined);
}
/** Where a click landed in the part's server HTML: the path of child indexes from the part's box, and its text. */
type KeptClick = { path: number[]; text: string };

function pathOf(root: Element, node: Element): number[] | null {
  const path: number[] = [];
  for (let at: Element | null = node; at !== root; at = at.parentElement) {
    if (!at?.parentElement) return null;
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  }
  return path;
}

function nodeAt(root: Element, path: readonly number[]): Element | null {
  let at: Element | null = root;
  for (const index of path) at = at?.children[index] ?? null;
  return at;
}

/**
 * `load`: the part's component from its chunk. `idle`: a part nobody needs in the first second (the filter toggle,
 * the figures) is fetched when the page is idle; otherwise at once (the rows). `className`: the part's box.
 */
export function laterPart<P extends object>(load: () => Promise<ComponentType<P>>, { idle = false, className }: { idle?: boolean; className?: string } = {}) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchPart = () =>
    (loading ??= load().then(
      (part) => (loaded = part),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  // The server renders the part whole: its module is loaded as the server starts, and the loader waits for it.
  if (typeof window === "undefined") serverLoads.push(fetchPart().catch(() => {}));

  function Part(props: P) {
    // In the browser: whether the code is here. The server's render has it, and so has a hydrating render that
    // came after the chunk: both draw the part.
    const [ready, setReady] = useState(() => loaded !== null);
    const Loaded = ready ? loaded : null;
    const box = useRef<HTMLDivElement>(null);
    const drawn = useRef(false);
    const kept = useRef<KeptClick | null>(null);
    useIsomorphicLayoutEffect(() => {
      drawn.current = ready;
    }, [ready]);

    useEffect(() => {
      const node = box.current;
      if (ready) {
        // Drawn: the click kept meanwhile lands where it was made, if that place still shows the same thing.
        const click = kept.current;
        kept.current = null;
        const target = click && node ? nodeAt(node, click.path) : null;
        if (target instanceof HTMLElement && target.textContent === click?.text) target.click();
        return;
      }
      let current = true;
      const fetchNow = () => void fetchPart().then(() => current && startTransition(() => setReady(true)), () => {});
      const cancel = idle ? whenIdle(fetchNow) : (fetchNow(), undefined);
      // A click on the server's HTML has no handler yet: kept (the last one). A link does its own thing.
      const keep = (e: MouseEvent) => {
        const target = e.target instanceof Element ? e.target : null;
        if (drawn.current || !node || !target || target.closest("a[href]")) return;
        const path = pathOf(node, target);
        if (path) kept.current = { path, text: target.textContent ?? "" };
      };
      node?.addEventListener("click", keep);
      return () => {
        current = false;
        cancel?.();
        node?.removeEventListener("click", keep);
      };
    }, [ready]);

    return Loaded ? (
      <div ref={box} className={className}>
        {createElement(Loaded, props)}
      </div>
    ) : (
      <div ref={box} className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
    );
  }

  return {
    Part,
    /**
     * Fetches the part's chunk now, as the route's module runs: the first hydration waits for it (hydration-gate.ts),
     * so the part's server HTML is hydrated in place rather than drawn again once its code comes.
     */
    preload: () => holdHydrationFor(fetchPart()),
  };
}
