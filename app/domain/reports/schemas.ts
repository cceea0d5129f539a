// The zod schemas of the report calls (spec 002 §7): what the server accepts. Apart from the pure rules
// (stock-transfer.ts, devanning.ts) so the forms do not load zod on a phone; the services and routes use these.
import { z } from "zod";
import { CONTAINER_CONDITIONS, CONTAINER_SIZES, DEVANNING_MAX_PHOTOS_PER_GROUP, FLOOR_DRYNESS, PEST_ACTIVITY, PHOTO_GROUPS, PRODUCT_CONDITIONS } from "./constants";

// ---------------------------------------------------------------- the `data` part the server accepts

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`).default("");
const count = z.union([z.number(), z.string().max(15)]).nullable().optional();

export const stockTransferDataSchema = z.object({
  dateReceived: text(20),
  transferReference: text(120),
  receivingLocation: text(120),
  transferFrom: text(120),
  receivedBy: text(120),
  items: z
    .array(
      z.object({
        itemSku: text(80),
        itemDescription: text(300),
        quantity: count,
        damaged: z.enum(["yes", "no"]).default("no"),
        damagedQuantity: count,
      }),
    )
    .max(200, "must have at most 200 items")
    .default([]),
  productCondition: z.union([z.enum(PRODUCT_CONDITIONS), z.literal("")]).default(""),
  notesComments: text(5000),
  signatureType: z.enum(["draw", "type"]).default("draw"),
  // A drawn signature is a small PNG; 700 KB of base64 is far more than the pad produces.
  signatureDrawn: z.string().max(700_000, "Signature image is too large").nullable().optional(),
  signatureTyped: text(120).nullable().optional(),
});
export type StockTransferData = z.infer<typeof stockTransferDataSchema>;

// ---------------------------------------------------------------- the JSON the server accepts

const devText = (max: number) => z.string().max(max, `must be at most ${max} characters`).default("");
const num = z.union([z.number(), z.string().max(15)]).default("");
const options = <T extends readonly [string, ...string[]]>(values: T) => z.array(z.enum(values)).max(values.length).default([]);
const photo = z.object({
  filename: z.string().max(300),
  originalName: z.string().max(300).default(""),
  path: z.string().max(300).default(""),
  size: z.number().int().nonnegative().default(0),
});
const photoList = z.array(photo).max(DEVANNING_MAX_PHOTOS_PER_GROUP, `at most ${DEVANNING_MAX_PHOTOS_PER_GROUP} photos per group`);
const group = photoList.default([]);

const devanningReportObject = z.object({
  cargoDetails: z
    .object({
      productDetail: devText(500),
      products: z
        .array(z.object({ id: devText(40), name: devText(200), sku: devText(80), pallets: num, bags: num, shortageExtraBags: num }))
        .max(100, "must have at most 100 products")
        .default([]),
      containerNumber: devText(40),
      arrivalDate: devText(20),
      receivableSign: devText(200),
      unloadingDateTime: devText(40),
    })
    .prefault({}),
  warehouseInfo: z.object({ warehouseStaff1: devText(120), warehouseStaff2: devText(120) }).prefault({}),
  totalsCalculation: z.object({ bagsPerPallet: num, bagsInLastPallet: num }).prefault({}),
  containerInfo: z
    .object({
      containerSize: z.union([z.enum(CONTAINER_SIZES), z.literal("")]).default(""),
      containerSizeOther: devText(120),
      containerCondition: options(CONTAINER_CONDITIONS),
      containerConditionOther: devText(500),
      sealIntact: z.enum(["yes", "no", ""]).default(""),
      sealNumber: devText(80),
    })
    .prefault({}),
  inventoryDetails: z.object({ damagedInventoryCount: num, damagedInventorySKUs: devText(1000) }).prefault({}),
  environmentalCheck: z.object({ floorDryness: options(FLOOR_DRYNESS), pestActivity: options(PEST_ACTIVITY), comments: devText(2000) }).prefault({}),
  photos: z
    .object({ containerPhotos: group, cargoPhotos: group, damagedItemPhotos: group, overallPhotos: group })
    .prefault({}),
  // Spec 002 §3 lists the four groups among the report's fields: a client may send them at the top level.
  containerPhotos: photoList.optional(),
  cargoPhotos: photoList.optional(),
  damagedItemPhotos: photoList.optional(),
  overallPhotos: photoList.optional(),
});

/**
 * The report as the server takes it: the photo groups under `photos` (our form) or at the top level (spec 002 §3),
 * merged into `photos`, so no uploaded photo is dropped by the shape it came in. A group sent both ways, each
 * with photos, is refused: which one was meant cannot be told.
 */
export const devanningReportSchema = devanningReportObject
  .superRefine((report, ctx) => {
    for (const g of PHOTO_GROUPS) {
      if (report[g]?.length && report.photos[g].length) {
        ctx.addIssue({ code: "custom", path: [g], message: `${g} was sent both at the top level and under photos; send it once` });
      }
    }
  })
  .transform(({ containerPhotos, cargoPhotos, damagedItemPhotos, overallPhotos, photos, ...report }) => {
    const top = { containerPhotos, cargoPhotos, damagedItemPhotos, overallPhotos };
    const merged = Object.fromEntries(PHOTO_GROUPS.map((g) => [g, top[g]?.length ? top[g] : photos[g]])) as typeof photos;
    return { ...report, photos: merged };
  });
export type DevanningReportInput = z.infer<typeof devanningReportSchema>;

export const devanningReviewSchema = z.object({
  action: z.enum(["approve", "reject"], { error: "action must be approve or reject" }),
  notes: z.string().max(2000).nullable().optional(),
  managementSignature: z.string().max(200).nullable().optional(),
  /** The old client's placeholder ('Management User'): accepted and ignored, the session names the reviewer. */
  reviewedBy: z.unknown().optional(),
});
export type DevanningReview = z.infer<typeof devanningReviewSchema>;
