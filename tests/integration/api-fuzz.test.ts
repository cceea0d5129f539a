// Property-based fuzzing of every /api route's write methods (POST, PUT, PATCH, DELETE): JSON bodies shaped
// like the real ones with junk mixed in, any JSON value, malformed JSON, wrong or absent content types,
// multipart forms with random parts and file bytes, urlencoded forms, bodies over the 1 MB limit, random
// Idempotency-Key, Origin, Sec-Fetch-Site and connecting-address headers, and path params that exist, do
// not, or hold odd characters, as every seeded role, a passcode phone, both, a forged cookie and nobody.
//
// The routes come from the Remix route manifest (as in authorization-matrix.test.ts), so a new /api route
// is fuzzed without touching this file. Three properties hold for every generated case:
//   1. never a 5xx (nor any status outside 2xx/4xx), never an exception out of the route, never a
//      console.error (respondToError logs every unexpected error there);
//   2. every 4xx is JSON {success: false, error: <non-empty string>} (405 with Allow, 429 with Retry-After);
//   3. a 4xx writes nothing: the database file has no new commit (PRAGMA data_version on an observer
//      connection, see tests/support/fuzz.ts for why not total_changes()), and no file is stored in R2.
//      The one intended exception is documented at PASSCODE_LOGIN below.
// 2xx answers may write; they are not checked. Two findings of this fuzzing keep their own properties (at the
// end), so that an open one does not stop every route's fuzzing at its first occurrence: a session cookie whose
// percent-encoding does not decode (it was a 500 on every route), and an assignment label with a lone surrogate
// (it left TEXT that is not UTF-8 in the database, and reading that aborts the Node process).
//
// Failures print fast-check's seed and the counterexample (endOnFailure: no shrinking, since the database
// moves on between runs); a case can be replayed with fc.assert's { seed, path } options.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orderLines, orders, passcodes, users, warehouseWorkers } from "../../db/schema";
import { DOCUMENTED_PASSCODE } from "../../db/seed";
import { ORDER_TYPES, PAID_VARIANTS, PAYMENT_OPTIONS } from "~/domain/orders/constants";
import { PICK_ITEM_STATUSES } from "~/domain/pick-list/verify";
import { PASSCODE_BURST_TITLE } from "~/services/auth.server";
import { POLICY_DENIAL_HEADER } from "~/lib/guard.server";
import type { Database } from "~/lib/db.server";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { createSeededTestDatabase } from "../support/db";
import { createTestContext, passcodeCookie, staffCookie, TEST_ADDRESS_HEADER } from "../support/context";
import type { MemoryR2 } from "../support/memory-r2";
import { pathTemplate, routeManifest as manifest } from "../support/route-manifest";
import {
  buildBody,
  changedTables,
  clientOf,
  invalidTextCells,
  sameDigest,
  snapshot,
  tableDigest,
  tableNames,
  WriteDetector,
  type BodySpec,
  type Part,
  type Snapshot,
  type Table,
} from "../support/fuzz";

// ---------------------------------------------------------------- budget

/** Runs per route that answers at least one write method (and for the catch-all), and per read-only route. */
const WRITE_ROUTE_RUNS = 650;
const READ_ROUTE_RUNS = 150;
const MIN_TOTAL_CASES = 10_000;

// ---------------------------------------------------------------- the /api routes of the manifest

const routeModules = import.meta.glob("../../app/routes/**/*.{ts,tsx}");

type Handler = (args: { request: Request; context: unknown; params: Record<string, string> }) => Promise<unknown>;
type RouteModule = { loader?: Handler; action?: Handler };

type ApiRoute = { id: string; file: string; template: string; params: string[] };

const API_ROUTES: ApiRoute[] = Object.entries(manifest)
  .map(([id, route]) => ({ id, file: `../../app/${route.file}`, template: pathTemplate(id) }))
  .filter((r) => r.template === "api" || r.template.startsWith("api/"))
  .map((r) => ({
    ...r,
    params: r.template.split("/").flatMap((s) => (s === "*" ? ["*"] : s.startsWith(":") ? [s.slice(1).replace(/\?$/, "")] : [])),
  }))
  .sort((a, b) => a.id.localeCompare(b.id));

const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
type WriteMethod = (typeof WRITE_METHODS)[number];
/** fetch upper-cases post, put and delete but not patch: the adapter must. */
type SentMethod = WriteMethod | "patch";

/**
 * POST /api/picklist/passcode/login: a wrong passcode is a 401 that records an auth_failures row (the per-
 * address rate limit counts them) and, when failures come from many addresses, one 'Passcode guessing
 * detected' alert in notifications for admins. Those writes on a 401 are intended (docs: rate limiting);
 * for this route only, and only on a 401, those two tables may gain rows (exactly one auth failure, at most
 * one alert with that title; existing rows untouched). Every other table must be unchanged, as for any 4xx.
 */
const PASSCODE_LOGIN = "api/picklist/passcode/login";

/**
 * A delivery step or pick list completion for an order the office cancelled (decision 040): the 409 records one
 * 'Offline work refused' notice for logistics and its once-only marker (idempotency_keys, scope
 * 'conflict-notice:…'), once per person, order and flow. Those two rows, and nothing else, may be written on
 * that 409.
 */
const CONFLICT_NOTICE_ROUTES = ["api/delivery/:orderId/out-for-delivery", "api/delivery/:orderId/cod-proof", "api/delivery/:orderId/complete", "api/picklists/:orderNumber/complete"];
const CONFLICT_NOTICE_TITLE = "Offline work refused: order cancelled";

// ---------------------------------------------------------------- identities

const STAFF = { admin: "admin", logistics: "logistics", sales: "sales", warehouse: "warehouse", driver: "driver" } as const;
type Who = keyof typeof STAFF | "passcode" | "staff+passcode" | "forged" | "anonymous";
const WHO: Who[] = ["admin", "logistics", "sales", "warehouse", "driver", "passcode", "staff+passcode", "forged", "anonymous"];

// ---------------------------------------------------------------- shared state

let db: Database;
let ctx: ReturnType<typeof createTestContext>;
let files: MemoryR2;
let standins: RunningStandins;
let detector: WriteDetector;
let tables: Table[];
const cookies = new Map<Who, string>();

type SeedOrder = { id: number; orderNumber: string; version: number; warehouseLocation: string; lines: { lineItemId: string; sku: string; quantity: number }[] };
let seedOrders: SeedOrder[] = [];
/** A few orders every picking identity reaches (assigned to the warehouse employee, at the passcode's warehouse): drawn often, so Idempotency-Keys meet again. */
let hotOrders: SeedOrder[] = [];
let workerLabels: string[] = [];
let lineIds: string[] = [];
let skus: string[] = [];

/** Stand-in route modules for the harness's own checks (never part of the properties). */
const syntheticModules = new Map<string, RouteModule>();

/** What the probes learnt about each route: the write methods it answers (not 405) and who its policy admits. */
const profile = new Map<string, { answers: WriteMethod[]; admits: Who[] }>();

let totalCases = 0;
const casesByRoute = new Map<string, number>();
const statusCounts = new Map<number, number>();
let writesOn2xx = 0;
const statusByRoute = new Map<string, Map<number, number>>();
const timing = { handler: 0 };

/** console.error calls during a case (respondToError logs every unexpected error there). */
const consoleErrors: unknown[][] = [];

