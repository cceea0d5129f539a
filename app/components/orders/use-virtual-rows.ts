// Long order pages (a warehouse employee's 500 rows) render as a virtual list: only the rows near the
// viewport are in the DOM, with spacers for the rest, so the page is not 33,000 px of live rows on a cheap
// phone. Short pages (25 rows) render every row. The window scrolls, as before.
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState } from "react";

/** From this many rows the list is virtual. */
export const VIRTUAL_FROM_ROWS = 100;

const useIsomorphicLayoutEffect = typeof window === "undefined" ? () => undefined : useLayoutEffect;

export function useVirtualRows<T extends HTMLElement>(count: number, estimatePx: number, gapPx = 0) {
  const listRef = useRef<T>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const enabled = count >= VIRTUAL_FROM_ROWS;

  // Where the list starts on the page (filters above it open and close): the virtualizer's offset.
  useIsomorphicLayoutEffect(() => {
    const el = listRef.current;
    if (!el || !enabled) return;
    const measure = () => setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [enabled]);

  const virtualizer = useWindowVirtualizer<HTMLElement>({
    count: enabled ? count : 0,
    estimateSize: () => estimatePx,
    overscan: 8,
    gap: gapPx,
    scrollMargin,
    // The server and the first client render show the top of the list (the rows a first paint needs).
    initialRect: { width: 1280, height: 1200 },
  });
  const items = virtualizer.getVirtualItems();
  const before = enabled && items.length ? items[0]!.start - scrollMargin : 0;
  const after = enabled && items.length ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0;
  return {
    listRef,
    enabled,
    /** The indexes to render: all of them when the list is short. */
    indexes: enabled ? items.map((i) => i.index) : Array.from({ length: count }, (_, i) => i),
    /** Space above and below the rendered rows. */
    before: Math.max(0, before),
    after: Math.max(0, after),
    measure: virtualizer.measureElement,
  };
}
