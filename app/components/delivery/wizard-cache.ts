// What the wizard keeps in the phone's storage: the order's meta and address (so it opens at the door without
// signal) and the step it was on (spec 001 §4: the step remembered per order). A full or blocked storage only
// means the wizard works from the row.
import type { DeliveryMeta } from "~/domain/delivery/contract";
import { stepStorageKey } from "~/domain/delivery/rules";
import { cacheKey } from "./api";

export type Cached = { meta: DeliveryMeta | null; address: string };

export function readCache(orderNumber: string): Cached | null {
  if (typeof window === "undefined") return null;
  try {
    const raw = localStorage.getItem(cacheKey(orderNumber));
    return raw ? (JSON.parse(raw) as Cached) : null;
  } catch {
    return null;
  }
}

export function writeCache(orderNumber: string, value: Cached) {
  try {
    localStorage.setItem(cacheKey(orderNumber), JSON.stringify(value));
  } catch {
    // Storage full or blocked: the wizard still works from the row.
  }
}

export function rememberedStep(orderNumber: string): number | null {
  if (typeof window === "undefined") return null;
  try {
    const raw = localStorage.getItem(stepStorageKey(orderNumber));
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

export function rememberStep(orderNumber: string, step: number) {
  try {
    localStorage.setItem(stepStorageKey(orderNumber), String(step));
  } catch {
    // Not remembered: the wizard opens at the first open step next time.
  }
}