beforeAll(async () => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  // The picking room is not running: a verified save warns that it could not tell the room (best effort).
  vi.spyOn(console, "warn").mockImplementation(() => {});

  db = await createSeededTestDatabase();
  standins = await startStandins({ port: 0, db, dataDir: mkdtempSync(join(tmpdir(), "api-fuzz-standins-")) });
  ctx = createTestContext(db, {
    env: {
      RESEND_BASE_URL: `${standins.url}/resend`,
      MAIL_CATCHER_URL: `${standins.url}/resend`,
      GOOGLE_JWKS_URL: `${standins.url}/google/jwks`,
      GOOGLE_ISSUERS: `${standins.url}/google`,
    },
  });
  files = ctx.app.files as MemoryR2;

  for (const [who, name] of Object.entries(STAFF)) cookies.set(who as Who, await staffCookie(ctx.app, `${name}@${ctx.app.env.COMPANY_DOMAIN}`));
  cookies.set("passcode", await passcodeCookie(ctx.app));
  cookies.set("staff+passcode", `${cookies.get("driver")}; ${cookies.get("passcode")}`);

  // The warehouse employee picks only orders assigned to her: give her some, so her bodies reach the handlers.
  const all = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, version: orders.version, warehouseLocation: orders.warehouseLocation })
    .from(orders)
    .orderBy(asc(orders.id));
  for (const o of all.filter((_, i) => i % 6 === 0)) {
    await db.update(orders).set({ warehouseAssignment: sql`json_insert(${orders.warehouseAssignment}, '$[#]', 'Wendy Warehouse')` }).where(eq(orders.id, o.id));
  }
  const lines = await db.select({ orderId: orderLines.orderId, lineItemId: orderLines.lineItemId, sku: orderLines.sku, quantity: orderLines.quantity }).from(orderLines);
  seedOrders = all.map((o) => ({ ...o, lines: lines.filter((l) => l.orderId === o.id).map(({ lineItemId, sku, quantity }) => ({ lineItemId, sku, quantity })) }));
  hotOrders = seedOrders.filter((o, i) => i % 6 === 0 && o.warehouseLocation === "NY-MAIN" && o.lines.length).slice(0, 4);
  lineIds = [...new Set(lines.map((l) => l.lineItemId))];
  skus = [...new Set(lines.map((l) => l.sku))];
  workerLabels = (await db.select({ name: warehouseWorkers.name }).from(warehouseWorkers)).map((w) => w.name).concat("ALL");

  // Probes (before any measurement): which write methods each route answers, and whom its policy admits.
  for (const route of API_ROUTES) {
    const mod = (await routeModules[route.file]!()) as RouteModule;
    const params = Object.fromEntries(route.params.map((p) => [p, p === "*" ? "probe" : "0"]));
    const path = "/" + route.template.replace(/:(\w+)\??/g, "0").replace(/\*$/, "probe");
    const answers: WriteMethod[] = [];
    for (const method of WRITE_METHODS) {
      const res = (await mod.action!({ request: new Request(`http://127.0.0.1${path}`, { method, headers: { cookie: cookies.get("admin")! } }), context: ctx, params })) as Response;
      if (res.status !== 405) answers.push(method);
    }
    const admits: Who[] = [];
    for (const who of WHO) {
      const cookie = cookieFor(who, "");
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const res = (await mod.action!({ request: new Request(`http://127.0.0.1${path}`, { method: "PATCH", headers }), context: ctx, params })) as Response;
      if (res.headers.get(POLICY_DENIAL_HEADER) !== "policy") admits.push(who);
    }
    profile.set(route.id, { answers, admits });
  }

  detector = await WriteDetector.open(db);
  tables = await tableNames(detector.reader);
  consoleErrors.length = 0;
}, 120_000);

afterAll(async () => {
  detector?.close();
  await standins?.close();
  vi.restoreAllMocks();
});

function cookieFor(who: Who, forged: string): string | undefined {
  if (who === "anonymous") return undefined;
  if (who === "forged") return forged;
  return cookies.get(who);
}

// ---------------------------------------------------------------- arbitraries: values

const junkString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "null", "undefined", "true", "[]", "{}", "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "%00", "\u0000", "🍚", "\uFEFF", "\uD800", "a".repeat(300)),
);

/** Numbers and number-like strings: the inputs a quantity or a version must reject or parse strictly. */
const numberish = fc.oneof(
  fc.integer({ min: -5, max: 60 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, -1, 0.5, 1e3, 1e21, 1e308, -0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 63),
  fc.constantFrom("0x7", "1e3", " 7 ", "7", "07", "3.5", "-1", "+1", "", " ", "NaN", "Infinity", "-Infinity", "1_000", "1,5", "٣", "9".repeat(400), "0.0000001", "1.", ".5"),
  fc.integer().map(String),
);

/** Printable ASCII (header values, cookie values, keys). */
const printable = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));

/** Text a valid body may carry: ASCII, any grapheme, lone surrogates, control and bidi characters (a PDF must cope). */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom("🍚 rice", "Привет", "日本語の注文", "\u0000", "a\tb\nc", "\uD800", "\u202Eevil", "ﬃ", "e\u0301"),
);

const anyJson = fc.jsonValue({ maxDepth: 3 });
const junkValue = fc.oneof(anyJson, junkString, numberish, fc.constant(null), fc.boolean());

/** Field names the routes read, for objects that mix them with junk (and for routes added later). */
const KNOWN_FIELDS = [
  "pickedItems", "lineItemId", "sku", "quantity", "quantityPicked", "status", "note", "notes", "actor", "name", "code", "idToken", "target",
  "paymentStatus", "orderType", "warehouseAssignment", "truckingCompany", "version", "assignedBy", "userName", "userFirstName", "userEmail",
  "force", "image", "orderStatus", "id", "orderNumber", "__proto__", "constructor", "prototype",
];
const fieldName = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...KNOWN_FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });

/** An object with known and junk keys: JSON.parse keeps a "__proto__" key as an own property, so it is built from text. */
const junkObject = fc.dictionary(fieldName, junkValue, { maxKeys: 6 });

/**
 * A route's body: valid ones (so writes happen and later 4xx are checked against a moving database), the
 * real shape with any field possibly absent or junk, extra junk keys, one field replaced, or junk alone.
 */
function withJunk(shaped: fc.Arbitrary<Record<string, unknown>>, valid?: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  const base = valid ? fc.oneof(valid, shaped) : shaped;
  return fc.oneof(
    ...(valid ? [{ weight: 5, arbitrary: valid as fc.Arbitrary<unknown> }] : []),
    { weight: 5, arbitrary: shaped },
    { weight: 2, arbitrary: fc.tuple(base, junkObject).map(([a, b]) => ({ ...b, ...a })) },
    { weight: 3, arbitrary: fc.tuple(base, fc.constantFrom(...KNOWN_FIELDS), junkValue).map(([a, k, v]) => ({ ...a, [k]: v })) },
    { weight: 1, arbitrary: junkObject },
    { weight: 1, arbitrary: base.map((a) => [a]) },
  );
}

// ---------------------------------------------------------------- arbitraries: the routes' own bodies

type RefOrder = SeedOrder | null;

function pickedItem(order: RefOrder) {
  const line = order?.lines.length ? fc.constantFrom(...order.lines) : fc.constant(null);
  const lineItemId = fc.oneof(
    { weight: 6, arbitrary: line.map((l) => l?.lineItemId ?? "L-1") },
    { weight: 1, arbitrary: fc.constantFrom(...lineIds) },
    { weight: 2, arbitrary: fc.oneof(junkString, numberish, fc.constant(null)) },
  );
  const sku = fc.oneof(
    { weight: 4, arbitrary: line.map((l) => l?.sku ?? "SKU") },
    { weight: 1, arbitrary: fc.constantFrom(...skus) },
    { weight: 2, arbitrary: fc.oneof(junkString, numberish, fc.constant(null)) },
  );
  const quantityPicked = fc.oneof(
    { weight: 4, arbitrary: line.chain((l) => fc.integer({ min: 0, max: Math.max(0, l?.quantity ?? 3) })) },
    { weight: 4, arbitrary: numberish },
    { weight: 1, arbitrary: junkValue },
  );
  return fc.record(
    {
      lineItemId,
      sku,
      quantity: fc.oneof(line.map((l) => l?.quantity ?? 1), numberish),
      quantityPicked,
      status: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...PICK_ITEM_STATUSES) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom("picked", "PICKED", "", "Done"), junkValue) }),
      name: fc.oneof(junkString, fc.constant(null)),
      note: fc.oneof(junkString, fc.constant(null), fc.constant("n".repeat(2001))),
    },
    { requiredKeys: [] },
  );
}

