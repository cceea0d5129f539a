// Whether the screen is at most `px` wide, following resizes. Before the page's script runs the server cannot know:
// it renders both layouts and CSS shows one (null), unless the browser said it is a phone or not (a layout hint,
// domain/shell/layout-hint.ts, in the signed-in layout's data). The real answer after hydration is a transition: it
// swaps a whole page's layout (a list's rows, a form's sections), and as a transition React renders it in slices
// that let the phone answer a tap between them, rather than in one long task right after the page appears (the
// long task Lighthouse counted as Total Blocking Time on Return Forms: 824 ms at 4x CPU).
import { useRouteLoaderData } from "@remix-run/react";
import { startTransition, useEffect, useState } from "react";
import type { LayoutHint } from "~/domain/shell/layout-hint";

/**
 * `hinted`: start from the server's guess, the same in the server's render and the hydrating one, since it comes
 * with the signed-in layout's data (read by its route id, so the layout's own code does not load this module;
 * pages outside it, the pick list among them, have no guess).
 */
export function useMaxWidth(px: number, { hinted = false }: { hinted?: boolean } = {}): boolean | null {
  const hint = useRouteLoaderData<{ layout?: LayoutHint }>("routes/_app")?.layout ?? null;
  const [narrow, setNarrow] = useState<boolean | null>(hinted && hint ? hint === "narrow" : null);
  useEffect(() => {
    const mq = window.matchMedia(`(max-width: ${px}px)`);
    const update = () => startTransition(() => setNarrow(mq.matches));
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, [px]);
  return narrow;
}
