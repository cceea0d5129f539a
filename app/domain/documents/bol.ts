// The bill of lading's POST body (spec 001 §3, §5) as the server parses it. Server side: it uses classic zod; the
// form's rules and texts the screens use are in ./bol-form (zod-free) and are re-exported here.
import { z } from "zod";
import { BOL_CHARGE_TYPES, BOL_MESSAGES } from "./bol-form";

export * from "./bol-form";

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
