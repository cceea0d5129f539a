// Warehouse capture and Will Call (spec 001 §2–§5, §8): the messages, limits and the shapes the screens read.
// Client-safe.
export const CAPTURE_MESSAGES = {
  nameRequired: "Enter the customer name.",
  willCallNameRequired: "Please enter the customer name.",
  signatureRequired: "Please capture a signature.",
  alreadyTitle: "Already completed",
  alreadyBody: "Capture already exists. Switched to upload-more-photos view.",
  exists: "Capture already exists",
  saveFailed: "Failed to save capture",
  uploadFailed: "Failed to upload attachments",
  savedTitle: "Capture saved",
  savedBody: "Warehouse capture uploaded.",
  uploadedTitle: "Uploaded",
  uploadedBody: (n: number) => `Added ${n} attachment(s).`,
  noCapture: "No capture has been saved for this order yet",
  noAttachments: "Choose at least one file to upload",
  tooManyAttachments: (max: number) => `At most ${max} attachments at a time`,
  captureDenied: "You do not have permission to capture orders.",
} as const;

export const WILL_CALL_MESSAGES = {
  failed: "Failed to generate Will Call document",
  couldNot: "Could not generate Will Call PDF",
  dateNote: "The current date is added automatically.",
  notFound: "No Will Call document has been generated for this order yet",
  signatureKeyUnknown: "The signature does not belong to this order",
} as const;

/** Attachments per request (a capture or one 'Upload More Photos'), and the whole form's limit. */
export const MAX_ATTACHMENTS = 10;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const CAPTURE_FORM_MAX_BYTES = MAX_ATTACHMENTS * ATTACHMENT_MAX_BYTES + 2 * 1024 * 1024;
/** What the attachment inputs offer (the server decides from the bytes). */
export const ATTACHMENT_ACCEPT = "image/*,application/pdf";

/** GET /api/warehouse/{id}/capture's `data` (spec 001 §3): the shapes are the contract's. */
export type { CaptureData, CaptureFile } from "./contract";

export function isWillCall(orderType: string | null | undefined): boolean {
  return (orderType ?? "").trim().toLowerCase() === "will call";
}

/** 'WILL CALL - {orderNumber}' (spec 001 §2). */
export function willCallTitle(orderNumber: string): string {
  return `WILL CALL - ${orderNumber}`;
}