/** A pick that checks out: some of the order's own lines, whole quantities within the ordered ones. */
function validPick(order: RefOrder) {
  if (!order?.lines.length) return fc.constant({ pickedItems: [] as Record<string, unknown>[] });
  return fc.subarray(order.lines).chain((lines) =>
    fc
      .tuple(
        ...lines.map((l) =>
          fc.record(
            {
              lineItemId: fc.constant(l.lineItemId),
              sku: fc.constant(l.sku),
              quantity: fc.constant(l.quantity),
              quantityPicked: fc.oneof(fc.integer({ min: 0, max: l.quantity }), fc.integer({ min: 0, max: l.quantity }).map(String)),
              status: fc.constantFrom(...PICK_ITEM_STATUSES),
              note: anyText,
            },
            { requiredKeys: ["quantityPicked"] },
          ),
        ),
      )
      .map((items) => ({ pickedItems: items as Record<string, unknown>[] })),
  );
}

function verifyBody(order: RefOrder) {
  const valid = fc.tuple(validPick(order), fc.option(anyText, { nil: undefined })).map(([body, note]) => (note === undefined ? body : { ...body, note }));
  // One item field of a valid pick replaced by a number-like or junk value.
  const nearlyValid = fc.tuple(validPick(order), fc.nat(), fc.constantFrom("lineItemId", "sku", "quantity", "quantityPicked", "status", "note", "name"), fc.oneof(numberish, junkValue)).map(([body, i, field, value]) => {
    const items = body.pickedItems.map((item) => ({ ...item }));
    if (items.length) items[i % items.length]![field] = value;
    return { pickedItems: items };
  });
  return withJunk(
    fc.record(
      {
        pickedItems: fc.oneof(
          { weight: 6, arbitrary: fc.array(pickedItem(order), { maxLength: 6 }) },
          { weight: 1, arbitrary: fc.oneof(junkValue, fc.array(junkValue, { maxLength: 4 })) },
          { weight: 1, arbitrary: fc.constant(null) },
        ),
        actor: fc.oneof(junkString, fc.constant(null), numberish),
        note: fc.oneof(junkString, fc.constant(null), fc.constant("n".repeat(2001))),
      },
      { requiredKeys: [] },
    ),
    fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: nearlyValid }),
  );
}

function orderUpdateBody(order: RefOrder) {
  return withJunk(
    fc.record(
      {
        paymentStatus: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...PAYMENT_OPTIONS, ...PAID_VARIANTS) },
          { weight: 1, arbitrary: fc.constantFrom("", " ", "Unpaid", "paid: check", "Paid:", "-", "Select...") },
          { weight: 1, arbitrary: junkValue },
        ),
        orderType: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ORDER_TYPES) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom("will call", "", "Pickup"), junkValue) }),
        warehouseAssignment: fc.oneof(
          { weight: 4, arbitrary: fc.uniqueArray(fc.constantFrom(...workerLabels), { minLength: 1, maxLength: 3 }) },
          { weight: 1, arbitrary: fc.array(fc.oneof(junkString, numberish, fc.constant(null)), { maxLength: 60 }) },
          { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...workerLabels), fc.constant([]), junkValue) },
        ),
        truckingCompany: fc.oneof(fc.constantFrom("FedEx Freight", "XPO", "Old Dominion", "", " ", "N/A", "none"), fc.constant(null), junkString, junkValue),
        notes: fc.oneof(junkString, fc.constant(null), fc.constant("n".repeat(5001)), junkValue),
        version: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(order?.version ?? 1, (order?.version ?? 1) + 1, 1, 2, 3) },
          { weight: 2, arbitrary: numberish },
        ),
        assignedBy: fc.oneof(junkString, fc.constant(null), junkValue),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        paymentStatus: fc.constantFrom(...PAYMENT_OPTIONS, ...PAID_VARIANTS),
        orderType: fc.constantFrom(...ORDER_TYPES),
        warehouseAssignment: fc.oneof(
          { weight: 3, arbitrary: fc.uniqueArray(fc.constantFrom(...workerLabels), { minLength: 1, maxLength: 3 }) },
          { weight: 1, arbitrary: fc.array(anyText.filter((t) => t.trim().length > 0 && t.length <= 200), { minLength: 1, maxLength: 3 }) },
        ),
        truckingCompany: fc.oneof(fc.constantFrom("FedEx Freight", "XPO", "Old Dominion"), anyText.filter((t) => t.trim().length > 0 && t.length <= 120)),
        notes: anyText,
        // The seed's version goes stale after the first save of the order: a 409, which must write nothing.
        version: fc.constantFrom(order?.version ?? 1, (order?.version ?? 1) + 1, (order?.version ?? 1) + 2),
      },
      { requiredKeys: ["paymentStatus", "orderType", "warehouseAssignment", "truckingCompany"] },
    ),
  );
}

const PASSCODES = [DOCUMENTED_PASSCODE, "PICK-1357", "TEMP-9090", "DOCK-4821", "FLSEA-7310"];
const passcodeBody = withJunk(
  fc.record({ code: fc.oneof(fc.constantFrom(...PASSCODES), fc.stringMatching(/^[A-Z]{4,5}-\d{4}$/), fc.string({ minLength: 1, maxLength: 64 })) }),
  fc.record({
    code: fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(...PASSCODES, ...PASSCODES.map((c) => ` ${c.toLowerCase()} `)) },
      { weight: 4, arbitrary: fc.oneof(junkString, fc.stringMatching(/^[A-Z]{4}-\d{4}$/), fc.constant("x".repeat(65))) },
      { weight: 1, arbitrary: junkValue },
    ),
  }, { requiredKeys: [] }),
);

const base64url = (text: string) => Buffer.from(text).toString("base64url");
const idTokenBody = withJunk(
  fc.record({
    idToken: fc.oneof(
      fc.string({ minLength: 20, maxLength: 200 }),
      fc.tuple(anyJson, anyJson, fc.string()).map(([h, p, s]) => `${base64url(JSON.stringify(h))}.${base64url(JSON.stringify(p))}.${base64url(s)}`),
      fc.tuple(fc.constantFrom("RS256", "HS256", "none"), fc.constantFrom("goldengrain.test", "evil.test"), fc.boolean()).map(
        ([alg, hd, verified]) =>
          `${base64url(JSON.stringify({ alg, kid: "local", typ: "JWT" }))}.${base64url(JSON.stringify({ iss: "x", aud: "local-client-id", email: `admin@${hd}`, email_verified: verified, hd, exp: 4102444800 }))}.`,
      ),
      fc.constant("a".repeat(8193)),
      junkValue,
    ),
  }, { requiredKeys: [] }),
);

const targetBody = withJunk(
  fc.record({ target: fc.oneof(fc.constantFrom("all", "tasks", "alerts"), fc.constantFrom("ALL", "Tasks", "", "none"), junkValue) }, { requiredKeys: [] }),
  fc.record({ target: fc.constantFrom("all", "tasks", "alerts") }, { requiredKeys: [] }),
);
const noteBody = withJunk(
  fc.record({ note: fc.oneof(junkString, fc.constant(null), fc.constant("n".repeat(2001)), junkValue) }, { requiredKeys: [] }),
  fc.record({ note: fc.oneof(anyText, fc.constant(null)) }, { requiredKeys: [] }),
);
const pickListBody = withJunk(
  fc.record(
    {
      userName: fc.oneof(junkString, fc.constant(null), junkValue),
      userFirstName: fc.oneof(junkString, fc.constant(null)),
      userEmail: fc.oneof(fc.constant("logistics@goldengrain.test"), junkString, fc.constant("e".repeat(321))),
      force: fc.oneof(fc.boolean(), fc.constantFrom("true", "false", "TRUE", "1", "yes", 1, 0, null), junkValue),
    },
    { requiredKeys: [] },
  ),
  fc.record({ userName: anyText, userEmail: fc.constant("logistics@goldengrain.test"), force: fc.boolean() }, { requiredKeys: [] }),
);

