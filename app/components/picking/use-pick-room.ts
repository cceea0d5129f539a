// The picking screen's live room: joins the order's room (the socket code and what its messages do, room-events.ts,
// are loaded lazily, so the first paint does not wait for them), and closes it when another order opens.
import { useCallback, useRef, type Dispatch, type MutableRefObject } from "react";
import type { PickListEvent } from "~/domain/picking/pick-list-state";
import type { PickLine } from "~/domain/picking/lines";
import { maxRev, type SyncedLine } from "~/domain/picking/sync";
import type { PickingRoom } from "~/lib/picking-client";

export function usePickRoom({
  dispatch,
  itemsRef,
  loadSeq,
  receive,
}: {
  dispatch: Dispatch<PickListEvent>;
  /** The lines as they are now (changed between renders too). */
  itemsRef: MutableRefObject<PickLine[]>;
  /** The current load: a room joined for an older one is dropped. */
  loadSeq: MutableRefObject<number>;
  /** Applies room lines newest-wins. */
  receive(lines: SyncedLine[]): void;
}) {
  const roomRef = useRef<PickingRoom | null>(null);
  /** A join that failed for want of signal is tried again: on the browser's 'online', or after a growing wait. */
  const retry = useRef<{ timer: number; onOnline: () => void; attempt: number } | null>(null);

  const stopRetry = useCallback(() => {
    if (!retry.current) return;
    window.clearTimeout(retry.current.timer);
    window.removeEventListener("online", retry.current.onOnline);
    retry.current = null;
  }, []);

  const close = useCallback(() => {
    stopRetry();
    roomRef.current?.close();
    roomRef.current = null;
  }, [stopRetry]);

  const connect = useCallback(
    async (orderNumber: string, seq: number, attempt = 0) => {
      close();
      dispatch({ type: "room-joining" });
      try {
        // The socket code and what its messages do come together (room-events.ts): neither is in the first paint.
        const [client, events] = await Promise.all([import("~/lib/picking-client"), import("./room-events")]);
        const access = await client.fetchRoomAccess(orderNumber);
        if (seq !== loadSeq.current) return;
        roomRef.current = client.connectPickingRoom(orderNumber, access, events.roomEvents({ dispatch, itemsRef, receive }));
        roomRef.current.observe(maxRev(itemsRef.current));
      } catch (err) {
        if (seq !== loadSeq.current) return;
        const client = await import("~/lib/picking-client").catch(() => null);
        if (client && err instanceof client.AccessDenied) {
          // Who this is may not join (signed out, no access): said as such, never retried.
          console.warn("live sync refused:", (err as Error).message);
          dispatch({ type: "room-status", status: "denied" });
          return;
        }
        // No signal (or no answer): the screen says Offline, keeps changes on the phone, and joins when it can.
        dispatch({ type: "room-status", status: "offline" });
        const again = () => {
          stopRetry();
          if (seq === loadSeq.current) void connect(orderNumber, seq, attempt + 1);
        };
        const wait = Math.min(60_000, 5_000 * 2 ** Math.min(attempt, 4));
        retry.current = { timer: window.setTimeout(again, wait), onOnline: again, attempt };
        window.addEventListener("online", again, { once: true });
      }
    },
    [close, dispatch, itemsRef, loadSeq, receive, stopRetry],
  );

  return { roomRef, connect, close };
}
