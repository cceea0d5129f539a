// What the live room's messages do on the picking screen: reducer events, the bar's message, a buzz. Loaded with
// the room's socket code when the screen joins (use-pick-room.ts), not with the first paint.
import type { Dispatch, MutableRefObject } from "react";
import { revertLine, type PickListEvent } from "~/domain/picking/pick-list-state";
import type { PickLine } from "~/domain/picking/lines";
import { savedHint, type SyncedLine } from "~/domain/picking/sync";
import { takenOverMessage } from "~/domain/picking/takeover";
import type { PickingRoomEvents } from "~/lib/picking-client";
import { feedback } from "./feedback";

export function pickTimeOf(iso: string | number) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
}

export function roomEvents({
  dispatch,
  itemsRef,
  receive,
}: {
  dispatch: Dispatch<PickListEvent>;
  itemsRef: MutableRefObject<PickLine[]>;
  receive(lines: SyncedLine[]): void;
}): PickingRoomEvents {
  return {
    onLines: (lines) => receive(lines),
    onPresence: (presence) => dispatch({ type: "presence", presence }),
    onSaved: (s) => dispatch({ type: "saved-hint", text: savedHint(s, pickTimeOf) }),
    onClaims: (claims, you) => dispatch({ type: "claims", claims, you }),
    onRefused: (lineId, holder, line, reason, yours) => {
      dispatch({ type: "refused", lineId, holder, line, reason, yours });
      // The ref follows at once: a tap before the next render sees the room's copy.
      itemsRef.current = revertLine(itemsRef.current, lineId, line);
      feedback(false);
    },
    onStatus: (status) => dispatch({ type: "room-status", status }),
    onTakenOver: (lineId, by, at) => {
      const sku = itemsRef.current.find((l) => l.id === lineId)?.sku ?? "";
      dispatch({ type: "message", message: { tone: "error", text: takenOverMessage(sku, by, at, pickTimeOf) } });
      feedback(false);
    },
  };
}
