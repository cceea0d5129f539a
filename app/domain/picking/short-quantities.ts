// The Short editor's quantities (spec 002 §4): the typed Picked Qty and the quick chips. Pure and client-safe;
// loaded with the editor, not with the pick list's first paint.
import type { PickLine } from "./lines";

export const QUICK_PERCENT_CHIPS = [50, 75] as const;

/** The Short input: empty leaves it undefined; otherwise rounded and at least 0. */
export function parseShortQty(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  return Math.max(0, Math.round(n));
}

/** The 'On hand' chip: min(quantity, floor(onHand)), not below 0. */
export function onHandChipQty(line: Pick<PickLine, "quantity" | "onHand">): number {
  return Math.max(0, Math.min(line.quantity, Math.floor(line.onHand ?? 0)));
}

/** The 50% / 75% chips (rounded down so a chip never claims more than was there). */
export function percentChipQty(line: Pick<PickLine, "quantity">, percent: number): number {
  return Math.max(0, Math.floor((line.quantity * percent) / 100));
}
