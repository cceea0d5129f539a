// The short reasons a picker chooses from (admins manage the list: GET /api/picklists/short-reasons). Until
// the list arrives, and when it cannot (offline), the seeded defaults: the server checks the reason on save.
import { useEffect, useState } from "react";
import { apiFetch, contractOf } from "~/lib/api-client";

const contract = contractOf(() => import("~/domain/picking/contract"));

export const DEFAULT_SHORT_REASONS = ["Stockout", "Damaged", "Wrong bin", "Other"] as const;

/** Asked again for each order opened (a passcode login in between may have just allowed it). */
export function useShortReasons(orderNumber: string | null): readonly string[] {
  const [reasons, setReasons] = useState<readonly string[]>(DEFAULT_SHORT_REASONS);
  useEffect(() => {
    if (!orderNumber) return;
    let live = true;
    void apiFetch("/api/picklists/short-reasons", contract("ShortReasonsAnswer")).then((result) => {
      const labels = result.ok ? result.data.map((r) => r.label).filter(Boolean) : [];
      if (live && labels.length) setReasons(labels);
    });
    return () => {
      live = false;
    };
  }, [orderNumber]);
  return reasons;
}
