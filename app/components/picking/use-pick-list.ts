// The picking screen's state: loading an order (local → order → logs → inventory), line actions that
// autosave locally and publish to the live room, incoming room changes, presence, Save and Complete.
// The `?order=` order comes with the page (`initialData`, docs/decisions/008-page-data.md): it is on screen
// from the first paint, and after hydration only this device's saved lines and the room are added.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  AUTOSAVE_DELAY_MS,
  DEMO_ORDER,
  demoLines,
  loadErrorMessage,
  localLinesKey,
  pickProgress,
  RELEASE_STATUS_KEY,
  ROW_FLASH_MS,
  saveSuccessMessage,
  updateLine,
  verifyPayload,
  type LineChange,
  type PickLine,
  type PickOrderHeader,
} from "~/domain/picking/lines";
import { applyScan, type ScanOutcome } from "~/domain/picking/scan";
import { applyRemote, maxRev, othersHere, savedHint, type PresenceEntry, type SyncedLine } from "~/domain/picking/sync";
import type { ClaimEntry } from "../../../party/protocol";
import { CompleteAnswer, VerifyAnswer } from "~/domain/picking/contract";
import { completeFailureMessage, saveFailureMessage, type BarMessage } from "~/domain/picking/outcomes";
import { apiFetch, idempotencyKey } from "~/lib/api-client";
import { fetchPickOrderData, openPickOrder, type PasscodeSession, type PickOrderData } from "./pick-order-data";
import type { PickingRoom, RoomStatus } from "~/lib/picking-client";
import { CLAIM_IDLE_MS } from "../../../party/claims";

function readStored(orderNumber: string): Partial<PickLine>[] | null {
  try {
    const raw = localStorage.getItem(localLinesKey(orderNumber));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (Array.isArray(parsed)) return parsed as Partial<PickLine>[];
    if (parsed && typeof parsed === "object" && Array.isArray((parsed as { items?: unknown }).items)) return (parsed as { items: Partial<PickLine>[] }).items;
  } catch {
    // A corrupt entry is ignored; the server state still loads.
  }
  return null;
}

let audio: AudioContext | null = null;

/** The page's one audio context, made on first need (a tap or a scan; browsers allow sound after a gesture). */
export function prepareFeedback(): AudioContext | null {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    audio ??= Ctx ? new Ctx() : null;
  } catch {
    audio = null;
  }
  return audio;
}

/** A scan's answer a picker hears and feels without looking: a short high beep, or a low double buzz. */
export function feedback(ok: boolean) {
  try {
    navigator.vibrate?.(ok ? 30 : [120, 60, 120]);
  } catch {
    // Vibration is a nicety (not on desktops, not in every browser).
  }
  try {
    const ctx = prepareFeedback();
    if (!ctx) return;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = ok ? "sine" : "square";
    osc.frequency.value = ok ? 1400 : 220;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    const t = ctx.currentTime;
    osc.start(t);
    osc.stop(t + (ok ? 0.08 : 0.3));
  } catch {
    // No audio output: the message and the vibration still tell.
  }
}

function timeOf(iso: string) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
}

/** The order the page loader brought, opened without this device's saved lines (the server has none). */
function firstOpened(initialOrder: string | null, initialData: PickOrderData | null | undefined, session: PasscodeSession) {
  if (!initialOrder || !initialData || initialData.orderNumber !== initialOrder) return null;
  return openPickOrder(initialData, null, session);
}