/** The JSON a route is sent: its real shape mixed with junk, or any JSON value at all. */
function shapedBody(route: ApiRoute, order: RefOrder): fc.Arbitrary<unknown> {
  const t = route.template;
  if (t.endsWith("/verify")) return verifyBody(order);
  if (t === "api/order-trackers/:id") return orderUpdateBody(order);
  if (t === PASSCODE_LOGIN) return passcodeBody;
  if (t === "api/session/login") return idTokenBody;
  if (t === "api/tasks/clear-completed") return targetBody;
  if (t.endsWith("/need-help") || t.endsWith("/issue-photo")) return noteBody;
  if (t.endsWith("/release-order")) return pickListBody;
  if (t === "api/users/seen") return withJunk(fc.record({ email: junkString, name: junkString, picture: junkString }, { requiredKeys: [] }));
  return junkObject;
}

// ---------------------------------------------------------------- arbitraries: bodies, headers, params

const JSON_TYPES = ["application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/problem+json", "application/json;charset=latin1"];
const OTHER_TYPES = ["text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=x", "text/json", "application/jsonx", "application/xml", "", ";", "application/json, text/plain", "*/*"];
const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...JSON_TYPES) },
  { weight: 3, arbitrary: fc.constantFrom(...OTHER_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 30 }) },
);

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));
const MAGIC = [PNG.slice(0, 8), Uint8Array.of(0xff, 0xd8, 0xff, 0xe0), Uint8Array.of(0x47, 0x49, 0x46, 0x38, 0x39, 0x61), Uint8Array.of(0x25, 0x50, 0x44, 0x46, 0x2d), Uint8Array.of(0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50), new TextEncoder().encode("<svg xmlns=\"http://www.w3.org/2000/svg\">")];
const fileBytes = fc.oneof(
  { weight: 3, arbitrary: fc.uint8Array({ maxLength: 256 }) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 64 })).map(([m, rest]) => Uint8Array.from([...m, ...rest])) },
  { weight: 1, arbitrary: fc.constant(PNG) },
  { weight: 1, arbitrary: fc.constant(new Uint8Array(0)) },
);
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ kind: fc.constant("field" as const), name: fc.oneof(fc.constantFrom("note", "image", "orderId", "code"), fc.string({ maxLength: 8 })), value: fc.oneof(junkString, fc.constant("n".repeat(2001))) }),
  fc.record({
    kind: fc.constant("file" as const),
    name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom("image", "note", "photo") }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }),
    bytes: fileBytes,
    type: fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "text/html", "application/pdf", "application/octet-stream", "", "image/png; x=1"),
    filename: fc.oneof(fc.constantFrom("photo.png", "../../etc/passwd", "a\"b.png", "x.html", ".", "", "🍚.jpg"), fc.string({ maxLength: 20 })),
  }),
);
const multipart: fc.Arbitrary<BodySpec> = fc.record({
  kind: fc.constant("multipart" as const),
  parts: fc.array(part, { maxLength: 4 }),
  contentType: fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=wrong", "application/json", "multipart/mixed", "text/plain") },
  ),
});

/** Multipart written by hand (boundary 'x'): odd part headers, missing names, no closing boundary, stray bytes. */
const rawPart = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('form-data; name="image"; filename="a.png"', 'form-data; name="note"', "form-data", 'form-data; name="image"', "attachment; filename=x", 'form-data; name="image"; filename*=UTF-8\'\'%F0%9F%8D%9A.png', 'form-data; name=""'),
      fc.string({ unit: printable, maxLength: 40 }),
    ),
    fc.option(fc.constantFrom("image/png", "text/plain", "application/octet-stream", "multipart/mixed; boundary=y", "garbage"), { nil: undefined }),
    fc.oneof(fileBytes, anyText.map((t) => new TextEncoder().encode(t))),
  )
  .map(([disposition, type, bytes]) => {
    const head = new TextEncoder().encode(`--x\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n`);
    return Uint8Array.from([...head, ...bytes, 13, 10]);
  });
const rawMultipart: fc.Arbitrary<BodySpec> = fc
  .tuple(fc.array(rawPart, { maxLength: 3 }), fc.constantFrom("--x--\r\n", "--x--", "", "--x\r\n", "--y--\r\n"), fc.constantFrom("multipart/form-data; boundary=x", 'multipart/form-data; boundary="x"', "multipart/form-data; boundary=x; charset=utf-8", "multipart/form-data;boundary=x"))
  .map(([parts, end, type]) => ({ kind: "bytes" as const, contentType: type, bytes: Uint8Array.from([...parts.flatMap((p) => [...p]), ...new TextEncoder().encode(end)]) }));

function bodySpec(route: ApiRoute, order: RefOrder): fc.Arbitrary<BodySpec> {
  const formRoute = route.template.endsWith("/issue-photo") || route.template.endsWith("/need-help");
  const shaped = shapedBody(route, order);
  return fc.oneof(
    { weight: formRoute ? 4 : 12, arbitrary: fc.record({ kind: fc.constant("text" as const), contentType: fc.oneof({ weight: 3, arbitrary: fc.constant("application/json") }, { weight: 2, arbitrary: contentType }), text: shaped.map((v) => JSON.stringify(v) ?? "null") }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant("text" as const), contentType, text: anyJson.map((v) => JSON.stringify(v)) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("text" as const),
        contentType,
        text: fc.oneof(
          fc.tuple(shaped, fc.nat()).map(([v, n]) => {
            const s = JSON.stringify(v) ?? "";
            return s.slice(0, s.length ? n % s.length : 0);
          }),
          fc.string({ maxLength: 60 }),
          // Deep nesting: a recursive parser, schema or fingerprint would overflow the stack.
          fc.tuple(fc.integer({ min: 1000, max: 60_000 }), fc.constantFrom("", '{"pickedItems":', '{"note":', '{"a":')).map(([n, head]) => `${head}${"[".repeat(n)}${"]".repeat(n)}${head ? "}" : ""}`),
          fc.integer({ min: 1000, max: 30_000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
          fc.constantFrom("{", "[", '{"a":}', "nul", "NaN", "Infinity", "{'code':1}", "\uFEFF{}", "{}garbage", "1e999", "-", '"unterminated', "{\"note\":\"\\ud800\"}", " ", "\n\t", "[]", "{\"__proto__\":{\"admin\":true}}", "{\"pickedItems\":[],\"pickedItems\":null}"),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("bytes" as const), contentType, bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("none" as const), contentType: fc.option(fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES), { nil: undefined }) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("urlencoded" as const),
        pairs: fc.array(fc.tuple(fieldName, junkString), { maxLength: 4 }),
        contentType: fc.constantFrom("application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=utf-8", "application/json"),
      }),
    },
    { weight: formRoute ? 8 : 2, arbitrary: multipart },
    { weight: formRoute ? 3 : 1, arbitrary: rawMultipart },
  );
}

/** Over the 1 MB JSON limit (and the photo form's 10 MB + 64 KB one). */
const huge: fc.Arbitrary<BodySpec> = fc.record({
  kind: fc.constant("huge" as const),
  bytes: fc.constantFrom(1024 * 1024 + 1, 11 * 1024 * 1024),
  contentType: fc.constantFrom("application/json", "multipart/form-data; boundary=x", "text/plain"),
});

/** `value` in `weight` cases out of `weight + absent`, otherwise undefined (the header is not sent). */
function sometimes<T>(value: fc.Arbitrary<T>, weight: number, absent: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: absent, arbitrary: fc.constant(undefined) }, { weight, arbitrary: value });
}

