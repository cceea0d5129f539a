// The customers' public forms against a seeded libSQL file: a return request with photos and an application
// with documents, without signing in; the reference answered and the request in the staff list at once;
// photos and documents checked by their bytes and size; bad fields refused with field errors; a flood from one
// connection stopped with 429; every refusal writes nothing.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerApplications, returnItems, returnRequests, storedFiles } from "../../db/schema";
import * as publicReturns from "~/routes/api.public.return-requests";
import * as publicApplications from "~/routes/api.public.applications";
import * as returnList from "~/routes/api.return-requests";
import * as applicationList from "~/routes/api.applications";
import * as imagesRoute from "~/routes/api.return-requests.$id.items.$index.images";
import * as requestReturnPage from "~/routes/request-return";
import type { Database } from "~/lib/db.server";
import { plainFieldErrors } from "~/domain/api-contract";
import { PublicSubmitAnswer } from "~/domain/returns/contract";
import { PUBLIC_FORM_MAX } from "~/services/public-forms.server";
import { createSeededTestDatabase } from "../support/db";
import { createTestContext, request, settle, staffCookie, TEST_ADDRESS_HEADER } from "../support/context";

type Json = any;
type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

let db: Database;
let ctx: ReturnType<typeof createTestContext>;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");

beforeAll(async () => {
  db = await createSeededTestDatabase();
  ctx = createTestContext(db);
}, 60_000);

let address = 10;
/** A fresh connecting address per test, so the rate limit of one test does not leak into another. */
const nextAddress = () => `203.0.113.${address++}`;

async function post(handler: Handler, path: string, body: FormData, opts: { address?: string; cookie?: string } = {}) {
  const req = request(path, { method: "POST", body, cookie: opts.cookie, headers: { [TEST_ADDRESS_HEADER]: opts.address ?? nextAddress(), origin: "http://127.0.0.1" } });
  return (await settle(() => handler({ request: req, context: ctx, params: {} }))) as Response;
}

const validReturn = () => ({
  companyName: "Harbor Noodle Bar",
  orderNum: "SO-100001",
  email: "owner@harbor.example",
  phone: "(212) 555-0199",
  address: { street: "12 Pier Rd", street2: "", city: "Brooklyn", state: "NY", zip: "11201" },
  items: [
    { sku: "JAS-25", description: "Jasmine 25 lb", count: 2, reason: "Damaged packaging", customReason: "", comments: "Torn" },
    { sku: "CAL-50", description: "", count: 1, reason: "Other", customReason: "Wrong size", comments: "" },
  ],
});

function returnForm(payload: unknown, photos: Record<string, File[]> = {}) {
  const form = new FormData();
  form.set("payload", JSON.stringify(payload));
  for (const [name, files] of Object.entries(photos)) for (const f of files) form.append(name, f);
  return form;
}

async function counts() {
  return {
    returns: (await db.select({ id: returnRequests.id }).from(returnRequests)).length,
    items: (await db.select({ id: returnItems.id }).from(returnItems)).length,
    apps: (await db.select({ id: customerApplications.id }).from(customerApplications)).length,
    files: (await db.select({ id: storedFiles.id }).from(storedFiles)).length,
  };
}

