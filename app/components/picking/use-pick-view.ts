// The picker's view of the lines (sort and density), one state kept on this device: the pick path and
// compact rows until the picker chooses otherwise.
import { useCallback, useEffect, useState } from "react";
import type { LineSort } from "~/domain/picking/pick-path";

export type PickView = { sort: LineSort; compact: boolean };

const PREFS_KEY = "picklist:view";
const DEFAULT_VIEW: PickView = { sort: "path", compact: true };

function readView(): PickView {
  try {
    const p = JSON.parse(localStorage.getItem(PREFS_KEY) ?? "{}") as { sort?: string; compact?: boolean };
    return { sort: p.sort === "order" ? "order" : "path", compact: p.compact !== false };
  } catch {
    return DEFAULT_VIEW;
  }
}

/** The view, and a change to part of it that is saved with the rest. Read after hydration (the server has no storage). */
export function usePickView(): [PickView, (change: Partial<PickView>) => void] {
  const [view, setView] = useState<PickView>(DEFAULT_VIEW);
  useEffect(() => setView(readView()), []);
  const change = useCallback((part: Partial<PickView>) => {
    setView((prev) => {
      const next = { ...prev, ...part };
      try {
        localStorage.setItem(PREFS_KEY, JSON.stringify(next));
      } catch {
        // Only the preference is lost.
      }
      return next;
    });
  }, []);
  return [view, change];
}