/** Keys as clients send them, valid (printable ASCII, ≤200) and not; a few repeat so replays and reuse (422) happen. */
const headerChar = fc.oneof(printable, fc.constantFrom(" ", "\t", "\x7f", "é", "\xa0", "ÿ"));
const idempotencyKey = sometimes(
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("retry-1", "retry-2", "k", "3f1c2a9e-0b7d-4c1e-9a55-2f7c1d9e8b10") },
    { weight: 3, arbitrary: fc.string({ unit: printable, minLength: 1, maxLength: 200 }) },
    { weight: 2, arbitrary: fc.string({ unit: headerChar, maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom("", "   ", "a b", "x".repeat(201), "ключ".replace(/./g, "\xe9")) },
  ),
  2,
  3,
);

const headersArb = fc.record({
  idempotencyKey,
  // Mostly absent (an API client) or same-origin, so most bodies get past the cross-site gate to the handler.
  origin: sometimes(fc.constantFrom("http://127.0.0.1", "http://127.0.0.1", "http://evil.example", "null", "https://127.0.0.1", "http://127.0.0.1:80", ""), 1, 4),
  secFetchSite: sometimes(fc.constantFrom("same-origin", "same-origin", "cross-site", "same-site", "none", "junk"), 1, 4),
  address: sometimes(fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom("unknown", "garbage", "1.2.3.4:5", "[::1]:80", "", "::ffff:10.0.0.1")), 1, 1),
  accept: sometimes(fc.constantFrom("application/json", "text/html", "*/*"), 1, 2),
  query: fc.oneof(
    { weight: 6, arbitrary: fc.constant("") },
    { weight: 2, arbitrary: fc.constantFrom("?force=true", "?force=1", "?force=0", "?force=maybe", "?force=true&force=false", "?include=lines", "?%ZZ=1") },
    { weight: 1, arbitrary: fc.string({ unit: printable, maxLength: 20 }).map((s) => `?${encodeURI(s)}`) },
  ),
});

/** A forged session cookie: random tokens under either cookie name (well-formed percent-encoding; see MALFORMED_COOKIES). */
const cookieChar = fc.oneof(
  { weight: 20, arbitrary: printable.filter((c) => c !== "%" && c !== ";") },
  { weight: 1, arbitrary: fc.constantFrom("%20", "%41", "%C3%A9", "%25") },
);
const forgedCookie = fc
  .tuple(fc.constantFrom("__session", "__picklist", "__session=x; __picklist"), fc.oneof(fc.string({ unit: cookieChar, maxLength: 70 }), fc.constantFrom("", "a".repeat(64))))
  .map(([name, value]) => `${name}=${value}`);

/** Cookie values whose percent-encoding does not decode ('%', '%E0%A4%A', '%ZZ'), before any real cookie or none. */
const malformedCookie = fc
  .tuple(
    fc.constantFrom("__session", "__picklist"),
    fc.tuple(fc.string({ unit: printable.filter((c) => c !== ";"), maxLength: 20 }), fc.constantFrom("%", "%E0%A4%A", "%ZZ", "%u0041", "%%"), fc.string({ unit: printable.filter((c) => c !== ";"), maxLength: 20 })).map((p) => p.join("")),
    fc.constantFrom("", "; other=1"),
  )
  .filter(([, value]) => {
    try {
      decodeURIComponent(value);
      return false;
    } catch {
      return true;
    }
  })
  .map(([name, value, rest]) => `${name}=${value}${rest}`);

/** A path param: an order that exists (by id or number, in any scope), one that does not, or odd text. */
function paramArb(name: string): fc.Arbitrary<{ text: string; order: RefOrder }> {
  if (name === "*") {
    return fc.array(fc.oneof(fc.constantFrom("admin", "rbac", "orders", "..", ".", "%2F", "x"), fc.string({ maxLength: 10 })), { maxLength: 4 }).map((s) => ({ text: s.join("/"), order: null }));
  }
  const existing = fc.oneof(fc.constantFrom(...seedOrders), fc.constantFrom(...hotOrders)).chain((o) =>
    fc
      .oneof(
        { weight: 4, arbitrary: fc.constantFrom(String(o.id), o.orderNumber) },
        // ' SO-1 ' and '01' find the order; 'so-1' and '1.0' do not.
        { weight: 1, arbitrary: fc.constantFrom(` ${o.orderNumber} `, o.orderNumber.toLowerCase(), `0${o.id}`, `${o.id}.0`) },
      )
      .map((text) => ({ text, order: o })),
  );
  const odd = fc.oneof(
    fc.constantFrom("0", "-1", "99999999", "SO-999999", "9007199254740993", "1".repeat(16), "1e3", "0x7", " 7 ", "+7", "", " ", "unknown", "null", "NaN", "%", "%ZZ", "..", "a/b", "x".repeat(65), "🍚", "\u0000", "SO-100001;DROP TABLE orders"),
    fc.string({ maxLength: 20 }),
    fc.string({ unit: "binary", maxLength: 20 }),
  );
  return fc.oneof({ weight: 7, arbitrary: existing }, { weight: 3, arbitrary: odd.map((text) => ({ text, order: null })) });
}

type Case = {
  method: SentMethod;
  who: Who;
  forged: string;
  params: Record<string, string>;
  /** The params go into the path unencoded ('%ZZ' stays malformed, '/' adds a segment). */
  rawPath: boolean;
  body: BodySpec;
  headers: typeof headersArb extends fc.Arbitrary<infer H> ? H : never;
  /** Sent a second time with this Idempotency-Key on both: the same body (a retry) or another one (reuse: 422). */
  retry?: { key: string; body: BodySpec | "same" };
};

/** One case in this many sends a body over the limit (a megabyte or more each, so not more often). */
const HUGE_EVERY = 250;

function caseArb(route: ApiRoute): fc.Arbitrary<Case> {
  const { answers, admits } = profile.get(route.id)!;
  const weighted = <T,>(all: readonly T[], preferred: readonly T[], heavy: number) =>
    fc.oneof(...all.map((v) => ({ weight: preferred.includes(v) ? heavy : 1, arbitrary: fc.constant(v) })));
  // The order a body refers to is the first param's, so bodies name that order's real lines and version.
  const paramsArb = fc.tuple(...route.params.map((p) => paramArb(p))).map((values) => ({
    params: Object.fromEntries(route.params.map((p, i) => [p, values[i]!.text])),
    order: values[0]?.order ?? null,
  }));
  return paramsArb.chain(({ params, order }) =>
    fc.record({
      method: fc.oneof({ weight: 30, arbitrary: weighted(WRITE_METHODS, answers, 10) }, { weight: 1, arbitrary: fc.constant("patch" as const) }),
      who: weighted(WHO, admits.length < WHO.length ? admits : [], 6),
      forged: forgedCookie,
      params: fc.constant(params),
      rawPath: fc.integer({ min: 0, max: 9 }).map((n) => n === 0 && route.params.length > 0),
      body: fc.integer({ min: 1, max: HUGE_EVERY }).chain((n) => (n === 1 ? huge : bodySpec(route, order))),
      headers: headersArb,
      retry: sometimes(fc.record({ key: fc.constantFrom("retry-1", "retry-2", "k"), body: fc.oneof(fc.constant("same" as const), bodySpec(route, order)) }), 1, 4),
    }),
  ).filter((c) => urlOf(route, c) !== null);
}

// ---------------------------------------------------------------- one case

