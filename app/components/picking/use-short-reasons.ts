// The short reasons a picker chooses from (admins manage the list: GET /api/picklists/short-reasons). Until
// the list arrives, and when it cannot (offline), the seeded defaults: the server checks the reason on save.
import { useEffect, useState } from "react";
import { loadPickCalls } from "./pick-calls-lazy";

export const DEFAULT_SHORT_REASONS = ["Stockout", "Damaged", "Wrong bin", "Other"] as const;

/** Asked again for each order opened (a passcode login in between may have just allowed it). */
export function useShortReasons(orderNumber: string | null): readonly string[] {
  const [reasons, setReasons] = useState<readonly string[]>(DEFAULT_SHORT_REASONS);
  useEffect(() => {
    if (!orderNumber) return;
    let live = true;
    void loadPickCalls()
      .then((calls) => calls.fetchShortReasons())
      .then(
        (labels) => {
          if (live && labels.length) setReasons(labels);
        },
        () => {},
      );
    return () => {
      live = false;
    };
  }, [orderNumber]);
  return reasons;
}
