// The bill of lading form (spec 001 §3, §5): fields, defaults, the save rule and the prompt rule. Client-safe:
// the BOL prompt and the server parse the same schema.
import { z } from "zod";

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

/** A whole, non-negative count or weight; the form sends text, API clients may send numbers. Blank is unset. */
const amount = z
  .union([z.number(), z.string().trim()])
  .optional()
  .nullable()
  .transform((v, issue) => {
    if (v === undefined || v === null || v === "") return null;
    const n = typeof v === "number" ? v : /^\d{1,9}$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 0 || n > 999_999_999) {
      issue.addIssue({ code: "custom", message: "Must be a whole number of 0 or more" });
      return z.NEVER;
    }
    return n;
  });

const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ?? "").trim());

/** POST /api/order-trackers/{id}/bol: the BOL fields. Packages or net weight must be given (the Save rule). */
export const bolBodySchema = z
  .object({
    totalPackages: amount,
    totalPallets: amount,
    netWeightLbs: amount,
    grossWeightLbs: amount,
    comments: text(2000),
    instructions: text(2000),
    placeOfDischarge: text(200),
    placeOfDelivery: text(200),
    chargeType: z.enum(BOL_CHARGE_TYPES, { error: "Choose Collect or Prepaid" }).optional().default("Prepaid"),
    freightCarrier: text(200),
  })
  .strict()
  .superRefine((body, issue) => {
    if (body.totalPackages === null && body.netWeightLbs === null) {
      issue.addIssue({ code: "custom", path: ["totalPackages"], message: BOL_MESSAGES.needsAmount });
    }
  });
export type BolBody = z.output<typeof bolBodySchema>;

/** The form as the prompt holds it (text inputs). */
export type BolForm = {
  totalPackages: string;
  totalPallets: string;
  netWeightLbs: string;
  grossWeightLbs: string;
  comments: string;
  instructions: string;
  placeOfDischarge: string;
  placeOfDelivery: string;
  chargeType: BolChargeType;
  freightCarrier: string;
};

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
