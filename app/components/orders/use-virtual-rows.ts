// Long order pages (a warehouse employee's 500 rows) render as a virtual list: only the rows near the
// viewport are in the DOM, with spacers for the rest, so the page is not 33,000 px of live rows on a cheap
// phone. Short pages (25 rows) render every row. The window scrolls, as before. The virtualizer itself
// (virtual-window.tsx) loads when a list first gets long: until it is here, the first rows are drawn.
import { createElement, lazy, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { VirtualView } from "./virtual-window";

/** From this many rows the list is virtual. */
export const VIRTUAL_FROM_ROWS = 100;
/** Rows drawn while the virtualizer loads: the document's first screen (first-screen.ts). */
const ROWS_WHILE_LOADING = 50;

const VirtualWindow = lazy(() => import("./virtual-window").then((m) => ({ default: m.VirtualWindow })));

const useIsomorphicLayoutEffect = typeof window === "undefined" ? () => undefined : useLayoutEffect;

export function useVirtualRows<T extends HTMLElement>(count: number, estimatePx: number, gapPx = 0) {
  const listRef = useRef<T>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const long = count >= VIRTUAL_FROM_ROWS;
  const [view, setView] = useState<VirtualView | null>(null);

  // Where the list starts on the page (filters above it open and close): the virtualizer's offset.
  useIsomorphicLayoutEffect(() => {
    const el = listRef.current;
    if (!el || !long) return;
    const measure = () => setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [long]);

  const enabled = long && view !== null;
  const shown = long ? Math.min(count, ROWS_WHILE_LOADING) : count;
  const driver: ReactNode = long
    ? createElement(Suspense, { fallback: null }, createElement(VirtualWindow, { count, estimatePx, gapPx, scrollMargin, onView: setView }))
    : null;
  return {
    listRef,
    /** Whether the rows drawn are the virtualizer's window (long list, virtualizer here). */
    enabled,
    /** The indexes to render: all of them when the list is short, the first screen while the virtualizer loads. */
    indexes: enabled ? view.indexes.filter((i) => i < count) : Array.from({ length: shown }, (_, i) => i),
    /** Space above and below the rendered rows. */
    before: enabled ? view.before : 0,
    after: enabled ? view.after : 0,
    measure: view?.measure ?? (() => {}),
    /** Render it anywhere in the list's component: it draws nothing and drives the window. */
    driver,
  };
}
