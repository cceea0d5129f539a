// Every upload door, through its real route (issue 20, decision 025): a scripted PDF and a PNG carrying
// <html><script> are refused with a clear 4xx and the reason, and nothing is stored (no R2 object, no
// stored_files row, no row of the door's own). The public doors first: anyone can reach them.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { customerApplications, devanningReports, notifications, orders, returnRequests, stockTransferReports, storedFiles, warehouseCaptures } from "../../db/schema";
import type { Database } from "~/lib/db.server";
import * as publicApplications from "~/routes/api.public.applications";
import * as publicReturns from "~/routes/api.public.return-requests";
import * as applicationFiles from "~/routes/api.applications.$id.files";
import * as capture from "~/routes/api.warehouse.$id.capture";
import * as captureAttachments from "~/routes/api.warehouse.$id.capture.attachments";
import * as codProof from "~/routes/api.delivery.$orderId.cod-proof";
import * as issuePhoto from "~/routes/api.delivery.$orderId.issue-photo";
import * as unknownIssuePhoto from "~/routes/api.delivery.unknown.issue-photo";
import * as needHelp from "~/routes/api.delivery.$orderId.need-help";
import * as complete from "~/routes/api.delivery.$orderId.complete";
import * as devanningUpload from "~/routes/api.devanning-reports.upload-photos";
import * as stockTransfer from "~/routes/api.stock-transfer-reports";
import { assignOrder, createSeededTestDatabase, SEED_NOW } from "../support/db";
import { createTestContext, request, settle, staffCookies, TEST_ADDRESS_HEADER } from "../support/context";
import { fetchSigned, PNG_BYTES, PNG_DATA_URL } from "./documents-fixtures";

type Json = any;
type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

const text = (s: string) => new TextEncoder().encode(s);
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

/** The finding's two files, and a clean PDF for the doors that take one. */
const SCRIPTED_PDF = text("%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(document.cookie)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const SCRIPTED_PNG = join(PNG_BYTES, text("<html><script>fetch('/api/me').then(r=>r.text()).then(alert)</script></html>"));
const CLEAN_PDF = text("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
/** A script the byte search cannot see: the catalog packed in a compressed object stream, as real PDFs are. */
let PACKED_SCRIPTED_PDF: Uint8Array;

const BAD_FILES = [
  ["a PDF with /OpenAction /JavaScript", () => SCRIPTED_PDF, "invoice.pdf"],
  ["a PNG carrying <html><script>", () => SCRIPTED_PNG, "storefront.png"],
] as const;
/** A door taking PDFs says the PDF's reason; an images-only door says it takes no PDF. Both are 415. */
const REASON = /File rejected: (?:PDFs with scripts|The file also contains HTML or script)|not an accepted type|Unsupported file type/;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let cookies: Record<string, string>;

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db, { now: SEED_NOW });
  cookies = await staffCookies(ctx.app, ["admin", "sales", "warehouse", "driver"]);
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  doc.catalog.set(PDFName.of("OpenAction"), doc.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") }));
  PACKED_SCRIPTED_PDF = await doc.save({ useObjectStreams: true });
}, 60_000);

let address = 10;
async function post(handler: Handler, path: string, body: BodyInit, opts: { who?: string; params?: Record<string, string>; json?: unknown } = {}) {
  const headers = { [TEST_ADDRESS_HEADER]: `198.51.100.${address++}`, origin: "http://127.0.0.1" };
  const req = request(path, { method: "POST", cookie: opts.who ? cookies[opts.who] : undefined, headers, ...(opts.json !== undefined ? { json: opts.json } : { body }) });
  const res = (await settle(() => handler({ request: req, context: ctx, params: opts.params ?? {} }))) as Response;
  return { status: res.status, body: (await res.json()) as Json };
}

