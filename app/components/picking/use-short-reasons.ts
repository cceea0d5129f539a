// The short reasons a picker chooses from (admins manage the list: GET /api/picklists/short-reasons). Until
// the list arrives, and when it cannot (offline), the seeded defaults: the server checks the reason on save.
import { useEffect, useState } from "react";

export const DEFAULT_SHORT_REASONS = ["Stockout", "Damaged", "Wrong bin", "Other"] as const;

/** Asked again for each order opened (a passcode login in between may have just allowed it). */
export function useShortReasons(orderNumber: string | null): readonly string[] {
  const [reasons, setReasons] = useState<readonly string[]>(DEFAULT_SHORT_REASONS);
  useEffect(() => {
    if (!orderNumber) return;
    let live = true;
    fetch("/api/picklists/short-reasons", { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<{ data?: { label?: string }[] }>) : null))
      .then((body) => {
        const labels = (body?.data ?? []).map((r) => r.label).filter((l): l is string => typeof l === "string" && !!l);
        if (live && labels.length) setReasons(labels);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orderNumber]);
  return reasons;
}
