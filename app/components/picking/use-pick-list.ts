// The picking screen's state, run: loading an order (local → order → logs → inventory), line actions that
// autosave locally and publish to the live room, incoming room changes, Save and Complete. The rules are the
// pure reducer in app/domain/picking/pick-list-state.ts; this hook runs its effects (requests, the room,
// storage, timers). The `?order=` order comes with the page (`initialData`, docs/decisions/008-page-data.md):
// it is on screen from the first paint, and after hydration only this device's saved lines and the room are added.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { AUTOSAVE_DELAY_MS, DEMO_ORDER, loadErrorMessage, ROW_FLASH_MS, type LineChange, type PickLine } from "~/domain/picking/lines";
import type { BarMessage, CallFailure } from "~/domain/picking/outcomes";
import {
  changeLines,
  completionPlan,
  INCOMPLETE_QUESTION,
  initialPickListState,
  lineHolder,
  newlyPicked,
  pickListReducer,
  receiveLines,
  SAVE_FIRST_QUESTION,
  stampLines,
} from "~/domain/picking/pick-list-state";
import type { ScanOutcome } from "~/domain/picking/scan";
import { othersHere, type SyncedLine } from "~/domain/picking/sync";
import { useWarmFloorCopies } from "~/components/shell/service-worker-bridge";
import { feedback } from "./feedback";
import { readStoredLines, rememberCompleted, writeStoredLines } from "./local-lines";
import { loadPickCalls } from "./pick-calls-lazy";
import { openPickOrder, type PasscodeSession, type PickOrderData } from "./pick-order-data";
import { usePickRoom } from "./use-pick-room";
import { scanRulesNow } from "./scan-lazy";

/** The calls' code could not load (no signal before it arrived, and no service worker copy): as no connection. */
const NO_CODE: CallFailure = { kind: "offline", message: "No connection: could not load this. Check the signal and try again." };

/** The order the page loader brought, opened without this device's saved lines (the server has none). */
function firstOpened(initialOrder: string | null, initialData: PickOrderData | null | undefined, session: PasscodeSession) {
  if (!initialOrder || !initialData || initialData.orderNumber !== initialOrder) return null;
  return openPickOrder(initialData, null, session);
}

/** Rows that just turned Picked, for a second (a timer per flash). */
function useFlashing() {
  const [flashing, setFlashing] = useState<ReadonlySet<string>>(new Set());
  const flash = useCallback((ids: string[]) => {
    if (!ids.length) return;
    setFlashing((prev) => new Set([...prev, ...ids]));
    window.setTimeout(() => setFlashing((prev) => new Set([...prev].filter((id) => !ids.includes(id)))), ROW_FLASH_MS);
  }, []);
  return { flashing, flash };
}