/** Everything an upload could leave behind: objects, file rows, and each door's own rows. */
async function footprint() {
  const n = async (table: typeof storedFiles | typeof customerApplications | typeof returnRequests | typeof warehouseCaptures | typeof notifications | typeof devanningReports | typeof stockTransferReports) =>
    (await db.select({ n: count() }).from(table as typeof storedFiles))[0]!.n;
  return {
    objects: (await ctx.app.files.list()).objects.length,
    files: await n(storedFiles),
    applications: await n(customerApplications),
    returns: await n(returnRequests),
    captures: await n(warehouseCaptures),
    notifications: await n(notifications),
    devanning: await n(devanningReports),
    stockTransfers: await n(stockTransferReports),
  };
}

/** Calls a door and checks the refusal: 415 (or 400) with the reason, and the footprint unchanged. */
async function expectRefused(call: () => Promise<{ status: number; body: Json }>, reason: RegExp = REASON, status = 415) {
  const before = await footprint();
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: expect.stringMatching(reason) });
  expect(await footprint()).toEqual(before);
}

const fileOf = (bytes: Uint8Array, name: string, type = "application/octet-stream") => new File([bytes as BlobPart], name, { type });

// ---------------------------------------------------------------- public doors

const application = {
  companyName: "Harbor Noodle Bar",
  email: "owner@harbor.example",
  phoneNumber: "(212) 555-0199",
  ownerName: "Ann Owner",
  ownerNumber: "(212) 555-0100",
  addresses: [{ street: "12 Pier Rd", city: "Brooklyn", state: "NY", postalCode: "11201" }],
};
function applicationForm(...files: File[]) {
  const form = new FormData();
  form.set("payload", JSON.stringify(application));
  for (const f of files) form.append("files", f);
  return form;
}