/** The URL a client sends for the case; null when the URL parser turns it into a path outside /api ('..'). */
function urlOf(route: ApiRoute, c: Pick<Case, "params" | "rawPath" | "headers">): string | null {
  const encode = (name: string, value: string) => (c.rawPath ? value : name === "*" ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value));
  const path = "/" + route.template.replace(/:(\w+)\??/g, (_m, name: string) => encode(name, c.params[name] ?? "")).replace(/\*$/, () => encode("*", c.params["*"] ?? ""));
  try {
    const url = new URL(`http://127.0.0.1${path}${c.headers.query}`);
    // A router would never hand '/api/x/../../y' to this module: the parser resolved it to '/y'.
    return url.pathname === "/api" || url.pathname.startsWith("/api/") ? url.href : null;
  } catch {
    return null;
  }
}

function buildRequest(route: ApiRoute, c: Case): Request {
  const url = urlOf(route, c)!;
  const headers = new Headers();
  const cookie = cookieFor(c.who, c.forged);
  if (cookie) headers.set("cookie", cookie);
  const h = c.headers;
  if (h.idempotencyKey !== undefined) headers.set("idempotency-key", h.idempotencyKey);
  if (h.origin !== undefined) headers.set("origin", h.origin);
  if (h.secFetchSite !== undefined) headers.set("sec-fetch-site", h.secFetchSite);
  if (h.address !== undefined) headers.set(TEST_ADDRESS_HEADER, h.address);
  if (h.accept !== undefined) headers.set("accept", h.accept);
  const built = buildBody(c.body);
  if (built.contentType !== undefined) headers.set("content-type", built.contentType);
  return new Request(url, { method: c.method, headers, body: built.body });
}

function describeCase(route: ApiRoute, c: Case, req: Request): string {
  const headers = [...req.headers].filter(([k]) => k !== "cookie").map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ");
  return `${c.method} ${req.url} as ${c.who}${c.who === "forged" ? ` (${JSON.stringify(c.forged)})` : ""} [${route.id}] headers {${headers}} body ${JSON.stringify(c.body, (_k, v: unknown) => (v instanceof Uint8Array ? `<${v.byteLength} bytes>` : v))}`.slice(0, 4000);
}

type Last = { what: string; status: number; version: number; writeAllowed: boolean };
let last: Last | null = null;
/** The passcode route's table digests, valid while the data_version they were taken at holds. */
let snap: { version: number; tables: Snapshot } | null = null;

async function checkNoLateWrite(now: number) {
  if (last && now !== last.version && !last.writeAllowed) {
    throw new Error(`the database changed after a ${last.status} had been answered (a write that outlived its request): ${last.what}`);
  }
}

/** One generated case of a property (counted). */
function fuzzCase(route: ApiRoute, c: Case): Promise<void> {
  totalCases++;
  casesByRoute.set(route.id, (casesByRoute.get(route.id) ?? 0) + 1);
  return runCase(route, c);
}

async function runCase(route: ApiRoute, c: Case): Promise<void> {
  if (!c.retry) return send(route, c, "");
  const keyed: Case = { ...c, headers: { ...c.headers, idempotencyKey: c.retry.key } };
  await send(route, keyed, "");
  await send(route, c.retry.body === "same" ? keyed : { ...keyed, body: c.retry.body }, "the second request of ");
}

async function send(route: ApiRoute, c: Case, label: string): Promise<void> {
  const mod = syntheticModules.get(route.id) ?? ((await routeModules[route.file]!()) as RouteModule);
  const req = buildRequest(route, c);
  const what = label + describeCase(route, c, req);

  const before = await detector.version();
  await checkNoLateWrite(before);
  const passcodeRoute = route.template === PASSCODE_LOGIN;
  const conflictRoute = CONFLICT_NOTICE_ROUTES.includes(route.template);
  if ((passcodeRoute || conflictRoute) && snap?.version !== before) snap = { version: before, tables: await snapshot(detector.reader, tables) };
  const storedBefore = files.objects.size;
  if (consoleErrors.length) throw new Error(`console.error was called between cases, after: ${last?.what}\n${loggedErrors()}`);

  let res: unknown;
  const started = performance.now();
  try {
    res = await mod.action!({ request: req, context: ctx, params: c.params });
    timing.handler += performance.now() - started;
  } catch (thrown) {
    // apiRoute answers everything itself; an escaping throw would be Remix's 500.
    throw new Error(`the route threw instead of answering (${thrown instanceof Response ? `Response ${thrown.status}` : String((thrown as Error)?.stack ?? thrown)}): ${what}`);
  }
  if (!(res instanceof Response)) throw new Error(`the route answered a non-Response (${typeof res}): ${what}`);
  const text = await res.text();
  const status = res.status;
  if (!syntheticModules.has(route.id)) {
    statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
    const byRoute = statusByRoute.get(route.id) ?? new Map<number, number>();
    byRoute.set(status, (byRoute.get(status) ?? 0) + 1);
    statusByRoute.set(route.id, byRoute);
  }
  if (consoleErrors.length) throw new Error(`console.error was called (status ${status}): ${what}\n${loggedErrors()}`);

  // Property 1: never a 5xx (nor a redirect or informational status from an /api call).
  if (status >= 500) throw new Error(`${status} ${text.slice(0, 300)}: ${what}`);
  if (!(status >= 200 && status < 300) && !(status >= 400 && status < 500)) throw new Error(`unexpected status ${status}: ${what}`);

  const after = await detector.version();
  if (status < 300) {
    if (after !== before) writesOn2xx++;
    last = { what, status, version: after, writeAllowed: true };
    return;
  }

  // Property 2: a 4xx is JSON {success: false, error: non-empty string}.
  const type = res.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new Error(`${status} with content-type ${JSON.stringify(type)} (${text.slice(0, 200)}): ${what}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${status} whose body is not JSON (${text.slice(0, 200)}): ${what}`);
  }
  const answer = json as { success?: unknown; error?: unknown };
  if (!answer || typeof answer !== "object" || answer.success !== false || typeof answer.error !== "string" || !answer.error.trim()) {
    throw new Error(`${status} whose body is not {success:false, error} (${text.slice(0, 300)}): ${what}`);
  }
  if (status === 405 && !res.headers.get("allow")) throw new Error(`405 without Allow: ${what}`);
  if (status === 429 && !res.headers.get("retry-after")) throw new Error(`429 without Retry-After: ${what}`);

  // Property 3: no write on a 4xx (nor a stored file).
  if (files.objects.size !== storedBefore) throw new Error(`${status} stored ${files.objects.size - storedBefore} file(s) in R2: ${what}`);
  const conflictNotice = conflictRoute && status === 409 && answer.error.startsWith("The office cancelled ");
  if (after !== before) {
    if (conflictNotice) snap = { version: after, tables: await checkConflictNoticeWrites(snap!.tables, what) };
    else if (!(passcodeRoute && status === 401)) {
      throw new Error(`${status} (${answer.error}) wrote to the database: ${what}${passcodeRoute ? "" : await changesNote()}`);
    } else snap = { version: after, tables: await checkPasscodeFailureWrites(snap!.tables, what) };
  }
  last = { what, status, version: after, writeAllowed: (passcodeRoute && status === 401) || conflictNotice };
}

/** The console.error calls so far, as text (and cleared: one failure reports them once). */
function loggedErrors(): string {
  const text = consoleErrors.map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(" ")).join("\n");
  consoleErrors.length = 0;
  return text;
}

/** Which tables a 4xx changed, against the last snapshot taken (diagnostics only). */
async function changesNote(): Promise<string> {
  if (!snap) return "";
  const now = await snapshot(detector.reader, tables);
  return ` (tables changed since the last snapshot: ${changedTables(snap.tables, now).join(", ") || "none found"})`;
}