export function usePickList({ initialOrder, initialData, session }: { initialOrder: string | null; initialData?: PickOrderData | null; session: PasscodeSession }) {
  const [state, dispatch] = useReducer(pickListReducer, null, () => initialPickListState(initialOrder, firstOpened(initialOrder, initialData, session)));
  const { flashing, flash } = useFlashing();
  const { ask, dialog } = useConfirm();
  // Every load bumps this; a slower, older load (or its room) is dropped when it finishes late.
  const loadSeq = useRef(0);
  // The lines as they are now: callbacks change them between renders (a scan right after a tap).
  const itemsRef = useRef(state.items);
  const stateRef = useRef(state);
  stateRef.current = state;
  const { header } = state;
  const demo = header === DEMO_ORDER;
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const initialDataRef = useRef(initialData);
  initialDataRef.current = initialData;

  const setLines = useCallback((lines: PickLine[]) => {
    itemsRef.current = lines;
    dispatch({ type: "lines", lines });
  }, []);

  /** Applies room lines newest-wins; rows that turn Picked flash like local ones. */
  const receive = useCallback(
    (remote: SyncedLine[]) => {
      const before = itemsRef.current;
      const { lines, changed } = receiveLines(before, remote);
      if (!changed.length) return;
      setLines(lines);
      flash(newlyPicked(before, lines, changed));
    },
    [flash, setLines],
  );

  const { roomRef, connect: connectRoom, close: closeRoom } = usePickRoom({ dispatch, itemsRef, loadSeq, receive });

  useEffect(
    () => () => {
      loadSeq.current++;
      closeRoom();
    },
    [closeRoom],
  );
  // Save and Complete must work with no signal: their code is loaded while there is one, once the screen runs
  // (pick-calls.ts), which also starts the outbox on what waits from an earlier visit.
  const passcodeEmail = session?.email ?? null;
  useEffect(() => {
    void loadPickCalls().then((calls) => calls.startFloorOutbox(passcodeEmail), () => {});
  }, [passcodeEmail]);
  // The order being picked is kept on the phone (one typed into the box, or opened on a passcode phone, too).
  useWarmFloorCopies(header && !demo ? [`/pick-list?order=${encodeURIComponent(header.orderNumber)}`] : []);

  /** Shows an order's data (from the loader or from /api) with this device's saved lines, then joins its room. */
  const open = useCallback(
    (data: PickOrderData, seq: number) => {
      const opened = openPickOrder(data, data.order?.orderNumber ? readStoredLines(data.order.orderNumber) : null, sessionRef.current);
      itemsRef.current = "error" in opened ? [] : opened.lines;
      dispatch({ type: "opened", opened });
      if (!("error" in opened)) void connectRoom(opened.header.orderNumber, seq);
    },
    [connectRoom],
  );

  /** Forgets the order on screen (and its room) before another one is shown; the sequence number of the new load. */
  const begin = useCallback(
    (orderNumber: string, fetching: boolean) => {
      const seq = ++loadSeq.current;
      closeRoom();
      dispatch({ type: "load-started", orderNumber, fetching });
      return seq;
    },
    [closeRoom],
  );

  const loadOrder = useCallback(
    async (orderNumber: string) => {
      const number = orderNumber.trim();
      if (!number) return;
      const seq = begin(number, true);
      const data = await loadPickCalls().then(
        (calls) => calls.fetchPickOrderData(number, sessionRef.current),
        // No code for the calls (no signal before it arrived): said as the client says no connection.
        (): PickOrderData => ({ orderNumber: number, order: null, logs: null, inventory: null, error: NO_CODE.message }),
      );
      if (seq === loadSeq.current) open(data, seq);
    },
    [begin, open],
  );

  // The URL's order: the loader's copy when it brought one (no request again), else /api. Read once per order:
  // a later revalidation (after a passcode login) must not replace lines the room has changed since.
  useEffect(() => {
    if (!initialOrder) return;
    const data = initialDataRef.current;
    if (data && data.orderNumber === initialOrder) open(data, begin(initialOrder, false));
    else void loadOrder(initialOrder);
  }, [initialOrder, loadOrder, open, begin]);

  // Autosave to this device 500 ms after the last change (not the demo data).
  const { items } = state;
  useEffect(() => {
    if (!header || demo) return;
    const timer = window.setTimeout(() => writeStoredLines(header.orderNumber, items), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [items, header, demo]);

  /** Changes lines locally, flashes rows that turn Picked, and publishes them to the room. */
  const change = useCallback(
    (ids: string[] | "all", fn: (line: PickLine) => LineChange) => {
      const before = itemsRef.current;
      const { lines, changed } = changeLines(before, ids, fn);
      const current = roomRef.current;
      const next = current && changed.length ? stampLines(lines, current.publish(lines.filter((l) => changed.includes(l.id)))) : lines;
      setLines(next);
      flash(newlyPicked(before, next, changed));
    },
    [flash, roomRef, setLines],
  );

  const setMessage = useCallback((message: BarMessage) => dispatch({ type: "message", message }), []);
  const focus = useCallback((lineId: string | null) => roomRef.current?.focus(lineId), [roomRef]);

  /** The name of another picker who holds a line now, or null (this picker's own claims do not block). */
  const { claims, you } = state;
  const heldBy = useCallback((lineId: string): string | null => lineHolder(claims, you, lineId, Date.now()), [claims, you]);
  const heldByRef = useRef(heldBy);
  heldByRef.current = heldBy;

  /** Holds a line for this picker (a tap on it); refused with a message while another picker holds it. */
  const claim = useCallback(
    (lineId: string) => {
      const holder = heldByRef.current(lineId);
      if (holder) {
        const line = itemsRef.current.find((l) => l.id === lineId);
        setMessage({ tone: "error", text: `${holder} is picking ${line?.sku || "this line"}.` });
        return false;
      }
      roomRef.current?.claim(lineId);
      roomRef.current?.focus(lineId);
      return true;
    },
    [roomRef, setMessage],
  );

  /** One scan (camera or keyboard wedge): confirms its line by one unit or case, or says why not. The scan rules must be loaded (scan-lazy.ts). */
  const scan = useCallback(
    (raw: string): ScanOutcome | null => {
      const rules = scanRulesNow();
      if (!header || demo || !itemsRef.current.length || !rules) {
        setMessage({ tone: "error", text: rules ? "Load an order before scanning." : "Scanning is not ready: no signal before its code arrived. Try again when there is signal." });
        feedback(false);
        return null;
      }
      const outcome = rules.applyScan(itemsRef.current, raw, { orderNumber: header.orderNumber, heldBy: heldByRef.current });
      if (outcome.ok) {
        change([outcome.lineId], () => outcome.change);
        roomRef.current?.focus(outcome.lineId);
      }
      setMessage({ tone: outcome.ok ? "success" : "error", text: outcome.message });
      feedback(outcome.ok);
      return outcome;
    },
    [header, demo, change, roomRef, setMessage],
  );

  const save = useCallback(async (): Promise<boolean> => {
    if (!header || demo) {
      setMessage({ tone: "error", text: "No order loaded" });
      return false;
    }
    dispatch({ type: "save-started" });
    // Through the floor's outbox: no signal keeps the save on this phone (sent when there is signal).
    const calls = await loadPickCalls().catch(() => null);
    if (!calls) {
      dispatch({ type: "save-failed", failure: NO_CODE });
      return false;
    }
    const result = await calls.sendSave(header, itemsRef.current);
    if (result.ok === "queued") {
      dispatch({ type: "save-failed", failure: { kind: "queued", message: "" } });
      return true;
    }
    if (!result.ok) {
      dispatch({ type: "save-failed", failure: result.error });
      return false;
    }
    dispatch({ type: "saved", pickedCount: result.data.summary.pickedCount, issues: result.data.summary.issues });
    return true;
  }, [header, demo, setMessage]);

  const complete = useCallback(async () => {
    const first = completionPlan({ ...stateRef.current, items: itemsRef.current }, demo);
    if (first.blocked || !header?.orderId) return setMessage({ tone: "error", text: first.blocked ?? "Order id missing" });
    // As the browser's question did: "no" completes without saving; only a failed save stops here.
    if (first.askSaveFirst && (await ask({ title: "Save before completing?", message: SAVE_FIRST_QUESTION, confirmLabel: "Save now", cancelLabel: "Don't save" }))) {
      if (!(await save())) return;
    }
    const plan = completionPlan({ ...stateRef.current, items: itemsRef.current }, demo);
    if (plan.askIncomplete && !(await ask({ title: "Complete anyway?", message: INCOMPLETE_QUESTION, confirmLabel: "Mark completed", cancelLabel: "Keep picking" }))) return;
    dispatch({ type: "complete-started" });
    const calls = await loadPickCalls().catch(() => null);
    if (!calls) return dispatch({ type: "complete-failed", failure: NO_CODE });
    const result = await calls.sendComplete({ ...header, orderId: header.orderId });
    if (result.ok === "queued") return dispatch({ type: "complete-failed", failure: { kind: "queued", message: "" } });
    if (!result.ok) return dispatch({ type: "complete-failed", failure: result.error });
    rememberCompleted(header.orderId, header.orderNumber);
    dispatch({ type: "completed" });
  }, [header, demo, ask, save, setMessage]);

  const settleConflict = useCallback((lineId: string) => dispatch({ type: "conflict-settled", lineId }), []);
  const takeOver = useCallback((lineId: string) => roomRef.current?.takeOver(lineId), [roomRef]);

  const others = useMemo(() => othersHere(state.presence, roomRef.current?.selfId ?? ""), [state.presence, roomRef]);

  return {
    header,
    items,
    loading: state.loading,
    error: state.error ? loadErrorMessage(state.error) : null,
    requested: state.requested,
    demo,
    flashing,
    others,
    roomStatus: state.roomStatus,
    pendingCount: roomRef.current?.pending() ?? 0,
    savedHint: state.savedHint,
    message: state.message,
    saving: state.saving,
    completing: state.completing,
    claims,
    you,
    heldBy,
    /** Changes the room sent back with someone else's copy, to ask about (use-conflict-prompt.ts). */
    conflicts: state.conflicts,
    settleConflict,
    /** Takes a line over from a quiet phone (after the prompt: use-take-over.ts). */
    takeOver,
    loadOrder,
    change,
    focus,
    claim,
    scan,
    setMessage,
    save,
    complete,
    /** The app's own question for Complete: render it once. */
    confirmDialog: dialog,
  };
}