describe("POST /api/public/applications (anonymous)", () => {
  it.each(BAD_FILES)("refuses %s, with a clean document beside it, and writes nothing", async (_name, bytes, name) => {
    await expectRefused(() => post(publicApplications.action, "/api/public/applications", applicationForm(fileOf(CLEAN_PDF, "licence.pdf"), fileOf(bytes(), name))));
  });

  it("refuses a script packed in a compressed object stream, which a search of the bytes misses", async () => {
    await expectRefused(() => post(publicApplications.action, "/api/public/applications", applicationForm(fileOf(PACKED_SCRIPTED_PDF, "packed.pdf"))), /^File rejected: PDFs with scripts, launch actions or embedded files are not accepted \(packed\.pdf\)$/);
  });

  it("accepts a clean PDF, and staff get it back as an attachment in a sandbox, never inline on our origin", async () => {
    const res = await post(publicApplications.action, "/api/public/applications", applicationForm(fileOf(CLEAN_PDF, "licence\u202Efdp.exe")));
    expect(res.status).toBe(201);
    const listed = await settle(() =>
      applicationFiles.loader({ request: request(`/api/applications/${res.body.id}/files`, { cookie: cookies.sales }), context: ctx, params: { id: String(res.body.id) } } as never),
    );
    const files = ((await (listed as Response).json()) as Json).data as { name: string; presignedUrl: string }[];
    expect(files.map((f) => f.name)).toEqual(["licencefdp.exe"]);
    const u = new URL(files[0]!.presignedUrl);
    const served = (await settle(() => import("~/routes/files.$key").then((m) => m.loader({ request: request(`${u.pathname}${u.search}`), context: ctx, params: {} } as never)))) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-disposition")).toBe('attachment; filename="licencefdp.exe"');
    expect(served.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    // The in-app viewer reads the same link's bytes with fetch and renders them with pdf.js.
    expect((await fetchSigned(ctx, files[0]!.presignedUrl)).bytes).toEqual(CLEAN_PDF);
  });
});

const returnRequest = {
  companyName: "Harbor Noodle Bar",
  orderNum: "SO-100001",
  email: "owner@harbor.example",
  phone: "(212) 555-0199",
  address: { street: "12 Pier Rd", street2: "", city: "Brooklyn", state: "NY", zip: "11201" },
  items: [{ sku: "JAS-25", description: "Jasmine 25 lb", count: 2, reason: "Damaged packaging", customReason: "", comments: "Torn" }],
};

describe("POST /api/public/return-requests (anonymous)", () => {
  it.each(BAD_FILES)("refuses %s among the photos and writes nothing", async (_name, bytes, name) => {
    const form = new FormData();
    form.set("payload", JSON.stringify(returnRequest));
    form.append("items.0.photos", fileOf(PNG_BYTES, "ok.png", "image/png"));
    form.append("items.0.photos", fileOf(bytes(), name, "image/png"));
    await expectRefused(() => post(publicReturns.action, "/api/public/return-requests", form));
  });
});

// ---------------------------------------------------------------- staff doors

describe("POST /api/applications/{id}/files (staff)", () => {
  it.each(BAD_FILES)("refuses %s and stores nothing", async (_name, bytes, name) => {
    const [app] = await db.select({ id: customerApplications.id }).from(customerApplications).orderBy(asc(customerApplications.id)).limit(1);
    const form = new FormData();
    form.append("files", fileOf(PNG_BYTES, "ok.png", "image/png"));
    form.append("files", fileOf(bytes(), name, "image/png"));
    await expectRefused(() => post(applicationFiles.action, `/api/applications/${app!.id}/files`, form, { who: "sales", params: { id: String(app!.id) } }));
  });
});

describe("warehouse capture", () => {
  let order: { id: number };
  let captured: { id: number };
  beforeAll(async () => {
    const free = (await db.select({ id: orders.id, assignment: orders.warehouseAssignment }).from(orders).orderBy(asc(orders.id))).filter((o) => !o.assignment.length);
    [order, captured] = [free[0]!, free[1]!];
    await assignOrder(db, order.id, ["Wendy Warehouse"]);
    await assignOrder(db, captured.id, ["Wendy Warehouse"]);
    const form = new FormData();
    form.set("signedByName", "Carlos Customer");
    form.set("signature", PNG_DATA_URL);
    expect((await post(capture.action, `/api/warehouse/${captured.id}/capture`, form, { who: "warehouse", params: { id: String(captured.id) } })).status).toBe(201);
  });

  it.each([...BAD_FILES, ["a packed scripted PDF", () => PACKED_SCRIPTED_PDF, "packed.pdf"] as const])("POST …/capture refuses %s and stores nothing", async (_name, bytes, name) => {
    const form = new FormData();
    form.set("signedByName", "Carlos Customer");
    form.set("signature", PNG_DATA_URL);
    form.append("attachments", fileOf(PNG_BYTES, "ok.png"));
    form.append("attachments", fileOf(bytes(), name));
    await expectRefused(() => post(capture.action, `/api/warehouse/${order.id}/capture`, form, { who: "warehouse", params: { id: String(order.id) } }));
  });

  it.each([...BAD_FILES, ["a packed scripted PDF", () => PACKED_SCRIPTED_PDF, "packed.pdf"] as const])("POST …/capture/attachments refuses %s and stores nothing", async (_name, bytes, name) => {
    const form = new FormData();
    form.append("attachments", fileOf(PNG_BYTES, "ok.png"));
    form.append("attachments", fileOf(bytes(), name));
    await expectRefused(() => post(captureAttachments.action, `/api/warehouse/${captured.id}/capture/attachments`, form, { who: "warehouse", params: { id: String(captured.id) } }));
  });
});

describe("the driver's doors", () => {
  let order: { id: number };
  beforeAll(async () => {
    const [o] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.warehouseLocation, ["NY-MAIN", "NJ-WH"]), inArray(orders.orderType, ["NY/NJ Delivery", "VA Delivery"])))
      .limit(1);
    order = o!;
    await db.update(orders).set({ orderStatus: "Picked", deliveryCompletedAt: null, hasDeliveryOrder: false }).where(eq(orders.id, order.id));
  });
  const photo = (bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append("image", fileOf(bytes, name, "image/png"));
    return form;
  };

  it.each(BAD_FILES)("POST …/cod-proof refuses %s", async (_name, bytes, name) => {
    await expectRefused(() => post(codProof.action, `/api/delivery/${order.id}/cod-proof`, photo(bytes(), name), { who: "driver", params: { orderId: String(order.id) } }));
  });

  it.each(BAD_FILES)("POST …/issue-photo refuses %s", async (_name, bytes, name) => {
    await expectRefused(() => post(issuePhoto.action, `/api/delivery/${order.id}/issue-photo`, photo(bytes(), name), { who: "driver", params: { orderId: String(order.id) } }));
  });

  it.each(BAD_FILES)("POST /api/delivery/unknown/issue-photo refuses %s", async (_name, bytes, name) => {
    await expectRefused(() => post(unknownIssuePhoto.action, "/api/delivery/unknown/issue-photo", photo(bytes(), name), { who: "driver" }));
  });

  it.each(BAD_FILES)("POST …/need-help refuses %s", async (_name, bytes, name) => {
    await expectRefused(() => post(needHelp.action, `/api/delivery/${order.id}/need-help`, photo(bytes(), name), { who: "driver", params: { orderId: String(order.id) } }));
  });

  it("POST …/complete refuses a signature PNG carrying <html><script> (400, the signature's field error)", async () => {
    const signatureDataUrl = `data:image/png;base64,${Buffer.from(SCRIPTED_PNG).toString("base64")}`;
    await expectRefused(
      () => post(complete.action, `/api/delivery/${order.id}/complete`, "", { who: "driver", params: { orderId: String(order.id) }, json: { signedByName: "Ann", deliveryDate: "2025-06-18", signatureDataUrl } }),
      /signature/i,
      400,
    );
  });
});

