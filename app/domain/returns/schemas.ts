// zod schemas of the return-request calls (spec 000 §7) and our additions (receiving, reasons, the customer's
// form). Client-safe: the screens build their requests from the same names.
import { z } from "zod";
import { integerParam } from "../numbers";
import {
  ITEM_DECISIONS,
  isRealDay,
  MAX_ITEM_QUANTITY,
  RETURN_DECISIONS,
  RETURN_SEARCH_FIELDS,
  RETURN_SORT_FIELDS,
  RETURN_STATUSES,
  OTHER_REASON,
  REASON_MAX,
} from "./rules";

export { OTHER_REASON, REASON_MAX };

export const RETURN_LIST_MAX_LIMIT = 500;
export const RETURN_LIST_DEFAULT_LIMIT = 100;

const blankIsAbsent = (v: unknown) => (v === "" ? undefined : v);

export const returnListQuerySchema = z
  .object({
    page: integerParam(1, 1_000_000).transform((v) => v ?? 1),
    limit: integerParam(1, RETURN_LIST_MAX_LIMIT, `limit must be at most ${RETURN_LIST_MAX_LIMIT}`).transform((v) => v ?? RETURN_LIST_DEFAULT_LIMIT),
    search: z.string().trim().max(200, "search must be at most 200 characters").optional().transform((v) => v || undefined),
    searchBy: z.preprocess(blankIsAbsent, z.enum(RETURN_SEARCH_FIELDS).default("companyName")),
    status: z.preprocess(blankIsAbsent, z.enum([...RETURN_STATUSES, "all"]).optional()),
    sort: z.preprocess(blankIsAbsent, z.enum(RETURN_SORT_FIELDS).default("submittedAt")),
    dir: z.preprocess(blankIsAbsent, z.enum(["asc", "desc"]).optional()),
  })
  .superRefine((q, ctx) => {
    if (q.searchBy === "submittedAt" && q.search && !isRealDay(q.search)) {
      ctx.addIssue({ code: "custom", path: ["search"], message: "Submitted date must be YYYY-MM-DD" });
    }
  });
export type ReturnListQuery = z.infer<typeof returnListQuerySchema>;

const remarks = z.string().max(2000, "remarks must be at most 2000 characters").optional().default("");
/** Our screens send the version they saw; a stale one is a 409 with the current request. */
const expectedVersion = z.number().int().min(1).max(1_000_000_000).optional();

export const returnStatusBodySchema = z.object({
  status: z.enum(RETURN_DECISIONS, { error: `status must be one of ${RETURN_DECISIONS.join(", ")}` }),
  remarks,
  version: expectedVersion,
});
export type ReturnStatusBody = z.infer<typeof returnStatusBodySchema>;

export const itemStatusBodySchema = z.object({
  status: z.enum(ITEM_DECISIONS, { error: `status must be one of ${ITEM_DECISIONS.join(", ")}` }),
  decisionDate: z.iso.datetime({ offset: true, error: "decisionDate must be an ISO date-time" }).optional(),
  remarks,
  version: expectedVersion,
});
export type ItemStatusBody = z.infer<typeof itemStatusBodySchema>;

const quantity = z.number({ error: "must be a number" }).int("must be a whole number").min(0, "must be 0 or more").max(MAX_ITEM_QUANTITY, `must be at most ${MAX_ITEM_QUANTITY}`);

export const receivingBodySchema = z.object({
  items: z
    .array(z.object({ index: z.number().int().min(0).max(999), received: quantity, damaged: quantity }))
    .min(1, "Record at least one item")
    .max(200),
  notes: z.string().max(2000).optional().default(""),
  version: expectedVersion,
});
export type ReceivingBody = z.infer<typeof receivingBodySchema>;

export const reasonCreateSchema = z.object({ label: z.string().trim().min(1, "Enter a reason").max(REASON_MAX, `A reason is at most ${REASON_MAX} characters`) });
export const reasonUpdateSchema = z.object({
  label: z.string().trim().min(1, "Enter a reason").max(REASON_MAX).optional(),
  active: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  version: z.number().int().min(1),
});

export const idParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number) });
export const itemParamsSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number),
  index: z.string().regex(/^(0|[1-9]\d{0,3})$/).transform(Number),
});

// ---------------------------------------------------------------- the customer's form

export const MAX_RETURN_ITEMS = 20;
export const MAX_RETURN_PHOTOS = 10;

const text = (label: string, max: number) => z.string().trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `at most ${max} characters`).optional().default("");

export const addressSchema = z.object({
  street: text("Street", 200),
  street2: optionalText(200),
  city: text("City", 100),
  state: text("State", 50),
  zip: text("ZIP", 20),
});

export const returnItemInputSchema = z
  .object({
    sku: text("SKU", 60),
    description: optionalText(300),
    count: z.number({ error: "Quantity must be a number" }).int("Quantity must be a whole number").min(1, "Quantity must be at least 1").max(MAX_ITEM_QUANTITY),
    reason: text("Reason", 100),
    customReason: optionalText(300),
    comments: optionalText(1000),
  })
  .superRefine((item, ctx) => {
    if (item.reason === OTHER_REASON && !item.customReason) ctx.addIssue({ code: "custom", path: ["customReason"], message: "Describe the reason" });
  });

export const returnSubmissionSchema = z.object({
  companyName: text("Company name", 200),
  orderNum: optionalText(40),
  email: z.email("Enter a valid email").max(200),
  phone: z.string().trim().min(7, "Enter a phone number").max(40).regex(/^[0-9+()\-.\s]+$/, "Enter a phone number"),
  address: addressSchema,
  items: z.array(returnItemInputSchema).min(1, "Add at least one item").max(MAX_RETURN_ITEMS, `At most ${MAX_RETURN_ITEMS} items`),
});
export type ReturnSubmission = z.infer<typeof returnSubmissionSchema>;
