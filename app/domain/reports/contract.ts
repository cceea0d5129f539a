// The report screens' calls (spec 002 §7) as zod/mini schemas: devanning photo uploads, submitting either report,
// reviewing a devanning report, changing a stock transfer's status, a report photo's link. Client-safe (no classic
// zod: the forms import it); the routes and services type their answers by it and the integration tests parse the
// real answers with it, so a renamed server field fails a test instead of a form on the dock.
import * as z from "zod/mini";
import { STOCK_TRANSFER_STATUSES } from "./constants";

/** A photo the server holds for a devanning report (upload-photos answers these; the report names them). */
export const DevanningPhoto = z.object({ filename: z.string(), originalName: z.string(), path: z.string(), size: z.number() });
export type DevanningPhoto = z.output<typeof DevanningPhoto>;

/** POST /api/devanning-reports/upload-photos: one group's files as stored. */
export const DevanningPhotosUploadedAnswer = z.looseObject({ group: z.string(), files: z.array(DevanningPhoto) });
export type DevanningPhotosUploaded = z.output<typeof DevanningPhotosUploadedAnswer>;

/** POST /api/devanning-reports and POST /api/stock-transfer-reports: the new report's id (201). */
export const ReportSubmittedAnswer = z.looseObject({
  message: z.string(),
  id: z.number(),
  report: z.looseObject({ _id: z.number(), id: z.number() }),
});
export type ReportSubmitted = z.output<typeof ReportSubmittedAnswer>;

/** PATCH /api/devanning-reports/{id}/approve: the body the review dialog sends. */
export const DevanningReviewRequest = z.object({ action: z.enum(["approve", "reject"]), notes: z.string(), managementSignature: z.string() });
export type DevanningReviewRequest = z.output<typeof DevanningReviewRequest>;

/** PATCH /api/devanning-reports/{id}/approve: the reviewed report (the list reloads; its id and status are read). */
export const DevanningReviewedAnswer = z.looseObject({ message: z.string(), report: z.looseObject({ id: z.number(), status: z.string() }) });
export type DevanningReviewed = z.output<typeof DevanningReviewedAnswer>;

/** PATCH /api/stock-transfer-reports/{id}/status. */
export const StockTransferStatusRequest = z.object({ status: z.enum(STOCK_TRANSFER_STATUSES) });
export type StockTransferStatusRequest = z.output<typeof StockTransferStatusRequest>;

export const StockTransferStatusAnswer = z.looseObject({ report: z.looseObject({ id: z.number(), status: z.enum(STOCK_TRANSFER_STATUSES) }) });
export type StockTransferStatusChanged = z.output<typeof StockTransferStatusAnswer>;

/** GET /api/{devanning,stock-transfer}-reports/photos/{key}: a photo's 5-minute link. */
export const ReportPhotoLinkAnswer = z.looseObject({ presignedUrl: z.string(), originalName: z.string() });
export type ReportPhotoLink = z.output<typeof ReportPhotoLinkAnswer>;