describe("reports", () => {
  it.each(BAD_FILES)("POST /api/devanning-reports/upload-photos refuses %s after a clean photo, keeping neither", async (_name, bytes, name) => {
    const form = new FormData();
    form.append("cargoPhotos", fileOf(PNG_BYTES, "ok.png", "image/png"));
    form.append("cargoPhotos", fileOf(bytes(), name, "image/png"));
    await expectRefused(() => post(devanningUpload.action, "/api/devanning-reports/upload-photos", form, { who: "warehouse" }), /HTML or script|skipped|type|File rejected/i);
  });

  const stockData = (signatureDrawn: string) => ({
    dateReceived: "2025-06-18",
    transferReference: "TR-9001",
    receivingLocation: "NY Main - Hicksville",
    transferFrom: "NJ Warehouse",
    receivedBy: "Wendy Warehouse",
    items: [{ itemSku: "JAS-25", itemDescription: "Jasmine rice 25 lb", quantity: 40, damaged: "no", damagedQuantity: null }],
    productCondition: "excellent",
    notesComments: "",
    signatureType: "draw",
    signatureDrawn,
    signatureTyped: "",
  });

  it.each(BAD_FILES)("POST /api/stock-transfer-reports refuses %s after a clean photo, keeping neither", async (_name, bytes, name) => {
    const form = new FormData();
    form.set("data", JSON.stringify(stockData(PNG_DATA_URL)));
    form.append("photos", fileOf(PNG_BYTES, "ok.png", "image/png"));
    form.append("photos", fileOf(bytes(), name, "image/png"));
    await expectRefused(() => post(stockTransfer.action, "/api/stock-transfer-reports", form, { who: "warehouse" }), /HTML or script|type|File rejected|PDF|JPG|PNG/i);
  });

  it("POST /api/stock-transfer-reports refuses a drawn signature carrying <html><script>, keeping the photos neither", async () => {
    const form = new FormData();
    form.set("data", JSON.stringify(stockData(`data:image/png;base64,${Buffer.from(SCRIPTED_PNG).toString("base64")}`)));
    form.append("photos", fileOf(PNG_BYTES, "ok.png", "image/png"));
    await expectRefused(() => post(stockTransfer.action, "/api/stock-transfer-reports", form, { who: "warehouse" }), /File rejected: The file also contains HTML or script/);
  });
});
