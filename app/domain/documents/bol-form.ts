// The bill of lading form (spec 001 §3, §5): fields, defaults, the save rule and the prompt rule. Client-safe and
// free of classic zod (a screen imports it); the server's body schema is in ./bol.
import type { BolRequest } from "./contract";

export const BOL_DEFAULT_DISCHARGE = "Hicksville, NY";
export const BOL_CHARGE_TYPES = ["Collect", "Prepaid"] as const;
export type BolChargeType = (typeof BOL_CHARGE_TYPES)[number];

export const BOL_MESSAGES = {
  skipNote: "You can skip and add BOL later if details not ready",
  failed: "Failed to create BOL",
  creationFailed: "BOL creation failed",
  needsAmount: "Enter total packages or net weight",
  created: "BOL created",
  notFound: "No BOL has been created for this order yet",
  createDenied: "You do not have permission to create a BOL.",
} as const;

/** The form as the prompt holds it (text inputs): what POST …/bol is sent. */
export type BolForm = BolRequest;

/**
 * Place of delivery from an address: the last line holding a comma ('Queens, NY 11101'), ZIP removed
 * ('Queens, NY'). Empty when no line has a comma.
 */
export function placeOfDeliveryFrom(lines: readonly string[] | null | undefined): string {
  const line = [...(lines ?? [])].reverse().find((l) => l.includes(","));
  if (!line) return "";
  return line
    .trim()
    .replace(/[\s,]*\b\d{5}(?:-\d{4})?\s*$/, "")
    .replace(/[\s,]+$/, "")
    .trim();
}

/** Save is disabled until total packages or net weight is filled (spec 001 §5). */
export function canSaveBol(form: Pick<BolForm, "totalPackages" | "netWeightLbs">): boolean {
  return form.totalPackages.trim() !== "" || form.netWeightLbs.trim() !== "";
}

/** The prompt after the trucking step: Freight orders with no BOL yet. */
export function needsBolPrompt(orderType: string | null | undefined, hasBol: boolean): boolean {
  return (orderType ?? "").trim().toLowerCase() === "freight" && !hasBol;
}

type StoredBol = Partial<Record<keyof BolForm, string | number | null>>;

/** The form's first values: a stored BOL's, or the spec's defaults (carrier from the order's trucking). */
export function bolFormDefaults(order: { addressLines?: readonly string[] | null; truckingCompany?: string | null }, stored?: StoredBol | null): BolForm {
  const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  const charge = stored?.chargeType === "Collect" ? "Collect" : "Prepaid";
  return {
    totalPackages: str(stored?.totalPackages),
    totalPallets: str(stored?.totalPallets),
    netWeightLbs: str(stored?.netWeightLbs),
    grossWeightLbs: str(stored?.grossWeightLbs),
    comments: str(stored?.comments),
    instructions: str(stored?.instructions),
    placeOfDischarge: stored ? str(stored.placeOfDischarge) : BOL_DEFAULT_DISCHARGE,
    placeOfDelivery: stored ? str(stored.placeOfDelivery) : placeOfDeliveryFrom(order.addressLines),
    chargeType: charge,
    freightCarrier: stored ? str(stored.freightCarrier) : (order.truckingCompany ?? "").trim(),
  };
}
