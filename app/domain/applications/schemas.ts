// zod schemas of the application calls (spec 000 §7: list, files, edit, decision, /submit-feedback) and the
// applicant's form. Client-safe.
import { z } from "zod";
import { integerParam } from "../numbers";
import { isRealDay } from "../returns/rules";
import { APPLICATION_DECISIONS, APPLICATION_FILTERS, APPLICATION_SEARCH_FIELDS, APPLICATION_SORT_FIELDS, APPLICATION_STATUSES, FEEDBACK_VALUES } from "./rules";

export const APPLICATION_LIST_MAX_LIMIT = 500;
export const APPLICATION_LIST_DEFAULT_LIMIT = 100;
export const MAX_APPLICATION_FILES = 10;

const blankIsAbsent = (v: unknown) => (v === "" ? undefined : v);

export const applicationListQuerySchema = z
  .object({
    page: integerParam(1, 1_000_000).transform((v) => v ?? 1),
    limit: integerParam(1, APPLICATION_LIST_MAX_LIMIT, `limit must be at most ${APPLICATION_LIST_MAX_LIMIT}`).transform((v) => v ?? APPLICATION_LIST_DEFAULT_LIMIT),
    search: z.string().trim().max(200, "search must be at most 200 characters").optional().transform((v) => v || undefined),
    searchBy: z.preprocess(blankIsAbsent, z.enum(APPLICATION_SEARCH_FIELDS).default("companyName")),
    status: z.preprocess(blankIsAbsent, z.enum([...APPLICATION_FILTERS, "all"]).optional()),
    sort: z.preprocess(blankIsAbsent, z.enum(APPLICATION_SORT_FIELDS).default("decisionDate")),
    dir: z.preprocess(blankIsAbsent, z.enum(["asc", "desc"]).optional()),
  })
  .superRefine((q, ctx) => {
    if (q.searchBy === "decisionDate" && q.search && !isRealDay(q.search)) {
      ctx.addIssue({ code: "custom", path: ["search"], message: "Decision date must be YYYY-MM-DD" });
    }
  });
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

const req = (label: string, max: number) => z.string().trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);
const opt = (max: number) => z.string().trim().max(max, `at most ${max} characters`).optional().default("");
const phone = (label: string) => z.string().trim().max(40).regex(/^[0-9+()\-.\s]*$/, `${label}: digits, spaces and + ( ) - . only`);

export const applicationAddressSchema = z.object({
  street: req("Street", 200),
  street2: opt(200),
  city: req("City", 100),
  state: req("State", 50),
  postalCode: req("Postal code", 20),
});

export const applicationEditSchema = z.object({
  companyName: req("Company name", 200),
  email: z.union([z.literal(""), z.email("Enter a valid email").max(200)]).default(""),
  phoneNumber: phone("Phone").default(""),
  ownerName: opt(200),
  ownerNumber: phone("Owner number").default(""),
  status: z.enum(APPLICATION_STATUSES, { error: `status must be one of ${APPLICATION_STATUSES.join(", ")}` }),
  remarks: opt(2000),
  decisionDate: z.union([z.iso.datetime({ offset: true }), z.iso.date(), z.literal(""), z.null()]).optional(),
  addresses: z.array(applicationAddressSchema).max(10, "At most 10 addresses").default([]),
  version: z.number().int().min(1).optional(),
});
export type ApplicationEdit = z.infer<typeof applicationEditSchema>;

export const decisionBodySchema = z.object({
  status: z.enum(APPLICATION_DECISIONS, { error: "status must be Approved or Declined" }),
  decisionDate: z.iso.datetime({ offset: true, error: "decisionDate must be an ISO date-time" }).optional(),
  version: z.number().int().min(1).optional(),
});

export const feedbackQuerySchema = z.object({
  companyID: z.string().trim().min(1, "companyID is required").max(64),
  feedback: z.enum(FEEDBACK_VALUES, { error: "feedback must be positive or negative" }),
});

export const applicationParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number) });

/** The applicant's form (public /apply and the staff's New Customer). */
export const applicationSubmissionSchema = z.object({
  companyName: req("Company name", 200),
  ownerName: req("Owner name", 200),
  email: z.email("Enter a valid email").max(200),
  phoneNumber: phone("Phone").min(7, "Enter a phone number"),
  ownerNumber: phone("Owner number").default(""),
  addresses: z.array(applicationAddressSchema).min(1, "Add the business address").max(5, "At most 5 addresses"),
});
export type ApplicationSubmission = z.infer<typeof applicationSubmissionSchema>;
