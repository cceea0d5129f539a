// The picking screen's state: loading an order (local → order → logs → inventory), line actions that
// autosave locally and publish to the live room, incoming room changes, presence, Save and Complete.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  AUTOSAVE_DELAY_MS,
  buildPickLines,
  DEMO_ORDER,
  demoLines,
  latestVerifiedLog,
  loadErrorMessage,
  localLinesKey,
  mergeInventory,
  mergeLocalLines,
  mergeVerifiedLog,
  passcodeLocationError,
  pickProgress,
  RELEASE_STATUS_KEY,
  ROW_FLASH_MS,
  saveSuccessMessage,
  updateLine,
  verifyPayload,
  type InventorySummary,
  type LineChange,
  type OrderLineInput,
  type PickLine,
  type PickLogEntry,
  type PickOrderHeader,
} from "~/domain/picking/lines";
import { applyRemote, maxRev, othersHere, savedHint, type PresenceEntry, type SyncedLine } from "~/domain/picking/sync";
import type { BarMessage } from "./bottom-bar";
import type { PickingRoom, RoomStatus } from "~/lib/picking-client";

type OrderResponse = {
  success?: boolean;
  error?: string;
  _id?: string | number;
  id?: string | number;
  orderNumber?: string;
  customerName?: string;
  customer?: { name?: string };
  warehouseLocation?: string;
  locationId?: string;
  lines?: (OrderLineInput & { productId?: string })[];
};

export type PasscodeSession = { email: string; allowedLocations: string[] } | null;

async function getJson<T>(url: string): Promise<{ res: Response; body: T | null }> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  const body = (await res.json().catch(() => null)) as T | null;
  return { res, body };
}

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

function timeOf(iso: string) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
}