/** See PASSCODE_LOGIN: after a wrong passcode, only new auth_failures rows and at most one burst alert. Returns the new snapshot. */
async function checkPasscodeFailureWrites(before: Snapshot, what: string): Promise<Snapshot> {
  const after = await snapshot(detector.reader, tables);
  const changed = changedTables(before, after).filter((t) => t !== "auth_failures" && t !== "notifications");
  if (changed.length) throw new Error(`401 on the passcode login changed ${changed.join(", ")}: ${what}`);
  for (const table of tables.filter((t) => t.name === "auth_failures" || t.name === "notifications")) {
    const old = before.get(table.name)!;
    if (!sameDigest(await tableDigest(detector.reader, table, old.maxRowid), old)) throw new Error(`401 on the passcode login altered existing ${table.name} rows: ${what}`);
  }
  const failures = after.get("auth_failures")!.rows - before.get("auth_failures")!.rows;
  if (failures !== 1) throw new Error(`401 on the passcode login recorded ${failures} auth failures (1 expected): ${what}`);
  const alerts = await detector.reader.execute({ sql: "SELECT title FROM notifications WHERE rowid > ?", args: [before.get("notifications")!.maxRowid] });
  if (alerts.rows.length > 1 || alerts.rows.some((r) => r[0] !== PASSCODE_BURST_TITLE)) {
    throw new Error(`401 on the passcode login added notifications ${JSON.stringify(alerts.rows.map((r) => r[0]))}: ${what}`);
  }
  return after;
}

/** See CONFLICT_NOTICE_ROUTES: after a cancelled-meanwhile 409, one notice and its marker at most. Returns the new snapshot. */
async function checkConflictNoticeWrites(before: Snapshot, what: string): Promise<Snapshot> {
  const after = await snapshot(detector.reader, tables);
  const changed = changedTables(before, after).filter((t) => t !== "idempotency_keys" && t !== "notifications");
  if (changed.length) throw new Error(`409 (order cancelled) changed ${changed.join(", ")}: ${what}`);
  for (const table of tables.filter((t) => t.name === "idempotency_keys" || t.name === "notifications")) {
    const old = before.get(table.name)!;
    if (!sameDigest(await tableDigest(detector.reader, table, old.maxRowid), old)) throw new Error(`409 (order cancelled) altered existing ${table.name} rows: ${what}`);
  }
  const notices = await detector.reader.execute({ sql: "SELECT title FROM notifications WHERE rowid > ?", args: [before.get("notifications")!.maxRowid] });
  if (notices.rows.length > 1 || notices.rows.some((r) => r[0] !== CONFLICT_NOTICE_TITLE)) {
    throw new Error(`409 (order cancelled) added notifications ${JSON.stringify(notices.rows.map((r) => r[0]))}: ${what}`);
  }
  const markers = await detector.reader.execute({ sql: "SELECT scope FROM idempotency_keys WHERE rowid > ?", args: [before.get("idempotency_keys")!.maxRowid] });
  if (markers.rows.length > 1 || markers.rows.some((r) => !String(r[0]).startsWith("conflict-notice:"))) {
    throw new Error(`409 (order cancelled) added idempotency keys ${JSON.stringify(markers.rows.map((r) => r[0]))}: ${what}`);
  }
  return after;
}

// ---------------------------------------------------------------- the harness checks itself

describe("the write detector", () => {
  it("finds the /api routes of the manifest, the catch-all included", () => {
    expect(API_ROUTES.length).toBeGreaterThan(20);
    expect(hotOrders.length).toBeGreaterThan(0);
    expect(API_ROUTES.map((r) => r.template)).toEqual(expect.arrayContaining(["api/*", PASSCODE_LOGIN, "api/picklists/:orderNumber/verify", "api/order-trackers/:id"]));
  });

  it("total_changes() is per connection and the app's client pools connections, so it cannot see every write", async () => {
    const client = clientOf(db);
    // A transaction pins one pooled connection; a statement made meanwhile runs on another one and writes there.
    const pinned = await client.transaction("read");
    const totalChanges = async () => Number((await pinned.execute("SELECT total_changes()")).rows[0]![0]);
    const countedBefore = await totalChanges();
    const versionBefore = await detector.version();
    await client.execute({ sql: "UPDATE users SET last_seen_at = ? WHERE email = ?", args: [new Date().toISOString(), "admin@goldengrain.test"] });
    const countedAfter = await totalChanges();
    await pinned.rollback();
    expect(countedAfter).toBe(countedBefore);
    expect(await detector.version()).not.toBe(versionBefore);
  });

  it("data_version moves on every committed write (autocommit, batch, transaction, second connection) and never on reads or rollbacks", async () => {
    const client = clientOf(db);
    const stamp = () => ({ sql: "UPDATE users SET last_seen_at = ? WHERE email = ?", args: [`${Date.now()}-${Math.random()}`, "sales@goldengrain.test"] });
    const moved = async (run: () => Promise<unknown>) => {
      const v = await detector.version();
      await run();
      return (await detector.version()) !== v;
    };
    expect(await moved(() => client.execute(stamp()))).toBe(true);
    expect(await moved(() => client.batch([stamp()]))).toBe(true);
    expect(await moved(() => db.update(users).set({ lastSeenAt: `${Math.random()}` }).where(eq(users.email, "sales@goldengrain.test")))).toBe(true);
    expect(await moved(() => db.transaction(async (tx) => tx.update(passcodes).set({ lastUsedAt: `${Math.random()}` }).where(eq(passcodes.id, 1))))).toBe(true);
    expect(
      await moved(async () => {
        const tx = await client.transaction("read");
        await tx.execute("SELECT 1");
        await client.execute(stamp());
        await tx.rollback();
      }),
    ).toBe(true);
    expect(await moved(() => Promise.all([db.select().from(orders).limit(5), client.execute("SELECT count(*) FROM order_lines")]))).toBe(false);
    expect(await moved(() => client.batch([{ sql: "UPDATE users SET name = 'x' WHERE id = -1", args: [] }]))).toBe(false);
    expect(
      await moved(async () => {
        const tx = await client.transaction("write");
        await tx.execute(stamp());
        await tx.rollback();
      }),
    ).toBe(false);
    expect(await moved(() => db.transaction(async (tx) => {
      await tx.update(users).set({ name: "rolled back" }).where(eq(users.email, "sales@goldengrain.test"));
      tx.rollback();
    }).catch(() => undefined))).toBe(false);
  });

  it("finds TEXT that is not UTF-8 without reading it through the driver", async () => {
    const client = clientOf(db);
    await client.execute("CREATE TABLE fuzz_scratch (t TEXT)");
    await client.execute("INSERT INTO fuzz_scratch (t) VALUES ('ok'), (CAST(X'446F636BEDA080' AS TEXT)), ('🍚')");
    const scratch = { name: "fuzz_scratch", rowid: true, columns: ["t"] };
    expect(await invalidTextCells(detector.reader, [scratch])).toEqual([{ table: "fuzz_scratch", column: "t", rowid: 2, hex: "446F636BEDA080" }]);
    await client.execute("DROP TABLE fuzz_scratch");
    expect(await invalidTextCells(detector.reader, tables)).toEqual([]);
  });

  it("the passcode route's snapshot sees a changed value in any table", async () => {
    const before = await snapshot(detector.reader, tables);
    await db.update(orders).set({ notes: `fuzz ${Math.random()}` }).where(eq(orders.id, seedOrders[0]!.id));
    expect(changedTables(before, await snapshot(detector.reader, tables))).toContain("orders");
  });
});