describe("a customer's return request", () => {
  it("is accepted with photos, answers a reference, and is in the staff list at once", async () => {
    const res = await post(publicReturns.action, "/api/public/return-requests", returnForm(validReturn(), { "items.0.photos": [new File([PNG], "torn-bag.png", { type: "image/png" })] }));
    expect(res.status).toBe(201);
    const body = PublicSubmitAnswer.parse(await res.json());
    expect(body).toMatchObject({ success: true, reference: expect.stringMatching(/^RET-\d{6}-[A-Z2-9]{5}$/) });
    const list = (await (await settle(() => returnList.loader({ request: request(`/api/return-requests?searchBy=returnID&search=${body.reference}`, { cookie: "" }), context: ctx, params: {} } as never))) as Response);
    expect(list.status).toBe(401);
    const sales = await staffCookie(ctx.app, "sales@goldengrain.test");
    const rows = (await ((await returnList.loader({ request: request(`/api/return-requests?searchBy=returnID&search=${body.reference}`, { cookie: sales }), context: ctx, params: {} } as never)) as Response).json()) as Json[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", source: "public", itemCount: 2, items: [{ reason: "Damaged packaging", uploadedImages: ["torn-bag.png"] }, { reason: "Other", customReason: "Wrong size" }] });
    const images = (await ((await imagesRoute.loader({ request: request("/x", { cookie: sales }), context: ctx, params: { id: String(rows[0]._id), index: "0" } } as never)) as Response).json()) as Json[];
    expect(images).toEqual([{ name: "torn-bag.png", presignedUrl: expect.stringContaining("/files/") }]);
  });

  it("refuses a photo that is not an image by its bytes, an oversized one, and bad fields, writing nothing", async () => {
    const before = await counts();
    const fake = await post(publicReturns.action, "/api/public/return-requests", returnForm(validReturn(), { "items.0.photos": [new File([new TextEncoder().encode("GIF? no: <html>")], "photo.gif", { type: "image/gif" })] }));
    expect(fake.status).toBe(415);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const huge = await post(publicReturns.action, "/api/public/return-requests", returnForm(validReturn(), { "items.1.photos": [new File([big], "huge.png", { type: "image/png" })] }));
    expect(huge.status).toBe(413);
    const noReason = { ...validReturn(), items: [{ sku: "JAS-25", count: 1, reason: "Other", customReason: "" }] };
    const refused = await post(publicReturns.action, "/api/public/return-requests", returnForm(noReason));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).fieldErrors).toHaveProperty(["items.0.customReason"]);
    const madeUp = await post(publicReturns.action, "/api/public/return-requests", returnForm({ ...validReturn(), items: [{ sku: "A", count: 1, reason: "Because" }] }));
    expect(((await madeUp.json()) as Json).error).toMatch(/choose a reason from the list/);
    const stray = await post(publicReturns.action, "/api/public/return-requests", returnForm(validReturn(), { "items.7.photos": [new File([PNG], "a.png")] }));
    expect(stray.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("a flood from one connection gets 429 with Retry-After and writes nothing more", async () => {
    const from = nextAddress();
    for (let i = 0; i < PUBLIC_FORM_MAX; i++) expect((await post(publicReturns.action, "/api/public/return-requests", returnForm(validReturn()), { address: from })).status).toBe(201);
    const before = await counts();
    const flooded = await post(publicReturns.action, "/api/public/return-requests", returnForm(validReturn()), { address: from });
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await flooded.json()) as Json).error).toMatch(/Too many submissions/);
    expect(await counts()).toEqual(before);
    // Another connection is not affected; a signed-in staff member is never limited.
    expect((await post(publicReturns.action, "/api/public/return-requests", returnForm(validReturn()))).status).toBe(201);
    const staff = await staffCookie(ctx.app, "logistics@goldengrain.test");
    expect((await post(publicReturns.action, "/api/public/return-requests", returnForm(validReturn()), { address: from, cookie: staff })).status).toBe(201);
  });

  it("the form page lists the managed reasons for anyone", async () => {
    const page = (await requestReturnPage.loader({ request: request("/request-return"), context: ctx, params: {} } as never)) as Json;
    expect(page.reasons).toContain("Damaged packaging");
    expect(page.signedIn).toBe(false);
  });
});

describe("a new-customer application", () => {
  const valid = () => ({
    companyName: "Lotus Leaf Dim Sum",
    ownerName: "Grace Ho",
    email: "grace@lotusleaf.example",
    phoneNumber: "(718) 555-0142",
    ownerNumber: "",
    addresses: [{ street: "88 Canal St", street2: "", city: "New York", state: "NY", postalCode: "10002" }],
  });
  const form = (payload: unknown, files: File[] = []) => {
    const f = new FormData();
    f.set("payload", JSON.stringify(payload));
    for (const file of files) f.append("files", file);
    return f;
  };

  it("is accepted with documents (image and PDF) and is in the staff list at once", async () => {
    const res = await post(publicApplications.action, "/api/public/applications", form(valid(), [new File([PNG], "licence.png"), new File([PDF], "resale.pdf")]));
    expect(res.status).toBe(201);
    const body = PublicSubmitAnswer.parse(await res.json());
    expect(body.reference).toMatch(/^APP-\d{6}-[A-Z2-9]{5}$/);
    const sales = await staffCookie(ctx.app, "sales@goldengrain.test");
    const listed = (await ((await applicationList.loader({ request: request("/api/applications?searchBy=companyName&search=lotus leaf", { cookie: sales }), context: ctx, params: {} } as never)) as Response).json()) as Json;
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ status: "Pending", reference: body.reference, source: "public" });
    const files = await db.select().from(storedFiles).where(eq(storedFiles.ownerId, String(listed.data[0]._id)));
    expect(files.map((f) => f.contentType).sort()).toEqual(["application/pdf", "image/png"]);
  });

  it("refuses a script dressed as a PDF and a missing address, writing nothing", async () => {
    const before = await counts();
    const evil = await post(publicApplications.action, "/api/public/applications", form(valid(), [new File([new TextEncoder().encode("<svg onload=alert(1)>")], "resale.pdf", { type: "application/pdf" })]));
    expect(evil.status).toBe(415);
    const bad = await post(publicApplications.action, "/api/public/applications", form({ ...valid(), addresses: [] }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).fieldErrors).toHaveProperty("addresses");
    // A postal code too long is named by its address's index, so the form shows it under that field.
    const longPostal = await post(publicApplications.action, "/api/public/applications", form({ ...valid(), addresses: [{ ...valid().addresses[0], postalCode: "1".repeat(21) }] }));
    expect(longPostal.status).toBe(400);
    expect(plainFieldErrors(((await longPostal.json()) as Json).fieldErrors)).toEqual({ "addresses.0.postalCode": ["Postal code is at most 20 characters"] });
    const noPayload = await post(publicApplications.action, "/api/public/applications", new FormData());
    expect(noPayload.status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});
