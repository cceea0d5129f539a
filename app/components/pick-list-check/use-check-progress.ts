// Local pick progress for one order on the Pick List Check page: rows (starting from the order's saved picks
// and its room, so the check and the picking screen agree), picker info (starting with who is picking it), a
// 400 ms autosave into the capped localStorage history, and the restore prompt for progress from an earlier visit.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  DEFAULT_PICK_WAREHOUSE, PICK_CHECK_AUTOSAVE_MS, PICK_CHECK_STORAGE_KEY, hasMeaningfulProgress, parseHistory, putInHistory,
  type CheckProgress, type CheckRow, type PickWarehouse,
} from "~/domain/pick-list/check";

export type PickerInfo = { pickerName: string; warehouse: PickWarehouse; startedAt: string | null; finishedAt: string | null };
const freshPicker = (): PickerInfo => ({ pickerName: "", warehouse: DEFAULT_PICK_WAREHOUSE, startedAt: null, finishedAt: null });

function readHistory() {
  try {
    return parseHistory(window.localStorage.getItem(PICK_CHECK_STORAGE_KEY));
  } catch {
    return {};
  }
}

/** Where an order's check starts: the rows of its saved picks and room, and who is picking it. */
export type CheckStart = { rows: Record<string, CheckRow>; pickerName: string };

export function useCheckProgress(orderNumber: string | null, onSaveError: (message: string) => void, start?: CheckStart) {
  const [rows, setRows] = useState<Record<string, CheckRow>>({});
  const [picker, setPicker] = useState<PickerInfo>(freshPicker);
  const [saved, setSaved] = useState<CheckProgress | null>(null);
  const [dirty, setDirty] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const errorRef = useRef(onSaveError);
  errorRef.current = onSaveError;
  const startRef = useRef(start);
  startRef.current = start;

  // A new order starts clean; earlier progress for it is offered, never applied silently.
  useEffect(() => {
    setRows(startRef.current?.rows ?? {});
    setPicker({ ...freshPicker(), pickerName: startRef.current?.pickerName ?? "" });
    setDirty(false);
    setSavedAt(null);
    if (!orderNumber) return setSaved(null);
    const found = readHistory()[orderNumber];
    setSaved(hasMeaningfulProgress(found) ? found! : null);
  }, [orderNumber]);

  useEffect(() => {
    // While the restore question is open, saving would overwrite the progress being offered.
    if (!orderNumber || !dirty || saved) return;
    const save = () => {
      const progress: CheckProgress = { rows, ...picker, savedAt: new Date().toISOString() };
      try {
        const next = putInHistory(readHistory(), orderNumber, progress);
        if (!next) throw new Error("too large");
        window.localStorage.setItem(PICK_CHECK_STORAGE_KEY, next.json);
        setSavedAt(progress.savedAt);
        setDirty(false);
      } catch {
        errorRef.current("Failed to save locally");
      }
    };
    const timer = window.setTimeout(save, PICK_CHECK_AUTOSAVE_MS);
    // A reload or a closed tab inside the 400 ms must not lose the last change.
    window.addEventListener("pagehide", save);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("pagehide", save);
    };
  }, [orderNumber, rows, picker, dirty, saved]);

  const updateRow = useCallback((id: string, change: (row: CheckRow) => CheckRow, fallback: CheckRow) => {
    setRows((current) => ({ ...current, [id]: change(current[id] ?? fallback) }));
    setDirty(true);
  }, []);

  const updatePicker = useCallback((change: Partial<PickerInfo>) => {
    setPicker((current) => ({ ...current, ...change }));
    setDirty(true);
  }, []);

  const restore = useCallback(() => {
    if (!saved) return;
    setRows(saved.rows);
    setPicker({ pickerName: saved.pickerName, warehouse: saved.warehouse, startedAt: saved.startedAt, finishedAt: saved.finishedAt });
    setSavedAt(saved.savedAt);
    setSaved(null);
  }, [saved]);

  const dismiss = useCallback(() => setSaved(null), []);

  return { rows, picker, updateRow, updatePicker, savedPrompt: saved, restore, dismiss, savedAt };
}
