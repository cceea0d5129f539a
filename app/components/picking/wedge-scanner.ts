// The hardware scanner on the picking screen: a scanner acting as a keyboard, told apart from typing by its speed
// (app/domain/picking/scan.ts). The camera's scanner is scanner.tsx, loaded apart from the first paint.
import { useEffect, useRef } from "react";
import { feedWedge, WEDGE_START } from "~/domain/picking/wedge";

/** Listens for a keyboard-wedge scanner while `enabled`; typing into a field is never taken as a scan. */
export function useWedgeScanner(onScan: (code: string) => void, enabled: boolean) {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    let state = WEDGE_START;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("input, textarea, select, [contenteditable=true]") && !target.closest("[data-scan-input]")) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const out = feedWedge(state, event.key, event.timeStamp || performance.now());
      state = out.state;
      if (out.scan) {
        event.preventDefault();
        const started = performance.now();
        onScanRef.current(out.scan);
        requestAnimationFrame(() => performance.measure("key-scan-to-confirm", { start: started, end: performance.now() }));
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [enabled]);
}
