// What a line's buttons do on the picking screen: In Full, Short (holding the line first), Unselect, Done
// with a short quantity and reason, a note, focus, hold and zoom; which lines have the Short editor open.
import { useCallback, useMemo, useState } from "react";
import { inFull, short, shortDone, unselect, type LineChange, type PickLine } from "~/domain/picking/lines";
import type { LineActions } from "./line-row";

export function useLineActions({
  change,
  focus,
  claim,
  zoom,
}: {
  change(ids: string[], fn: (line: PickLine) => LineChange): void;
  focus(lineId: string | null): void;
  claim(lineId: string): boolean;
  zoom(line: PickLine): void;
}) {
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  const setEdit = useCallback((id: string, on: boolean) => {
    setEditing((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const actions: LineActions = useMemo(
    () => ({
      inFull: (l) => {
        setEdit(l.id, false);
        change([l.id], inFull);
      },
      short: (l) => {
        if (!claim(l.id)) return;
        setEdit(l.id, true);
        change([l.id], short);
      },
      unselect: (l) => {
        setEdit(l.id, false);
        change([l.id], unselect);
      },
      done: (l, picked, reason) => {
        setEdit(l.id, false);
        change([l.id], (line) => shortDone(line, picked, reason));
      },
      note: (l, note) => change([l.id], () => ({ note })),
      focus: (l) => focus(l.id),
      claim: (l) => void claim(l.id),
      zoom,
    }),
    [change, focus, claim, zoom, setEdit],
  );

  return { actions, editing, clearEditing: () => setEditing(new Set()) };
}
