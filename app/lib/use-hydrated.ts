// Whether this render is after hydration: false on the server and in the hydrating render, true after.
import { startTransition, useEffect, useState, type RefObject } from "react";

/** The flip is a transition: the page re-rendered with its controls enabled comes in slices, not one long task. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

/**
 * The class of a box whose controls wait for the script: until it runs a clear layer over the box takes the taps (one
 * would do nothing), and it goes with hydration. Neither disabling each control and enabling it again, nor
 * `pointer-events: none` on the box, whose removal restyles every node inside (about 20 ms at 4x for Order Tracking's
 * 50 cards; the layer's removal 0.3 ms). Nothing inside is positioned against the box but visually hidden text.
 */
export function untilHydrated(hydrated: boolean, className?: string): string | undefined {
  return hydrated ? className : [className, "relative after:absolute after:inset-0 after:z-20"].filter(Boolean).join(" ");
}

/**
 * A controlled field keeps what was typed before the page's script ran: on a slow phone the field is on screen
 * (server-rendered) before React owns it, and React's first state ("") would otherwise stand, the text being lost
 * at the next render. Once hydrated, the field's own text is taken as the state. A select works the same way (React's
 * hydration leaves its choice alone): `current` is what the state already holds, adopted only when the field differs.
 */
export function useTypedBeforeHydration(field: RefObject<HTMLInputElement | HTMLSelectElement | null>, adopt: (value: string) => void, current = ""): void {
  useEffect(() => {
    const typed = field.current?.value ?? "";
    if (typed && typed !== current) adopt(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);
}
