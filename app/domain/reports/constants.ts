// The reports area's constants and messages (spec 002 §5, §8, §9), shared by the forms, the services and tests.
export const REPORT_PAGE_SIZE = 10;
export const MAX_REPORT_PAGE_SIZE = 100;
export const MOBILE_BREAKPOINT_PX = 768;

export const RECEIVING_LOCATIONS = ["NY Main - Hicksville", "NJ Warehouse", "FL Distribution"] as const;
export const DEFAULT_RECEIVING_LOCATION = "NY Main - Hicksville";

export const STOCK_TRANSFER_STATUSES = ["submitted", "reviewed", "approved", "rejected"] as const;
export type StockTransferStatus = (typeof STOCK_TRANSFER_STATUSES)[number];
export const DEVANNING_STATUSES = ["pending", "reviewed", "approved", "rejected"] as const;
export type DevanningStatus = (typeof DEVANNING_STATUSES)[number];

export const PRODUCT_CONDITIONS = ["excellent", "acceptable", "damaged"] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

export const CONTAINER_SIZES = ["20'", "40'", "45'", "other"] as const;
export const CONTAINER_CONDITIONS = ["No damage", "Dented", "Rusted", "Leaking", "other"] as const;
export const FLOOR_DRYNESS = ["Dry", "Wet", "Slippery"] as const;
export const PEST_ACTIVITY = ["None", "Evidence of Pests"] as const;
export const PHOTO_GROUPS = ["containerPhotos", "cargoPhotos", "damagedItemPhotos", "overallPhotos"] as const;
export type PhotoGroup = (typeof PHOTO_GROUPS)[number];
export const PHOTO_GROUP_LABELS: Record<PhotoGroup, string> = {
  containerPhotos: "Container photos",
  cargoPhotos: "Cargo photos",
  damagedItemPhotos: "Damaged item photos",
  overallPhotos: "Overall photos",
};

export const STOCK_TRANSFER_MAX_PHOTOS = 10;
export const STOCK_TRANSFER_PHOTO_BYTES = 5_242_880;
export const STOCK_TRANSFER_PHOTO_TYPES = ["image/jpeg", "image/png", "image/heic"] as const;
export const DEVANNING_PHOTO_BYTES = 10_485_760;
/** Photos per devanning group: the spec sets no count; a bound keeps one report's paperwork printable. */
export const DEVANNING_MAX_PHOTOS_PER_GROUP = 20;

export const MESSAGES = {
  dateReceived: "Date received is required",
  transferReference: "Transfer reference is required",
  receivingLocation: "Receiving location is required",
  transferFrom: "Transfer from location is required",
  receivedBy: "Received by name is required",
  productCondition: "Product condition is required",
  itemSku: "Item SKU is required",
  itemDescription: "Item description is required",
  quantity: "Valid quantity is required",
  damagedQuantity: "Damaged quantity is required when item is damaged",
  conditionNotes: "Notes are required when product condition is damaged",
  signature: "Signature is required",
  typedName: "Typed name is required",
  stockTransferInvalid: "Please correct the errors before submitting",
  tooManyPhotos: "Maximum 10 photos allowed",
  photoTooLarge: (name: string) => `File ${name} is too large. Maximum size is 5MB.`,
  photoType: (name: string) => `File ${name} is not a JPG, PNG or HEIC image.`,
  submitFailed: "Error submitting report. Please try again.",
  stockTransferSubmitted: "Stock Transfer Report submitted successfully!",
  devanningSubmitted: "Devanning Report submitted successfully!",
  uploadFailed: (group: string) => `Failed to upload ${group}`,
  addProduct: "Add at least one product.",
  containerNumber: "Container number is required",
  containerFormat: "Format should be AAAA1234567",
  warehouseStaff: "At least one warehouse staff name is required",
  receivableSign: "Receivable signature is required",
  containerSizeOther: "Please specify the container size",
  containerConditionOther: "Please describe the container condition",
  sealNumber: "Seal number is required when seal is intact",
  sealPhoto: "Add at least one container photo when seal is not intact",
  damagedSkus: "List SKUs for damaged inventory",
  damagedPhoto: "Add at least one damaged item photo",
  devanningInvalid: "Please fix the issues below.",
  skippedFiles: "Some files were skipped. Only images under 10MB are allowed.",
  totalsDiffer: (entered: number, calculated: number) =>
    `Entered total bags (${entered}) differs from calculated total (${calculated}). Please double-check.`,
  approveFailed: "Error approving/rejecting report. Please try again.",
  reviewed: (action: "approve" | "reject") => `Report ${action === "approve" ? "approved" : "rejected"} successfully!`,
  managementSignature: "Management signature is required to approve",
  notPending: "Only pending reports can be approved or rejected",
} as const;

/** Today as YYYY-MM-DD in the device's own time zone (the forms' default date). */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

export function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
