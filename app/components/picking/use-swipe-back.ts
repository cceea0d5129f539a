// Swipe from the left edge to close the picking panel (thresholds in ~/domain/picking/gate SWIPE).
import { useCallback, useRef, useState, type TouchEvent } from "react";
import { SWIPE, swipeCancelled, swipeCloses, swipeDrag, swipeStarts, type SwipeStart } from "~/domain/picking/gate";

export function useSwipeBack(onClose: () => void) {
  const start = useRef<SwipeStart | null>(null);
  const [offset, setOffset] = useState(0);
  const [closing, setClosing] = useState(false);

  const onTouchStart = useCallback((e: TouchEvent) => {
    const t = e.touches[0];
    start.current = t && e.touches.length === 1 && swipeStarts(t.clientX) ? { x: t.clientX, y: t.clientY, t: e.timeStamp } : null;
  }, []);

  const onTouchMove = useCallback((e: TouchEvent) => {
    const s = start.current;
    const t = e.touches[0];
    if (!s || !t) return;
    if (swipeCancelled(s, t.clientX, t.clientY)) {
      start.current = null;
      setOffset(0);
      return;
    }
    setOffset(swipeDrag(s, t.clientX));
  }, []);

  const onTouchEnd = useCallback(
    (e: TouchEvent) => {
      const s = start.current;
      start.current = null;
      const t = e.changedTouches[0];
      if (!s || !t) return;
      if (swipeCloses(s, t.clientX, e.timeStamp)) {
        setClosing(true);
        setOffset(window.innerWidth);
        window.setTimeout(onClose, SWIPE.closeAnimationMs);
      } else setOffset(0);
    },
    [onClose],
  );

  const style = offset || closing
    ? { transform: `translateX(${offset}px)`, transition: closing ? `transform ${SWIPE.closeAnimationMs}ms ease-out` : start.current ? "none" : "transform 150ms ease-out" }
    : undefined;

  return { handlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd }, style };
}
