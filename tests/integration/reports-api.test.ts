// Reports through their /api doors against a seeded libSQL file (spec 002 §5–§7, DESIGN §8): who may call what,
// every validation message refused by the server with nothing written, photos checked by their bytes, a retried
// submission writing one report, the damaged-items alert, the free stock transfer status, and devanning review
// (pending only, a management signature to approve, the signed-in reviewer recorded).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, devanningReports, notifications, stockTransferReports, storedFiles, users } from "../../db/schema";
import { MESSAGES } from "~/domain/reports/constants";
import { DevanningPhotosUploadedAnswer, DevanningReviewedAnswer, ReportPhotoLinkAnswer, ReportSubmittedAnswer, StockTransferStatusAnswer } from "~/domain/reports/contract";
import type { Database } from "~/lib/db.server";
import * as stList from "~/routes/api.stock-transfer-reports";
import * as stOne from "~/routes/api.stock-transfer-reports.$id";
import * as stStatus from "~/routes/api.stock-transfer-reports.$id.status";
import * as stPhoto from "~/routes/api.stock-transfer-reports.photos.$";
import * as dvList from "~/routes/api.devanning-reports";
import * as dvOne from "~/routes/api.devanning-reports.$id";
import * as dvUpload from "~/routes/api.devanning-reports.upload-photos";
import * as dvApprove from "~/routes/api.devanning-reports.$id.approve";
import * as dvPhoto from "~/routes/api.devanning-reports.photos.$";
import { createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookie } from "../support/context";

type Json = any;
type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  for (const who of ["admin", "logistics", "sales", "warehouse", "driver"]) cookies[who] = await staffCookie(ctx.app, `${who}@goldengrain.test`);
}, 60_000);

async function call(handler: Handler, path: string, init: { who?: string; method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string>; params?: Record<string, string> } = {}) {
  const req = request(path, { method: init.method ?? "GET", cookie: init.who ? cookies[init.who] : undefined, json: init.json, body: init.body, headers: init.headers });
  return (await settle(() => handler({ request: req, context: ctx, params: init.params ?? {} }))) as Response;
}

// ---------------------------------------------------------------- fixtures

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function bytesOf(head: number[], size: number): Uint8Array {
  const b = new Uint8Array(size);
  b.set(head);
  for (let i = head.length; i < size; i++) b[i] = i % 251;
  return b;
}
const png = (size = 2000) => bytesOf(PNG_HEAD, size);
const jpeg = (size = 3000) => bytesOf([0xff, 0xd8, 0xff, 0xe0], size);
const SIGNATURE = `data:image/png;base64,${Buffer.from(png(400)).toString("base64")}`;

function stockData(over: Record<string, unknown> = {}) {
  return {
    dateReceived: "2025-06-18",
    transferReference: "TR-9001",
    receivingLocation: "NY Main - Hicksville",
    transferFrom: "NJ Warehouse",
    receivedBy: "Wendy Warehouse",
    items: [{ itemSku: "JAS-25", itemDescription: "Jasmine rice 25 lb", quantity: 40, damaged: "no", damagedQuantity: null }],
    productCondition: "excellent",
    notesComments: "",
    signatureType: "draw",
    signatureDrawn: SIGNATURE,
    signatureTyped: "",
    ...over,
  };
}

function stockForm(data: unknown, photos: { bytes: Uint8Array; name: string; type?: string }[] = []) {
  const form = new FormData();
  form.set("data", typeof data === "string" ? data : JSON.stringify(data));
  for (const p of photos) form.append("photos", new File([p.bytes as BlobPart], p.name, { type: p.type ?? "image/jpeg" }));
  return form;
}

const submitStock = (form: FormData, who = "warehouse", headers: Record<string, string> = {}) =>
  call(stList.action, "/api/stock-transfer-reports", { who, method: "POST", body: form, headers });

async function counts() {
  const [st] = await db.select({ n: count() }).from(stockTransferReports);
  const [dv] = await db.select({ n: count() }).from(devanningReports);
  const [files] = await db.select({ n: count() }).from(storedFiles);
  const [notes] = await db.select({ n: count() }).from(notifications);
  return { st: st!.n, dv: dv!.n, files: files!.n, notes: notes!.n };
}

// ---------------------------------------------------------------- stock transfer

