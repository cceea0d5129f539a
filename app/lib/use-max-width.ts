// Whether the screen is at most `px` wide, following resizes: null on the server and in the hydrating render (the
// server renders both layouts and CSS shows one), then the answer. The answer after hydration is a transition: it
// swaps a whole page's layout (a list's rows, a form's sections), and as a transition React renders it in slices
// that let the phone answer a tap between them, rather than in one long task right after the page appears (the
// long task Lighthouse counted as Total Blocking Time on Return Forms: 824 ms at 4x CPU).
import { startTransition, useEffect, useState } from "react";

export function useMaxWidth(px: number): boolean | null {
  const [narrow, setNarrow] = useState<boolean | null>(null);
  useEffect(() => {
    const mq = window.matchMedia(`(max-width: ${px}px)`);
    const update = () => startTransition(() => setNarrow(mq.matches));
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, [px]);
  return narrow;
}