export function usePickList({ initialOrder, initialData, session }: { initialOrder: string | null; initialData?: PickOrderData | null; session: PasscodeSession }) {
  const [first] = useState(() => firstOpened(initialOrder, initialData, session));
  const [header, setHeader] = useState<PickOrderHeader | null>(first && "header" in first ? first.header : initialOrder ? null : DEMO_ORDER);
  const [items, setItems] = useState<PickLine[]>(() => (first && "lines" in first ? first.lines : initialOrder ? [] : demoLines()));
  const [loading, setLoading] = useState(!!initialOrder && !first);
  const [error, setError] = useState<string | null>(first && "error" in first ? first.error : null);
  const [requested, setRequested] = useState<string | null>(initialOrder);
  const [flashing, setFlashing] = useState<ReadonlySet<string>>(new Set());
  const [presence, setPresence] = useState<PresenceEntry[]>([]);
  const [roomStatus, setRoomStatus] = useState<RoomStatus | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [message, setMessage] = useState<BarMessage>(null);
  const [saving, setSaving] = useState(false);
  const [completing, setCompleting] = useState(false);
  /** Who holds which line (from the room), and who this picker is there. */
  const [claims, setClaims] = useState<ReadonlyMap<string, ClaimEntry>>(new Map());
  const youRef = useRef<string | null>(null);
  const savedThisSession = useRef(false);
  const roomRef = useRef<PickingRoom | null>(null);
  // Every load bumps this; a slower, older load (or its room) is dropped when it finishes late.
  const loadSeq = useRef(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const demo = header === DEMO_ORDER;
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const initialDataRef = useRef(initialData);
  initialDataRef.current = initialData;

  const flash = useCallback((ids: string[]) => {
    if (!ids.length) return;
    setFlashing((prev) => new Set([...prev, ...ids]));
    window.setTimeout(() => setFlashing((prev) => new Set([...prev].filter((id) => !ids.includes(id)))), ROW_FLASH_MS);
  }, []);

  /** Applies room lines newest-wins; rows that turn Picked flash like local ones. */
  const receive = useCallback(
    (remote: SyncedLine[]) => {
      const before = new Map(itemsRef.current.map((l) => [l.id, l.status]));
      const { lines, changed } = applyRemote(itemsRef.current, remote);
      if (!changed.length) return;
      itemsRef.current = lines;
      setItems(lines);
      flash(lines.filter((l) => changed.includes(l.id) && l.status === "Picked" && before.get(l.id) !== "Picked").map((l) => l.id));
    },
    [flash],
  );

  const connectRoom = useCallback(
    async (orderNumber: string, seq: number) => {
      roomRef.current?.close();
      roomRef.current = null;
      setPresence([]);
      setSaved(null);
      setClaims(new Map());
      try {
        // Loaded lazily: the first paint of the screen does not wait for the socket code.
        const client = await import("~/lib/picking-client");
        const access = await client.fetchRoomAccess(orderNumber);
        if (seq !== loadSeq.current) return;
        roomRef.current = client.connectPickingRoom(orderNumber, access, {
          onLines: (lines) => receive(lines),
          onPresence: setPresence,
          onSaved: (s) => setSaved(savedHint(s, timeOf)),
          onClaims: (list, you) => {
            if (you) youRef.current = you;
            setClaims(new Map(list.map((c) => [c.lineId, c])));
          },
          onRefused: (lineId, holder, line) => {
            // The room keeps the holder's line: go back to its copy.
            const current = itemsRef.current.find((l) => l.id === lineId);
            // With no copy in the room, nobody has changed the line there yet: back to untouched, with a rev
            // that lets the holder's next change through.
            const back = line ?? { status: "Pending" as const, pickState: "unset" as const, pickedQty: 0, note: undefined, reason: undefined, rev: 0, by: "" };
            const next = itemsRef.current.map((l) =>
              l.id === lineId ? { ...l, status: back.status, pickState: back.pickState, pickedQty: back.pickedQty, note: back.note, reason: back.reason, rev: back.rev, by: back.by } : l,
            );
            itemsRef.current = next;
            setItems(next);
            setMessage({ tone: "error", text: `${holder} is picking ${current?.sku || "this line"}. Your change was not applied.` });
            feedback(false);
          },
          onStatus: (status) => {
            setRoomStatus(status);
            // Out of the room we no longer know who is here; the next sync tells us again.
            if (status !== "live") setPresence([]);
          },
        });
        roomRef.current.observe(maxRev(itemsRef.current));
      } catch (err) {
        console.warn("live sync unavailable:", (err as Error).message);
        if (seq === loadSeq.current) setRoomStatus("denied");
      }
    },
    [receive],
  );

  useEffect(
    () => () => {
      loadSeq.current++;
      roomRef.current?.close();
      roomRef.current = null;
    },
    [],
  );

  /** Shows an order's data (from the loader or from /api) with this device's saved lines, then joins its room. */
  const open = useCallback(
    (data: PickOrderData, seq: number) => {
      const opened = openPickOrder(data, data.order?.orderNumber ? readStored(data.order.orderNumber) : null, sessionRef.current);
      if ("error" in opened) {
        setRoomStatus(null);
        itemsRef.current = [];
        setItems([]);
        setHeader(null);
        setError(opened.error);
      } else {
        itemsRef.current = opened.lines;
        setItems(opened.lines);
        setHeader(opened.header);
        setError(null);
        void connectRoom(opened.header.orderNumber, seq);
      }
      setLoading(false);
    },
    [connectRoom],
  );

  /** Forgets the order on screen (and its room) before another one is shown; the sequence number of the new load. */
  const begin = useCallback((number: string) => {
    const seq = ++loadSeq.current;
    roomRef.current?.close();
    roomRef.current = null;
    setRequested(number);
    setMessage(null);
    savedThisSession.current = false;
    return seq;
  }, []);

  const loadOrder = useCallback(
    async (orderNumber: string) => {
      const number = orderNumber.trim();
      if (!number) return;
      const seq = begin(number);
      setLoading(true);
      setError(null);
      const data = await fetchPickOrderData(number, sessionRef.current);
      if (seq === loadSeq.current) open(data, seq);
    },
    [begin, open],
  );

  // The URL's order: the loader's copy when it brought one (no request again), else /api. Read once per order:
  // a later revalidation (after a passcode login) must not replace lines the room has changed since.
  useEffect(() => {
    if (!initialOrder) return;
    const data = initialDataRef.current;
    if (data && data.orderNumber === initialOrder) open(data, begin(initialOrder));
    else void loadOrder(initialOrder);
  }, [initialOrder, loadOrder, open, begin]);

  // Autosave to this device 500 ms after the last change (not the demo data).
  useEffect(() => {
    if (!header || demo) return;
    const key = localLinesKey(header.orderNumber);
    const timer = window.setTimeout(() => {
      try {
        localStorage.setItem(key, JSON.stringify(items.map(({ id, sku, status, pickState, pickedQty, note, rev, by }) => ({ id, sku, status, pickState, pickedQty, note, rev, by }))));
      } catch {
        // Storage full or disabled: the room and the server save still hold the progress.
      }
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [items, header, demo]);

  /** Changes lines locally, flashes rows that turn Picked, and publishes them to the room. */
  const change = useCallback(
    (ids: string[] | "all", fn: (line: PickLine) => LineChange) => {
      const before = itemsRef.current;
      const changedIds: string[] = [];
      let next = before.map((l) => {
        if (ids !== "all" && !ids.includes(l.id)) return l;
        changedIds.push(l.id);
        return updateLine(l, fn(l));
      });
      const room = roomRef.current;
      if (room && changedIds.length) {
        const synced = room.publish(next.filter((l) => changedIds.includes(l.id)));
        const stamp = new Map(synced.map((s) => [s.lineId, s]));
        next = next.map((l) => (stamp.has(l.id) ? { ...l, rev: stamp.get(l.id)!.rev, by: stamp.get(l.id)!.by } : l));
      }
      itemsRef.current = next;
      setItems(next);
      const was = new Map(before.map((l) => [l.id, l.status]));
      flash(next.filter((l) => changedIds.includes(l.id) && l.status === "Picked" && was.get(l.id) !== "Picked").map((l) => l.id));
    },
    [flash],
  );

  const focus = useCallback((lineId: string | null) => roomRef.current?.focus(lineId), []);

  /** The name of another picker who holds a line now, or null (this picker's own claims do not block). */
  const heldBy = useCallback(
    (lineId: string): string | null => {
      const claim = claims.get(lineId);
      return claim && claim.sub !== youRef.current && Date.now() - claim.at < CLAIM_IDLE_MS ? claim.name || "Another picker" : null;
    },
    [claims],
  );
  const heldByRef = useRef(heldBy);
  heldByRef.current = heldBy;

  /** Holds a line for this picker (a tap on it); refused with a message while another picker holds it. */
  const claim = useCallback((lineId: string) => {
    const holder = heldByRef.current(lineId);
    if (holder) {
      const line = itemsRef.current.find((l) => l.id === lineId);
      setMessage({ tone: "error", text: `${holder} is picking ${line?.sku || "this line"}.` });
      return false;
    }
    roomRef.current?.claim(lineId);
    roomRef.current?.focus(lineId);
    return true;
  }, []);

  /** One scan (camera or keyboard wedge): confirms its line by one unit or case, or says why not. */
  const scan = useCallback(
    (raw: string): ScanOutcome | null => {
      if (!header || demo || !itemsRef.current.length) {
        setMessage({ tone: "error", text: "Load an order before scanning." });
        feedback(false);
        return null;
      }
      const outcome = applyScan(itemsRef.current, raw, { orderNumber: header.orderNumber, heldBy: heldByRef.current });
      if (outcome.ok) {
        change([outcome.lineId], () => outcome.change);
        roomRef.current?.focus(outcome.lineId);
      }
      setMessage({ tone: outcome.ok ? "success" : "error", text: outcome.message });
      feedback(outcome.ok);
      return outcome;
    },
    [header, demo, change],
  );

  const save = useCallback(async (): Promise<boolean> => {
    if (!header || demo) {
      setMessage({ tone: "error", text: "No order loaded" });
      return false;
    }
    setSaving(true);
    setMessage({ tone: "info", text: "Saving…" });
    const current = itemsRef.current;
    const result = await apiFetch(`/api/picklists/${encodeURIComponent(header.orderNumber)}/verify`, VerifyAnswer, {
      json: verifyPayload(current, "user", ""),
      idempotencyKey: idempotencyKey(),
    });
    setSaving(false);
    if (!result.ok) {
      setMessage(saveFailureMessage(result.error));
      return false;
    }
    savedThisSession.current = true;
    const { pickedCount, issues } = result.data.summary;
    setMessage({ tone: "success", text: saveSuccessMessage(pickedCount, current.length, issues) });
    return true;
  }, [header, demo]);

  const complete = useCallback(async () => {
    if (!header?.orderId || demo) {
      setMessage({ tone: "error", text: "Order id missing" });
      return;
    }
    if (!savedThisSession.current && window.confirm("You have not saved this progress yet. Save now before completing?")) {
      if (!(await save())) return;
    }
    if (!pickProgress(itemsRef.current).fullyAccounted && !window.confirm("Not all items are accounted for. Mark order completed anyway?")) return;
    setCompleting(true);
    setMessage({ tone: "info", text: "Completing…" });
    const result = await apiFetch(`/api/picklists/${encodeURIComponent(header.orderId)}/complete`, CompleteAnswer, { json: {}, idempotencyKey: idempotencyKey() });
    setCompleting(false);
    if (!result.ok) {
      setMessage(completeFailureMessage(result.error));
      return;
    }
    try {
      const map = JSON.parse(localStorage.getItem(RELEASE_STATUS_KEY) ?? "{}") as Record<string, unknown>;
      map[header.orderId] = { completed: true, orderNumber: header.orderNumber, at: new Date().toISOString() };
      localStorage.setItem(RELEASE_STATUS_KEY, JSON.stringify(map));
    } catch {
      // The server already recorded completion; the local flag is a convenience.
    }
    setMessage({ tone: "success", text: "Order marked as Completed." });
  }, [header, demo, save]);

  const others = useMemo(() => othersHere(presence, roomRef.current?.selfId ?? ""), [presence]);

  return {
    header,
    items,
    loading,
    error: error ? loadErrorMessage(error) : null,
    requested,
    demo,
    flashing,
    others,
    roomStatus,
    pendingCount: roomRef.current?.pending() ?? 0,
    savedHint: saved,
    message,
    saving,
    completing,
    claims,
    heldBy,
    loadOrder,
    change,
    focus,
    claim,
    scan,
    setMessage,
    save,
    complete,
  };
}
