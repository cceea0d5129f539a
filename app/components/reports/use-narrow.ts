// Whether the screen is at most `px` wide (the forms' mobile layout at 768 px), following resizes.
import { useEffect, useState } from "react";

export function useMaxWidth(px: number): boolean | null {
  const [narrow, setNarrow] = useState<boolean | null>(null);
  useEffect(() => {
    const mq = window.matchMedia(`(max-width: ${px}px)`);
    const update = () => setNarrow(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, [px]);
  return narrow;
}