describe("the oracle", () => {
  const FAKE: ApiRoute = { id: "synthetic", file: "synthetic", template: "api/synthetic/:orderNumber", params: ["orderNumber"] };
  const plain: Case = {
    method: "POST",
    who: "admin",
    forged: "",
    params: { orderNumber: "SO-100001" },
    rawPath: false,
    body: { kind: "text", contentType: "application/json", text: "{}" },
    headers: { idempotencyKey: undefined, origin: undefined, secFetchSite: undefined, address: undefined, accept: undefined, query: "" },
  };
  const touch = () => db.update(users).set({ lastSeenAt: `${Math.random()}` }).where(eq(users.email, "warehouse@goldengrain.test"));
  const refuse = (status = 400) => Response.json({ success: false, error: "Refused" }, { status });
  const answer = async (action: Handler) => {
    syntheticModules.set(FAKE.id, { action });
    last = { what: "(start)", status: 0, version: await detector.version(), writeAllowed: false };
    return runCase(FAKE, plain);
  };
  afterAll(() => syntheticModules.clear());

  it("passes a 4xx JSON answer that wrote nothing, and a 2xx that wrote", async () => {
    await answer(async () => refuse(404));
    await answer(async () => {
      await touch();
      return Response.json({ success: true });
    });
  });

  it("fails a 4xx that wrote, in a transaction too", async () => {
    await expect(answer(async () => (await touch(), refuse()))).rejects.toThrow(/wrote to the database/);
    await expect(answer(async () => (await db.transaction(async (tx) => void (await tx.update(users).set({ lastSeenAt: "t" }).where(eq(users.id, 1)))), refuse(409)))).rejects.toThrow(/wrote to the database/);
  });

  it("fails a write that lands after its 4xx was answered, at the next case", async () => {
    await answer(async () => {
      setTimeout(() => void touch().then(() => undefined), 5);
      return refuse(422);
    });
    await new Promise((r) => setTimeout(r, 50));
    syntheticModules.set(FAKE.id, { action: async () => refuse() });
    await expect(runCase(FAKE, plain)).rejects.toThrow(/changed after a 422/);
  });

  it("fails a 5xx, a non-JSON or malformed 4xx, a thrown error and a console.error", async () => {
    await expect(answer(async () => Response.json({ success: false, error: "x" }, { status: 500 }))).rejects.toThrow(/^500/);
    await expect(answer(async () => new Response("Bad", { status: 400 }))).rejects.toThrow(/content-type/);
    await expect(answer(async () => Response.json({ ok: false }, { status: 400 }))).rejects.toThrow(/not \{success:false, error\}/);
    await expect(answer(async () => Response.json({ success: false, error: " " }, { status: 403 }))).rejects.toThrow(/not \{success:false, error\}/);
    await expect(answer(async () => Response.json({ success: false, error: "x" }, { status: 405 }))).rejects.toThrow(/405 without Allow/);
    await expect(answer(async () => Response.redirect("http://127.0.0.1/login", 302))).rejects.toThrow(/unexpected status 302/);
    await expect(answer(async () => { throw new TypeError("boom"); })).rejects.toThrow(/threw instead of answering/);
    await expect(answer(async () => (console.error("unexpected"), refuse()))).rejects.toThrow(/console.error was called/);
  });

  it("fails a stored file on a 4xx", async () => {
    await expect(answer(async () => (await files.put(`synthetic/${Math.random()}`, "x"), refuse(415)))).rejects.toThrow(/stored 1 file/);
  });
});

// ---------------------------------------------------------------- the properties

describe("every /api write method answers every body with a 2xx, or a JSON 4xx that wrote nothing", () => {
  for (const route of API_ROUTES) {
    it(`${route.id} (${route.template})`, async () => {
      const { answers } = profile.get(route.id)!;
      const numRuns = answers.length ? WRITE_ROUTE_RUNS : READ_ROUTE_RUNS;
      last = { what: "(start)", status: 0, version: await detector.version(), writeAllowed: false };
      await fc.assert(
        fc.asyncProperty(caseArb(route), (c) => fuzzCase(route, c)),
        { numRuns, endOnFailure: true },
      );
      // A write that lands after its 4xx was answered, after the last run.
      await new Promise((r) => setTimeout(r, 20));
      await checkNoLateWrite(await detector.version());
    }, 120_000);
  }
});

// Found by this fuzzing (fixed in 374ed8b), and kept apart from the per-route properties so that, were it to come
// back, it would not stop every route's fuzzing at its first forged cookie: readCookie's decodeURIComponent threw a URIError on a
// cookie value like '%E0%A4%A', and any /api call carrying one was a 500 instead of the answer without a session.
describe("a session cookie whose percent-encoding does not decode", () => {
  it("is answered as if there were no session: never a 500", async () => {
    last = { what: "(start)", status: 0, version: await detector.version(), writeAllowed: false };
    const arb = fc
      .constantFrom(...API_ROUTES)
      .chain((route) => fc.tuple(fc.constant(route), caseArb(route), malformedCookie))
      .map(([route, c, cookie]) => ({ route, c: { ...c, who: "forged" as const, forged: cookie } }));
    await fc.assert(
      fc.asyncProperty(arb, ({ route, c }) => fuzzCase(route, c)),
      { numRuns: 300, endOnFailure: true },
    );
  }, 120_000);
});

// Found by this fuzzing (fixed in 374ed8b: a lone surrogate escape in a JSON body is a 400; kept apart for the same
// reason): a warehouse assignment label holding a lone UTF-16
// surrogate ("\ud800", valid JSON) was accepted by PUT /api/order-trackers/{id}; orders.warehouse_assignment keeps
// the JSON escape, but the orders_assignment_words_au trigger (db/migrations/0002_orders_search.sql) decodes it
// with json_each into bytes that are not UTF-8 (ED A0 80) and stores them as TEXT in the FTS table's content.
// libsql's Node binding panics reading such a value (value.rs: Utf8Error unwrap) and aborts the whole process:
// any SELECT of that text (the FTS content, highlight(), json_each over the labels) kills the dev server, a
// script or this test run. Every stored TEXT must be UTF-8.
describe("text an /api call stores", () => {
  it("is always UTF-8 (the order edit's labels, notes and trucking company, with any code points)", async () => {
    const route = API_ROUTES.find((r) => r.template === "api/order-trackers/:id")!;
    const label = fc.oneof(anyText, fc.constantFrom("Dock \ud800 crew", "\udc00", "\ud83d", "ok \ud83c\udf5a")).filter((t) => t.trim().length > 0 && t.length <= 200);
    const arb = fc.record({
      id: fc.constantFrom(...seedOrders.map((o) => o.id)),
      body: fc.record({
        paymentStatus: fc.constantFrom(...PAYMENT_OPTIONS, ...PAID_VARIANTS),
        orderType: fc.constantFrom(...ORDER_TYPES),
        warehouseAssignment: fc.array(label, { minLength: 1, maxLength: 3 }),
        truckingCompany: label.filter((t) => t.length <= 120),
        notes: anyText,
      }),
    });
    last = { what: "(start)", status: 0, version: await detector.version(), writeAllowed: false };
    await fc.assert(
      fc.asyncProperty(arb, async ({ id, body }) => {
        totalCases++;
        const c: Case = {
          method: "PUT",
          who: "admin",
          forged: "",
          params: { id: String(id) },
          rawPath: false,
          body: { kind: "text", contentType: "application/json", text: JSON.stringify(body) },
          headers: { idempotencyKey: undefined, origin: undefined, secFetchSite: undefined, address: undefined, accept: undefined, query: "" },
        };
        await runCase(route, c);
        if (last?.status !== 200) return;
        const invalid = await invalidTextCells(detector.reader, tables);
        if (invalid.length) throw new Error(`${JSON.stringify(body)} stored text that is not UTF-8: ${JSON.stringify(invalid)}`);
      }),
      { numRuns: 60, endOnFailure: true },
    );
  }, 120_000);
});

describe("the run", () => {
  it(`ran at least ${MIN_TOTAL_CASES} generated cases`, () => {
    const statuses = [...statusCounts.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ");
    const perRoute = [...statusByRoute.entries()].map(([id, m]) => `  ${id}: ${[...m.entries()].sort(([a], [b]) => a - b).map(([st, n]) => `${st}×${n}`).join(" ")}`).join("\n");
    console.info(`api-fuzz: ${totalCases} cases over ${casesByRoute.size} routes; statuses ${statuses}; 2xx that wrote: ${writesOn2xx}; in handlers ${Math.round(timing.handler)} ms\n${perRoute}`);
    expect(totalCases).toBeGreaterThanOrEqual(MIN_TOTAL_CASES);
  });
});
