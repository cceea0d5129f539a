// What the customer-applications /api calls (and /submit-feedback) answer, and the JSON the screens send, as
// zod/mini schemas: routes shape answers by them, integration tests parse real answers with them, screens
// read answers through them. Client-safe; the server's classic-zod input schemas stay in ./schemas.ts.
import * as z from "zod/mini";
import { answer } from "~/domain/api-contract";

export const ApplicationAddress = z.object({
  street: z.string(),
  street2: z.optional(z.string()),
  city: z.string(),
  state: z.string(),
  postalCode: z.optional(z.string()),
});

/** One application as every call answering one shows it (and each row of the list). */
export const Application = z.object({
  _id: z.number(),
  companyID: z.nullable(z.string()),
  companyName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  ownerName: z.string(),
  ownerNumber: z.string(),
  status: z.string(),
  remarks: z.string(),
  decisionDate: z.nullable(z.string()),
  addresses: z.array(ApplicationAddress),
  reference: z.nullable(z.string()),
  source: z.string(),
  createdAt: z.string(),
  version: z.number(),
  /** Approved while QuickBooks could not create the customer: since when it is owed, and QuickBooks' last answer. */
  quickbooksPending: z.nullable(z.object({ since: z.string(), reason: z.nullable(z.string()) })),
});
export type ApplicationView = z.output<typeof Application>;

export const ApplicationKpis = z.object({ applications: z.number(), pending: z.number(), approved: z.number(), declined: z.number() });
export type ApplicationKpis = z.output<typeof ApplicationKpis>;

export const FileRecord = z.object({
  name: z.string(),
  presignedUrl: z.nullable(z.string()),
  downloadUrl: z.optional(z.nullable(z.string())),
  contentType: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type FileRecord = z.output<typeof FileRecord>;

// ---------------------------------------------------------------- one schema per call

/** GET /api/applications: {success, data: [...], pagination: {page, limit, total}}. */
export const ApplicationListAnswer = z.object({
  data: z.array(Application),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number() }),
});
export const ApplicationKpisAnswer = answer(ApplicationKpis);
/** GET /api/applications/{id}/files. */
export const FilesAnswer = answer(z.array(FileRecord));
/** POST /api/applications/{id}/files: {success, files}. */
export const FilesUploadAnswer = z.object({ files: z.array(FileRecord) });
/** PATCH /api/applications/{id}: {success, data}. */
export const ApplicationEditAnswer = answer(Application);
/** PATCH /api/applications/{id}/decision: {success, data, companyID}. */
export const DecisionAnswer = z.object({ data: Application, companyID: z.nullable(z.string()) });
export type DecisionResult = z.output<typeof DecisionAnswer>;
/** GET /submit-feedback. */
export const FeedbackAnswer = answer(z.object({ applicationId: z.number(), feedback: z.enum(["positive", "negative"]) }));

// ---------------------------------------------------------------- what the screens send

export const DecisionRequest = z.object({ status: z.enum(["Approved", "Declined"]), decisionDate: z.string(), version: z.number() });
export const ApplicationEditRequest = z.object({
  companyName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  ownerName: z.string(),
  ownerNumber: z.string(),
  status: z.string(),
  remarks: z.string(),
  decisionDate: z.string(),
  addresses: z.array(z.object({ street: z.string(), street2: z.string(), city: z.string(), state: z.string(), postalCode: z.string() })),
  version: z.number(),
});