export function usePickList({ initialOrder, session }: { initialOrder: string | null; session: PasscodeSession }) {
  const [header, setHeader] = useState<PickOrderHeader | null>(initialOrder ? null : DEMO_ORDER);
  const [items, setItems] = useState<PickLine[]>(() => (initialOrder ? [] : demoLines()));
  const [loading, setLoading] = useState(!!initialOrder);
  const [error, setError] = useState<string | null>(null);
  const [requested, setRequested] = useState<string | null>(initialOrder);
  const [flashing, setFlashing] = useState<ReadonlySet<string>>(new Set());
  const [presence, setPresence] = useState<PresenceEntry[]>([]);
  const [roomStatus, setRoomStatus] = useState<RoomStatus | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [message, setMessage] = useState<BarMessage>(null);
  const [saving, setSaving] = useState(false);
  const [completing, setCompleting] = useState(false);
  const savedThisSession = useRef(false);
  const roomRef = useRef<PickingRoom | null>(null);
  // Every load bumps this; a slower, older load (or its room) is dropped when it finishes late.
  const loadSeq = useRef(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const demo = header === DEMO_ORDER;
  const sessionRef = useRef(session);
  sessionRef.current = session;

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
      try {
        // Loaded lazily: the first paint of the screen does not wait for the socket code.
        const client = await import("~/lib/picking-client");
        const access = await client.fetchRoomAccess(orderNumber);
        if (seq !== loadSeq.current) return;
        roomRef.current = client.connectPickingRoom(orderNumber, access, {
          onLines: (lines) => receive(lines),
          onPresence: setPresence,
          onSaved: (s) => setSaved(savedHint(s, timeOf)),
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

  const loadOrder = useCallback(
    async (orderNumber: string) => {
      const number = orderNumber.trim();
      if (!number) return;
      const seq = ++loadSeq.current;
      roomRef.current?.close();
      roomRef.current = null;
      setRequested(number);
      setLoading(true);
      setError(null);
      setMessage(null);
      savedThisSession.current = false;
      try {
        const stored = readStored(number);
        const { body } = await getJson<OrderResponse & { data?: OrderResponse }>(`/api/sales-orders/by-order-number/${encodeURIComponent(number)}?include=lines`);
        const order = body?.data && typeof body.data === "object" && "orderNumber" in body.data ? body.data : body;
        if (!body || body.success === false || !order?.orderNumber) throw new Error(body?.error || "Failed to load order");
        const next: PickOrderHeader = {
          orderId: order._id !== undefined ? String(order._id) : order.id !== undefined ? String(order.id) : null,
          orderNumber: order.orderNumber,
          customerName: order.customerName ?? order.customer?.name ?? "",
          location: order.warehouseLocation ?? order.locationId ?? "",
        };
        const denied = passcodeLocationError(sessionRef.current, next.location);
        if (denied) throw new Error(denied);
        const orderLines = order.lines ?? [];
        let lines = mergeLocalLines(buildPickLines(orderLines), stored);
        const productIds: Record<string, string> = {};
        lines.forEach((l, i) => {
          const pid = orderLines[i]?.productId;
          if (pid) productIds[l.id] = pid;
        });
        try {
          const logs = await getJson<{ success?: boolean; data?: PickLogEntry[] }>(`/api/picklists/${encodeURIComponent(next.orderNumber)}/logs`);
          if (logs.res.ok && logs.body?.success !== false) lines = mergeVerifiedLog(lines, latestVerifiedLog(logs.body?.data));
          else console.warn("pick log sync skipped:", logs.res.status);
        } catch (err) {
          console.warn("pick log sync failed:", (err as Error).message);
        }
        try {
          const inv = await getJson<InventorySummary & { success?: boolean }>(`/api/inventory-summary/by-order-number/${encodeURIComponent(next.orderNumber)}`);
          if (inv.res.ok && inv.body?.success !== false) lines = mergeInventory(lines, inv.body, productIds);
          else console.warn("inventory merge skipped:", inv.res.status);
        } catch (err) {
          console.warn("inventory merge failed:", (err as Error).message);
        }
        if (seq !== loadSeq.current) return;
        itemsRef.current = lines;
        setItems(lines);
        setHeader(next);
        void connectRoom(next.orderNumber, seq);
      } catch (err) {
        if (seq !== loadSeq.current) return;
        setRoomStatus(null);
        itemsRef.current = [];
        setItems([]);
        setHeader(null);
        setError((err as Error).message || "Failed to load order");
      } finally {
        if (seq === loadSeq.current) setLoading(false);
      }
    },
    [connectRoom],
  );

  useEffect(() => {
    if (initialOrder) void loadOrder(initialOrder);
  }, [initialOrder, loadOrder]);

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

  const save = useCallback(async (): Promise<boolean> => {
    if (!header || demo) {
      setMessage({ tone: "error", text: "No order loaded" });
      return false;
    }
    setSaving(true);
    setMessage({ tone: "info", text: "Saving…" });
    try {
      const current = itemsRef.current;
      const res = await fetch(`/api/picklists/${encodeURIComponent(header.orderNumber)}/verify`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify(verifyPayload(current, "user", "")),
      });
      const body = (await res.json().catch(() => null)) as { success?: boolean; error?: string; summary?: { pickedCount?: number; issues?: number } } | null;
      if (!res.ok || !body?.success) throw new Error(body?.error || "Failed to save");
      savedThisSession.current = true;
      const picked = body.summary?.pickedCount ?? current.filter((l) => l.status === "Picked").length;
      const issues = body.summary?.issues ?? current.filter((l) => l.status === "Issue").length;
      setMessage({ tone: "success", text: saveSuccessMessage(picked, current.length, issues) });
      return true;
    } catch (err) {
      setMessage({ tone: "error", text: (err as Error).message || "Failed to save" });
      return false;
    } finally {
      setSaving(false);
    }
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
    try {
      const res = await fetch(`/api/picklists/${encodeURIComponent(header.orderId)}/complete`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: "{}",
      });
      if (!(res.headers.get("content-type") ?? "").includes("json")) throw new Error("Non-JSON response");
      const body = (await res.json().catch(() => null)) as { success?: boolean; error?: string } | null;
      if (!res.ok || !body?.success) throw new Error(body?.error || "Failed to complete");
      try {
        const map = JSON.parse(localStorage.getItem(RELEASE_STATUS_KEY) ?? "{}") as Record<string, unknown>;
        map[header.orderId] = { completed: true, orderNumber: header.orderNumber, at: new Date().toISOString() };
        localStorage.setItem(RELEASE_STATUS_KEY, JSON.stringify(map));
      } catch {
        // The server already recorded completion; the local flag is a convenience.
      }
      setMessage({ tone: "success", text: "Order marked as Completed." });
    } catch (err) {
      setMessage({ tone: "error", text: (err as Error).message || "Failed to complete" });
    } finally {
      setCompleting(false);
    }
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
    loadOrder,
    change,
    focus,
    save,
    complete,
  };
}
