// Tabs of the app tell each other when an admin finished connecting QuickBooks (the connect flow runs in a
// new tab), so a balance or a search that failed for want of a connection retries by itself.
import { useEffect, useRef } from "react";
import { QBO_CHANNEL } from "~/domain/quickbooks/connection";

type Message = { type: "connected" };

/** Calls `onConnected` when another tab announces a new QuickBooks connection. */
export function useQboConnectedSignal(onConnected: () => void) {
  const latest = useRef(onConnected);
  useEffect(() => {
    latest.current = onConnected;
  });
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(QBO_CHANNEL);
    channel.onmessage = (event: MessageEvent<Message>) => {
      if (event.data?.type === "connected") latest.current();
    };
    return () => channel.close();
  }, []);
}

export function announceQboConnected() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(QBO_CHANNEL);
  channel.postMessage({ type: "connected" } satisfies Message);
  channel.close();
}
