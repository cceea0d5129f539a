// The window virtualizer of a long order list (@tanstack/react-virtual), as a component that renders nothing and
// tells the list what to draw. It loads when a list first reaches VIRTUAL_FROM_ROWS, not with the first paint:
// the document's first screen is never that long (issue 25, decision 045).
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect } from "react";

/** What the list draws: these rows, with space above and below them; `measure` is each drawn row's ref. */
export type VirtualView = { indexes: number[]; before: number; after: number; measure: (node: HTMLElement | null) => void };

type Props = { count: number; estimatePx: number; gapPx: number; scrollMargin: number; onView: (view: VirtualView) => void };

export function VirtualWindow({ count, estimatePx, gapPx, scrollMargin, onView }: Props) {
  const virtualizer = useWindowVirtualizer<HTMLElement>({
    count,
    estimateSize: () => estimatePx,
    overscan: 8,
    gap: gapPx,
    scrollMargin,
    // Mounted in the browser only: the window's own size from the first render, so the first window is not empty.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0]!.start - scrollMargin : 0;
  const after = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0;
  const first = items[0]?.index ?? -1;
  const last = items[items.length - 1]?.index ?? -1;
  // Told after each render that moved the window, before the browser paints.
  useLayoutEffect(() => {
    if (!items.length) return; // not measured yet: the list keeps what it draws
    onView({ indexes: items.map((i) => i.index), before: Math.max(0, before), after: Math.max(0, after), measure: virtualizer.measureElement });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the window is told by its range and spaces
  }, [first, last, before, after, count]);
  return null;
}