describe("stock transfer: submitting", () => {
  it("a warehouse employee submits the form with photos and a drawn signature; the report stores them", async () => {
    const before = await counts();
    const res = await submitStock(stockForm(stockData(), [{ bytes: jpeg(), name: "pallet.jpg" }, { bytes: png(), name: "label.png", type: "image/png" }]));
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({ success: true, message: MESSAGES.stockTransferSubmitted });
    // The forms read these answers through their contracts: a renamed field fails here, not on the dock.
    ReportSubmittedAnswer.parse(body);
    const [row] = await db.select().from(stockTransferReports).where(eq(stockTransferReports.id, body.id));
    expect(row).toMatchObject({ transferReference: "TR-9001", status: "submitted", submittedBy: "warehouse@goldengrain.test", signatureType: "draw" });
    expect(row!.photos.map((p) => p.originalName)).toEqual(["pallet.jpg", "label.png"]);
    expect(row!.signatureKey).toBeTruthy();
    expect((await counts()).files).toBe(before.files + 3);
    const owned = await db.select().from(storedFiles).where(eq(storedFiles.ownerId, String(body.id)));
    expect(owned.filter((f) => f.ownerType === "stock-transfer-report")).toHaveLength(3);
  });

  it("a typed signature needs only the name; 'no' damaged drops any damaged quantity sent", async () => {
    const data = stockData({ signatureType: "type", signatureDrawn: "", signatureTyped: "Wendy W", items: [{ itemSku: "A", itemDescription: "B", quantity: "5", damaged: "no", damagedQuantity: 3 }] });
    const res = await submitStock(stockForm(data));
    expect(res.status).toBe(201);
    const [row] = await db.select().from(stockTransferReports).where(eq(stockTransferReports.id, ((await res.json()) as Json).id));
    expect(row!.items).toEqual([{ itemSku: "A", itemDescription: "B", quantity: 5, damaged: "no" }]);
    expect(row!.signatureTyped).toBe("Wendy W");
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["date received", { dateReceived: "" }, MESSAGES.dateReceived],
    ["a date that is not a day", { dateReceived: "2025-02-30" }, MESSAGES.dateReceived],
    ["transfer reference", { transferReference: "  " }, MESSAGES.transferReference],
    ["receiving location", { receivingLocation: "" }, MESSAGES.receivingLocation],
    ["transfer from", { transferFrom: "" }, MESSAGES.transferFrom],
    ["received by", { receivedBy: "" }, MESSAGES.receivedBy],
    ["product condition", { productCondition: "" }, MESSAGES.productCondition],
    ["item SKU", { items: [{ itemSku: "", itemDescription: "x", quantity: 1, damaged: "no" }] }, MESSAGES.itemSku],
    ["item description", { items: [{ itemSku: "x", itemDescription: "", quantity: 1, damaged: "no" }] }, MESSAGES.itemDescription],
    ["quantity 0", { items: [{ itemSku: "x", itemDescription: "x", quantity: 0, damaged: "no" }] }, MESSAGES.quantity],
    ["quantity 2.5", { items: [{ itemSku: "x", itemDescription: "x", quantity: 2.5, damaged: "no" }] }, MESSAGES.quantity],
    ["quantity '1e3'", { items: [{ itemSku: "x", itemDescription: "x", quantity: "1e3", damaged: "no" }] }, MESSAGES.quantity],
    ["damaged without quantity", { items: [{ itemSku: "x", itemDescription: "x", quantity: 4, damaged: "yes", damagedQuantity: 0 }] }, MESSAGES.damagedQuantity],
    ["no items", { items: [] }, MESSAGES.itemSku],
    ["damaged condition without notes", { productCondition: "damaged", notesComments: " " }, MESSAGES.conditionNotes],
    ["no drawn signature", { signatureDrawn: "" }, MESSAGES.signature],
    ["a drawn signature that is not a PNG", { signatureDrawn: `data:image/png;base64,${Buffer.from(jpeg(300)).toString("base64")}` }, MESSAGES.signature],
    ["no typed name", { signatureType: "type", signatureTyped: "" }, MESSAGES.typedName],
  ];
  it.each(invalid)("refuses a missing or wrong %s with the spec's message, writing nothing", async (_name, over, message) => {
    const before = await counts();
    const res = await submitStock(stockForm(stockData(over), [{ bytes: jpeg(), name: "a.jpg" }]));
    expect(res.status).toBe(400);
    const body = (await res.json()) as Json;
    expect(body.error).toBe(message);
    expect(Object.values(body.fieldErrors).flat()).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it("refuses an 11th photo, a 6 MB photo and a file that is not an image, writing nothing", async () => {
    const before = await counts();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ bytes: jpeg(500), name: `p${i}.jpg` }));
    let res = await submitStock(stockForm(stockData(), eleven));
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toBe("Maximum 10 photos allowed");
    res = await submitStock(stockForm(stockData(), [{ bytes: jpeg(500), name: "ok.jpg" }, { bytes: jpeg(6 * 1024 * 1024), name: "big.jpg" }]));
    expect(res.status).toBe(413);
    expect(((await res.json()) as Json).error).toBe("File big.jpg is too large. Maximum size is 5MB.");
    res = await submitStock(stockForm(stockData(), [{ bytes: new TextEncoder().encode("<html>not a photo</html>"), name: "fake.jpg" }]));
    expect(res.status).toBe(415);
    expect(((await res.json()) as Json).error).toBe("File fake.jpg is not a JPG, PNG or HEIC image.");
    // A GIF is an image, but not one of the three formats the spec accepts.
    res = await submitStock(stockForm(stockData(), [{ bytes: bytesOf([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 100), name: "anim.gif" }]));
    expect(res.status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it("refuses a missing or malformed data part, and photos sent as text", async () => {
    const before = await counts();
    const empty = new FormData();
    expect((await submitStock(empty)).status).toBe(400);
    expect((await submitStock(stockForm("{not json"))).status).toBe(400);
    const textPhoto = stockForm(stockData());
    textPhoto.append("photos", "hello");
    expect((await submitStock(textPhoto)).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("a submission retried with the same Idempotency-Key creates one report; another body with that key is 422", async () => {
    const before = await counts();
    const form = () => stockForm(stockData({ transferReference: "TR-RETRY" }), [{ bytes: jpeg(800), name: "r.jpg" }]);
    const first = await submitStock(form(), "warehouse", { "Idempotency-Key": "st-retry-1" });
    const second = await submitStock(form(), "warehouse", { "Idempotency-Key": "st-retry-1" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await second.json()) as Json).id).toBe(((await first.json()) as Json).id);
    expect((await counts()).st).toBe(before.st + 1);
    expect((await counts()).files).toBe(before.files + 2);
    const other = await submitStock(stockForm(stockData({ transferReference: "TR-OTHER" })), "warehouse", { "Idempotency-Key": "st-retry-1" });
    expect(other.status).toBe(422);
    expect((await counts()).st).toBe(before.st + 1);
  });

  it("damaged items raise an alert for the receiving warehouse's managers", async () => {
    const data = stockData({
      transferReference: "TR-DMG",
      receivingLocation: "FL Distribution",
      productCondition: "damaged",
      notesComments: "Two bags torn",
      items: [{ itemSku: "BAS-10", itemDescription: "Basmati 10 lb", quantity: 20, damaged: "yes", damagedQuantity: 2 }],
    });
    const res = await submitStock(stockForm(data));
    expect(res.status).toBe(201);
    const [alert] = await db.select().from(notifications).orderBy(desc(notifications.id)).limit(1);
    const [leo] = await db.select().from(users).where(eq(users.email, "logistics@goldengrain.test"));
    expect(alert).toMatchObject({ userId: leo!.id, title: "Damaged items received", priority: "high" });
    expect(alert!.message).toContain("TR-DMG");
    expect(alert!.message).toContain("BAS-10 (2)");
    expect(alert!.message).toContain("FL Distribution");
  });

  it("a damaged quantity above the quantity received is refused", async () => {
    const res = await submitStock(stockForm(stockData({ items: [{ itemSku: "x", itemDescription: "y", quantity: 2, damaged: "yes", damagedQuantity: 3 }] })));
    expect(res.status).toBe(400);
  });
});

describe("stock transfer: who may call", () => {
  it("a warehouse employee may submit but not list, read, change status or resolve photos", async () => {
    expect((await call(stList.loader, "/api/stock-transfer-reports", { who: "warehouse" })).status).toBe(403);
    expect((await call(stOne.loader, "/api/stock-transfer-reports/1", { who: "warehouse", params: { id: "1" } })).status).toBe(403);
    expect((await call(stStatus.action, "/api/stock-transfer-reports/1/status", { who: "warehouse", method: "PATCH", json: { status: "approved" }, params: { id: "1" } })).status).toBe(403);
    expect((await call(stPhoto.loader, "/api/stock-transfer-reports/photos/x", { who: "warehouse", params: { "*": "x" } })).status).toBe(403);
  });

  it("sales reps and drivers may not submit; anonymous callers are asked to sign in", async () => {
    for (const who of ["sales", "driver"]) expect((await submitStock(stockForm(stockData()), who)).status).toBe(403);
    expect((await call(stList.loader, "/api/stock-transfer-reports")).status).toBe(401);
  });
});

describe("stock transfer: list, detail, status", () => {
  it("lists 10 a page with total and totalPages, newest first", async () => {
    const res = await call(stList.loader, "/api/stock-transfer-reports?page=1&limit=10", { who: "logistics" });
    const body = (await res.json()) as Json;
    expect(res.status).toBe(200);
    expect(body.reports).toHaveLength(10);
    expect(body.total).toBeGreaterThan(10);
    expect(body.totalPages).toBe(Math.ceil(body.total / 10));
    const page2 = (await (await call(stList.loader, "/api/stock-transfer-reports?page=2&limit=10", { who: "logistics" })).json()) as Json;
    expect(page2.reports.length).toBe(body.total - 10);
  });

  it("filters by search, status, receiving location and dates", async () => {
    const get = async (qs: string) => (await (await call(stList.loader, `/api/stock-transfer-reports?${qs}`, { who: "admin" })).json()) as Json;
    expect((await get("search=TR-RETRY")).reports.map((r: Json) => r.transferReference)).toEqual(["TR-RETRY"]);
    for (const r of (await get("status=rejected")).reports) expect(r.status).toBe("rejected");
    for (const r of (await get("receivingLocation=FL%20Distribution")).reports) expect(r.receivingLocation).toBe("FL Distribution");
    const dated = await get("dateFrom=2025-06-18&dateTo=2025-06-18");
    expect(dated.total).toBeGreaterThan(0);
    for (const r of dated.reports) expect(r.dateReceived).toBe("2025-06-18");
    expect((await get("search=%25")).total).toBe(0);
  });

  it("refuses a status outside the list and malformed dates and pages with 400", async () => {
    for (const qs of ["status=lost", "dateFrom=2025-13-01", "page=0", "limit=1e1"]) {
      expect((await call(stList.loader, `/api/stock-transfer-reports?${qs}`, { who: "admin" })).status).toBe(400);
    }
  });

  it("reads one report with its photos, and resolves a photo to a short-lived link", async () => {
    const list = (await (await call(stList.loader, "/api/stock-transfer-reports?search=TR-9001", { who: "logistics" })).json()) as Json;
    const id = String(list.reports.find((r: Json) => r.photos.length === 2).id);
    // Spec 002 §7: 'returns the report', the report itself (not wrapped), the same shape as a list row.
    const one = (await (await call(stOne.loader, `/api/stock-transfer-reports/${id}`, { who: "logistics", params: { id } })).json()) as Json;
    expect(one).toMatchObject({ _id: Number(id), id: Number(id), transferReference: expect.stringContaining("TR-9001"), status: expect.any(String) });
    expect(Object.keys(one).sort()).toEqual(Object.keys(list.reports.find((r: Json) => String(r.id) === id)).sort());
    expect(one.photos).toHaveLength(2);
    expect(one.signatureDrawn).toMatch(/\/files\//);
    const key = one.photos[0].s3Key;
    const link = await call(stPhoto.loader, `/api/stock-transfer-reports/photos/${encodeURIComponent(key)}`, { who: "logistics", params: { "*": key } });
    expect(link.status).toBe(200);
    expect(ReportPhotoLinkAnswer.parse(await link.json()).presignedUrl).toMatch(/\/files\/.+\?exp=\d+&sig=[0-9a-f]{64}/);
    // A key that is not a stock transfer photo (a signature of another area, a made-up key) is 404.
    expect((await call(stPhoto.loader, "/api/stock-transfer-reports/photos/nope", { who: "logistics", params: { "*": "nope" } })).status).toBe(404);
    expect((await call(stOne.loader, "/api/stock-transfer-reports/99999", { who: "logistics", params: { id: "99999" } })).status).toBe(404);
    expect((await call(stOne.loader, "/api/stock-transfer-reports/abc", { who: "logistics", params: { id: "abc" } })).status).toBe(404);
  });

  it("a manager changes the status freely; each change is audited; a status outside the list is 400", async () => {
    const patch = (status: unknown, who = "logistics") => call(stStatus.action, "/api/stock-transfer-reports/1/status", { who, method: "PATCH", json: { status }, params: { id: "1" } });
    const bad = await patch("lost");
    expect(bad.status).toBe(400);
    for (const status of ["reviewed", "rejected", "submitted", "approved"]) {
      const res = await patch(status);
      expect(res.status).toBe(200);
      expect(StockTransferStatusAnswer.parse(await res.json()).report.status).toBe(status);
    }
    const audits = await db.select().from(auditEvents).where(eq(auditEvents.entityType, "stock-transfer-report"));
    expect(audits.filter((a) => a.entityId === "1").length).toBeGreaterThanOrEqual(3);
    expect(audits.at(-1)).toMatchObject({ actorEmail: "logistics@goldengrain.test", actorName: "Leo Logistics" });
    expect((await patch("approved", "sales")).status).toBe(403);
  });
});

// ---------------------------------------------------------------- devanning

function uploadForm(group: string, files: { bytes: Uint8Array; name: string }[]) {
  const form = new FormData();
  for (const f of files) form.append(group, new File([f.bytes as BlobPart], f.name, { type: "image/jpeg" }));
  return form;
}
const upload = (form: FormData, who = "warehouse") => call(dvUpload.action, "/api/devanning-reports/upload-photos", { who, method: "POST", body: form });

function devanning(over: (d: Json) => void = () => {}) {
  const d: Json = {
    cargoDetails: {
      productDetail: "Jasmine rice",
      products: [
        { id: "p1", name: "Jasmine 50 lb", sku: "JAS-50", pallets: 10, bags: 480, shortageExtraBags: -2 },
        { id: "p2", name: "Basmati 25 lb", sku: "BAS-25", pallets: "2", bags: "100", shortageExtraBags: "0" },
      ],
      totalPallets: 999,
      totalBags: 999,
      containerNumber: "msku1234567",
      arrivalDate: "2025-06-17",
      receivableSign: "Wendy Warehouse",
      unloadingDateTime: "2025-06-18T09:00",
    },
    warehouseInfo: { warehouseStaff1: "Wendy Warehouse", warehouseStaff2: "" },
    totalsCalculation: { bagsPerPallet: 50, bagsInLastPallet: 30 },
    containerInfo: { containerSize: "40'", containerSizeOther: "", containerCondition: ["No damage"], containerConditionOther: "", sealIntact: "yes", sealNumber: "SL-1" },
    inventoryDetails: { damagedInventoryCount: 0, damagedInventorySKUs: "" },
    environmentalCheck: { floorDryness: ["Dry"], pestActivity: ["None"], comments: "" },
    photos: { containerPhotos: [], cargoPhotos: [], damagedItemPhotos: [], overallPhotos: [] },
    status: "approved",
    reviewedBy: "Someone Else",
  };
  over(d);
  return d;
}
const submitDevanning = (json: unknown, who = "warehouse", headers: Record<string, string> = {}) =>
  call(dvList.action, "/api/devanning-reports", { who, method: "POST", json, headers });

describe("devanning: photo uploads", () => {
  it("uploads one group's images and answers files[] with filename, originalName, path and size", async () => {
    const res = await upload(uploadForm("cargoPhotos", [{ bytes: jpeg(), name: "c1.jpg" }, { bytes: png(), name: "c2.png" }]));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(DevanningPhotosUploadedAnswer.parse(body).files).toHaveLength(2);
    expect(body.files[0]).toMatchObject({ originalName: "c1.jpg", size: 3000 });
    expect(body.files[0].path).toBe(body.files[0].filename);
  });

  it("refuses a non-image, an image over 10 MB and two groups at once, storing nothing", async () => {
    const before = await counts();
    let res = await upload(uploadForm("cargoPhotos", [{ bytes: jpeg(), name: "ok.jpg" }, { bytes: new TextEncoder().encode("%PDF-1.4 hello"), name: "doc.jpg" }]));
    expect(res.status).toBe(415);
    expect(((await res.json()) as Json).error).toBe(MESSAGES.skippedFiles);
    res = await upload(uploadForm("cargoPhotos", [{ bytes: jpeg(10_485_761), name: "huge.jpg" }]));
    expect(res.status).toBe(413);
    expect(((await res.json()) as Json).error).toBe(MESSAGES.skippedFiles);
    const two = uploadForm("cargoPhotos", [{ bytes: jpeg(), name: "a.jpg" }]);
    two.append("overallPhotos", new File([jpeg() as BlobPart], "b.jpg"));
    expect((await upload(two)).status).toBe(400);
    expect((await upload(uploadForm("somethingElse", [{ bytes: jpeg(), name: "a.jpg" }]))).status).toBe(400);
    expect((await upload(uploadForm("cargoPhotos", [{ bytes: jpeg(), name: "a.jpg" }]), "sales")).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("devanning: submitting", () => {
  it("submits the report with its uploaded photos; totals are summed on the server; status and reviewer come from the server", async () => {
    const up = (await (await upload(uploadForm("overallPhotos", [{ bytes: jpeg(), name: "o.jpg" }]))).json()) as Json;
    const res = await submitDevanning(devanning((d) => (d.photos.overallPhotos = up.files)));
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(ReportSubmittedAnswer.parse(body).message).toBe(MESSAGES.devanningSubmitted);
    const [row] = await db.select().from(devanningReports).where(eq(devanningReports.id, body.id));
    expect(row).toMatchObject({ containerNumber: "MSKU1234567", status: "pending", reviewedBy: null, submittedBy: "warehouse@goldengrain.test" });
    expect(row!.cargoDetails).toMatchObject({ totalPallets: 12, totalBags: 580, shortageExtraBags: -2 });
    expect(row!.totalsCalculation).toMatchObject({ totalBagsCalculated: 11 * 50 + 30 });
    expect(row!.photos.overallPhotos).toHaveLength(1);
    const [file] = await db.select().from(storedFiles).where(eq(storedFiles.key, up.files[0].path));
    expect(file).toMatchObject({ ownerType: "devanning-report", ownerId: String(body.id) });
    // The photo now belongs to that report: naming it again is refused.
    const again = await submitDevanning(devanning((d) => (d.photos.overallPhotos = up.files)));
    expect(again.status).toBe(400);
  });

  it("takes the photo groups at the report's top level too (spec 002 §3 lists them as report fields)", async () => {
    const container = (await (await upload(uploadForm("containerPhotos", [{ bytes: jpeg(), name: "seal.jpg" }]))).json()) as Json;
    const cargo = (await (await upload(uploadForm("cargoPhotos", [{ bytes: png(), name: "bags.png" }]))).json()) as Json;
    // A broken seal needs a container photo: sent at the top level, it counts.
    const res = await submitDevanning(
      devanning((d) => {
        delete d.photos;
        d.containerInfo.sealIntact = "no";
        d.containerPhotos = container.files;
        d.cargoPhotos = cargo.files;
      }),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as Json;
    const [row] = await db.select().from(devanningReports).where(eq(devanningReports.id, id));
    expect(row!.photos.containerPhotos!.map((p) => p.key)).toEqual([container.files[0].path]);
    expect(row!.photos.cargoPhotos!.map((p) => p.key)).toEqual([cargo.files[0].path]);
    // The photos now belong to the report and are reachable through it.
    const [file] = await db.select().from(storedFiles).where(eq(storedFiles.key, cargo.files[0].path));
    expect(file).toMatchObject({ ownerType: "devanning-report", ownerId: String(id) });
    const link = await call(dvPhoto.loader, `/api/devanning-reports/photos/${encodeURIComponent(cargo.files[0].path)}`, { who: "logistics", params: { "*": cargo.files[0].path } });
    expect(link.status).toBe(200);
  });

  it("refuses a group sent both at the top level and under photos, writing nothing", async () => {
    const one = (await (await upload(uploadForm("overallPhotos", [{ bytes: jpeg(), name: "a.jpg" }]))).json()) as Json;
    const two = (await (await upload(uploadForm("overallPhotos", [{ bytes: jpeg(), name: "b.jpg" }]))).json()) as Json;
    const before = await counts();
    const res = await submitDevanning(
      devanning((d) => {
        d.photos.overallPhotos = one.files;
        d.overallPhotos = two.files;
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toMatch(/overallPhotos was sent both at the top level and under photos/);
    expect(await counts()).toEqual(before);
  });

  it("refuses photos uploaded by someone else", async () => {
    const up = (await (await upload(uploadForm("cargoPhotos", [{ bytes: jpeg(), name: "x.jpg" }]), "logistics")).json()) as Json;
    const before = await counts();
    const res = await submitDevanning(devanning((d) => (d.photos.cargoPhotos = up.files)));
    expect(res.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  const invalid: [string, (d: Json) => void, string][] = [
    ["no product", (d) => (d.cargoDetails.products = [{ id: "p1", name: "", sku: "", pallets: "", bags: "", shortageExtraBags: "" }]), MESSAGES.addProduct],
    ["no container number", (d) => (d.cargoDetails.containerNumber = " "), MESSAGES.containerNumber],
    ["a malformed container number", (d) => (d.cargoDetails.containerNumber = "MSK1234567"), MESSAGES.containerFormat],
    ["a container number with too many digits", (d) => (d.cargoDetails.containerNumber = "MSKU12345678"), MESSAGES.containerFormat],
    ["no warehouse staff", (d) => (d.warehouseInfo.warehouseStaff1 = ""), MESSAGES.warehouseStaff],
    ["no receivable signature", (d) => (d.cargoDetails.receivableSign = ""), MESSAGES.receivableSign],
    ["container size other without text", (d) => (d.containerInfo.containerSize = "other"), MESSAGES.containerSizeOther],
    ["condition other without text", (d) => (d.containerInfo.containerCondition = ["Dented", "other"]), MESSAGES.containerConditionOther],
    ["seal intact without number", (d) => (d.containerInfo.sealNumber = ""), MESSAGES.sealNumber],
    ["seal broken without a container photo", (d) => (d.containerInfo.sealIntact = "no"), MESSAGES.sealPhoto],
    ["damaged inventory without SKUs", (d) => (d.inventoryDetails = { damagedInventoryCount: 3, damagedInventorySKUs: "" }), MESSAGES.damagedSkus],
    ["damaged inventory without a photo", (d) => (d.inventoryDetails = { damagedInventoryCount: "3", damagedInventorySKUs: "JAS-50" }), MESSAGES.damagedPhoto],
  ];
  it.each(invalid)("refuses %s with the spec's message, writing nothing", async (_name, change, message) => {
    const before = await counts();
    const res = await submitDevanning(devanning(change));
    expect(res.status).toBe(400);
    const body = (await res.json()) as Json;
    expect(body.error).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("refuses options outside the lists (container size, conditions)", async () => {
    expect((await submitDevanning(devanning((d) => (d.containerInfo.containerSize = "60'")))).status).toBe(400);
    expect((await submitDevanning(devanning((d) => (d.environmentalCheck.floorDryness = ["Flooded"])))).status).toBe(400);
  });

  it("a retried submission with the same Idempotency-Key creates one report", async () => {
    const before = await counts();
    const body = devanning((d) => (d.cargoDetails.containerNumber = "TGHU7654321"));
    const a = await submitDevanning(body, "warehouse", { "Idempotency-Key": "dv-retry-1" });
    const b = await submitDevanning(body, "warehouse", { "Idempotency-Key": "dv-retry-1" });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(((await b.json()) as Json).id).toBe(((await a.json()) as Json).id);
    expect((await counts()).dv).toBe(before.dv + 1);
  });

  it("a warehouse employee may not list devanning reports; a sales rep may not submit one", async () => {
    expect((await call(dvList.loader, "/api/devanning-reports", { who: "warehouse" })).status).toBe(403);
    expect((await submitDevanning(devanning(), "sales")).status).toBe(403);
    expect((await call(dvOne.loader, "/api/devanning-reports/1", { who: "warehouse", params: { id: "1" } })).status).toBe(403);
  });
});

describe("devanning: list and review", () => {
  it("lists with reports[], total, totalPages and message; filters by status and container number", async () => {
    const body = (await (await call(dvList.loader, "/api/devanning-reports?page=1&limit=10&status=pending", { who: "logistics" })).json()) as Json;
    expect(body.success).toBe(true);
    expect(body.totalPages).toBe(Math.max(1, Math.ceil(body.total / 10)));
    expect(typeof body.message).toBe("string");
    for (const r of body.reports) expect(r.status).toBe("pending");
    const byContainer = (await (await call(dvList.loader, "/api/devanning-reports?containerNumber=tghu765", { who: "logistics" })).json()) as Json;
    expect(byContainer.reports.map((r: Json) => r.containerNumber)).toEqual(["TGHU7654321"]);
    expect((await call(dvList.loader, "/api/devanning-reports?status=done", { who: "logistics" })).status).toBe(400);
  });

  async function pendingId(): Promise<string> {
    const body = (await (await call(dvList.loader, "/api/devanning-reports?status=pending", { who: "admin" })).json()) as Json;
    return String(body.reports[0].id);
  }
  const review = (id: string, json: unknown, who = "logistics") => call(dvApprove.action, `/api/devanning-reports/${id}/approve`, { who, method: "PATCH", json, params: { id } });

  it("approval needs a management signature; it records the signed-in reviewer, not the body's", async () => {
    const id = await pendingId();
    const missing = await review(id, { action: "approve", notes: "", managementSignature: " ", reviewedBy: "Management User" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Json).error).toBe(MESSAGES.managementSignature);
    const [still] = await db.select().from(devanningReports).where(eq(devanningReports.id, Number(id)));
    expect(still!.status).toBe("pending");
    const ok = await review(id, { action: "approve", notes: "Counts match", managementSignature: "Leo L.", reviewedBy: "Management User" });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Json;
    expect(DevanningReviewedAnswer.parse(body).message).toBe("Report approved successfully!");
    expect(body.report).toMatchObject({ status: "approved", reviewedBy: "Leo Logistics", notes: "Counts match" });
    expect(body.report.cargoDetails.managementSign).toBe("Leo L.");
    // Not pending any more: approving or rejecting again is a 409 with the reason.
    const again = await review(id, { action: "reject", notes: "" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Json).error).toBe(MESSAGES.notPending);
  });

  it("rejects a pending report without a signature; an unknown action is 400; only reviewers may review", async () => {
    const id = await pendingId();
    expect((await review(id, { action: "archive" })).status).toBe(400);
    expect((await review(id, { action: "reject" }, "warehouse")).status).toBe(403);
    expect((await review(id, { action: "reject" }, "sales")).status).toBe(403);
    const res = await review(id, { action: "reject", notes: "Seal mismatch" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).report).toMatchObject({ status: "rejected", reviewedBy: "Leo Logistics" });
  });

  it("resolves a devanning photo for viewers only", async () => {
    const body = (await (await call(dvList.loader, "/api/devanning-reports?containerNumber=MSKU1234567", { who: "admin" })).json()) as Json;
    const withPhoto = body.reports.find((r: Json) => r.photos.overallPhotos.length);
    const key = withPhoto.photos.overallPhotos[0].path;
    const ok = await call(dvPhoto.loader, "/api/devanning-reports/photos/x", { who: "logistics", params: { "*": key } });
    expect(ok.status).toBe(200);
    expect(ReportPhotoLinkAnswer.parse(await ok.json()).presignedUrl).toContain("/files/");
    expect((await call(dvPhoto.loader, "/api/devanning-reports/photos/x", { who: "warehouse", params: { "*": key } })).status).toBe(403);
    // A stock transfer photo's key is not a devanning photo.
    const st = await db.select().from(storedFiles).where(eq(storedFiles.ownerType, "stock-transfer-report")).limit(1);
    expect((await call(dvPhoto.loader, "/api/devanning-reports/photos/x", { who: "logistics", params: { "*": st[0]!.key } })).status).toBe(404);
  });
});

describe("the report as a PDF", () => {
  it("prints a stock transfer report with its photos and signature, and a devanning report, for viewers only", async () => {
    const { PDFDocument } = await import("pdf-lib");
    const stPdf = await import("~/routes/api.stock-transfer-reports.$id.pdf");
    const dvPdf = await import("~/routes/api.devanning-reports.$id.pdf");
    const [withPhotos] = (await db.select().from(stockTransferReports).orderBy(stockTransferReports.id)).filter((r) => r.photos.length === 2);
    const id = String(withPhotos!.id);
    const res = await call(stPdf.loader as Handler, `/api/stock-transfer-reports/${id}/pdf`, { who: "logistics", params: { id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    // The facts page, then the signature and two photos two to a page.
    expect(doc.getPageCount()).toBe(3);
    expect((await call(stPdf.loader as Handler, `/api/stock-transfer-reports/${id}/pdf`, { who: "warehouse", params: { id } })).status).toBe(403);
    const dv = await call(dvPdf.loader as Handler, "/api/devanning-reports/1/pdf", { who: "admin", params: { id: "1" } });
    expect(dv.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await dv.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });
});

describe("the pages bring the /api answers (decision 008)", () => {
  it("the landing shows Create and View per grant", async () => {
    const landing = await import("~/routes/_app.reports._index/route");
    const access = async (who: string) => ((await landing.loader({ request: request("/reports", { cookie: cookies[who] }), context: ctx, params: {} } as never)) as Json).access;
    expect(await access("warehouse")).toEqual({ stockTransferCreate: true, stockTransferView: false, stockTransferUpdate: false, devanningCreate: true, devanningView: false, devanningReview: false });
    expect(await access("logistics")).toEqual({ stockTransferCreate: true, stockTransferView: true, stockTransferUpdate: true, devanningCreate: true, devanningView: true, devanningReview: true });
    const refused = await settle(() => landing.loader({ request: request("/reports", { cookie: cookies.sales }), context: ctx, params: {} } as never));
    expect((refused as Response).status).toBe(403);
  });

  it("each list page's data is the list call's answer for the same query", async () => {
    const stPage = await import("~/routes/_app.reports.stock-transfer._index/route");
    const dvPage = await import("~/routes/_app.reports.devanning._index/route");
    const qs = "?status=submitted&page=1";
    const page = (await stPage.loader({ request: request(`/reports/stock-transfer${qs}`, { cookie: cookies.logistics }), context: ctx, params: {} } as never)) as Json;
    const api = (await (await call(stList.loader, `/api/stock-transfer-reports${qs}`, { who: "logistics" })).json()) as Json;
    expect(JSON.parse(JSON.stringify(page.list))).toEqual(api);
    const dv = (await dvPage.loader({ request: request("/reports/devanning?status=pending", { cookie: cookies.admin }), context: ctx, params: {} } as never)) as Json;
    const dvApi = (await (await call(dvList.loader, "/api/devanning-reports?status=pending", { who: "admin" })).json()) as Json;
    expect(JSON.parse(JSON.stringify(dv.list))).toEqual(dvApi);
    // A query the API refuses is the API's 400 message on the page, not a broken page.
    const bad = (await stPage.loader({ request: request("/reports/stock-transfer?status=lost", { cookie: cookies.logistics }), context: ctx, params: {} } as never)) as Json;
    expect(bad.list).toMatchObject({ success: false });
    expect(bad.list.error).toContain("status must be one of");
  });
});
