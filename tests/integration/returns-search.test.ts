// The Return Forms and Customer Applications substring searches answered by the trigram index
// (db/migrations/0008_returns_search.sql) give exactly the rows the plain LIKE / instr gave: a table of search
// texts with wildcards, quotes, backslashes, 1-2 characters, Unicode case (LIKE folds ASCII only) and FTS5
// syntax, on every indexed field, whole lists and every page, with and without a status filter, through both
// ways of paging (driven by the index, or walking the sort order). The triggers keep the index in step with
// inserts, edits and deletes, resetDatabase leaves the "_" tables consistent, and the seeded fixtures search.
import { asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerApplications, returnRequests } from "../../db/schema";
import { resetDatabase, seedDatabase } from "../../db/seed";
import { LOCAL_DEFAULTS } from "../../config/local-env";
import { applicationListQuerySchema } from "~/domain/applications/schemas";
import { likePattern, lowerAscii, trigramPhrase, walkSortOrder } from "~/domain/returns/rules";
import { returnListQuerySchema } from "~/domain/returns/schemas";
import type { Database } from "~/lib/db.server";
import { listApplications } from "~/services/applications.server";
import { listReturnRequests } from "~/services/returns.server";
import { createTestContext } from "../support/context";
import { createSeededTestDatabase, createTestDatabase, SEED_NOW } from "../support/db";

const KELVIN = "\u212A"; // folds to 'k' in FTS5's Unicode case folding, never in SQLite's LIKE

/** Names where a wrong escape, a wrong case folding or FTS syntax would show. */
const SPECIAL_NAMES = [
  "100% Rice_Co",
  "O'Brien's Rice",
  'Say "Hi" Rice House',
  "ÉCOLE Café",
  "école du riz",
  "Straße Rice",
  `${KELVIN}ELVIN Foods`,
  "日本米店",
  "🍚 Rice Bowl",
  "a-b*c AND d",
  "NOT (x): company_name:rice",
  "back\\slash rice",
  "Under_Score Rice",
  "Rice ^ Sushi",
  "Ab",
  "rIcE",
];

/** Search texts: wildcards, quotes, 1-2 characters, Unicode, FTS5 syntax, and plain ones common and rare. */
const SEARCHES = [
  "a", "R", "ri", "Ab", "%", "_", "%_", "100%", "_co", "e_c", "o'b", "O'Brien", "'s r", '"hi"', '"', '""', 'say "',
  "*", "ric*", "AND", "c AND d", "rice AND sushi", "-", "a-b", "NOT", "NOT (x)", "^", "^ s", "(x)", ":", "company_name:rice",
  "\\", "\\s", "back\\sl", "é", "éc", "ÉCOLE", "école", "cole", "Café", "CAFÉ", "caf", "straße", "STRASSE", "k", "kelvin",
  "ELVIN", `${KELVIN}EL`, "日本", "日本米", "米店", "🍚", "🍚 r", "rice", "RICE", "rIcE", "ice", "lucky", "mart 1", "555", "555-01",
  "(212)", "ext", "EXT A", "@example", "BUYER", "so-1", "ret-", "jersey", "NJ", "0730", "1001", "köln", "KÖLN", "zzz-none", "ab\u0000c",
  "RET-%", "ret-%1", "%1", "x_", "250601", "SO-10", "q'", '"q', "(718)", "555-00", "nrw", "NRW", "sÃo", "ÃO P", "ão p",
];

const RETURN_FIELDS = [
  { searchBy: "companyName", column: "company_name" },
  { searchBy: "returnID", column: "return_id" },
  { searchBy: "orderNum", column: "order_num" },
  { searchBy: "email", column: "email" },
  { searchBy: "phone", column: "phone" },
] as const;

const APPLICATION_FIELDS = [
  { searchBy: "companyName", column: sql`company_name` },
  { searchBy: "ownerName", column: sql`owner_name` },
  { searchBy: "email", column: sql`email` },
  { searchBy: "phoneNumber", column: sql`phone_number` },
  { searchBy: "ownerNumber", column: sql`owner_number` },
  { searchBy: "city", column: sql`json_extract(addresses, '$[0].city')` },
  { searchBy: "state", column: sql`json_extract(addresses, '$[0].state')` },
  { searchBy: "postalCode", column: sql`json_extract(addresses, '$[0].postalCode')` },
] as const;

const RETURN_STATUSES = ["pending", "under_review", "approved", "declined", "review"];
const APP_STATUSES = ["Pending", "Approved", "Declined", "Completed"] as const;
const CITIES = [["Jersey City", "NJ", "07306"], ["New York", "NY", "10014"], ["Köln", "NRW", "50667"], ["SÃO PAULO", "SÃO PAULO ST", "01000-000"], ["Edison", "nj", "08817"]] as const;

function names(): string[] {
  // The special names, then many common ones (so 'rice' and 'lucky' match most rows and the list walks the
  // sort order) and a few rare ones (so a rare text is driven from the index).
  return [...SPECIAL_NAMES, ...Array.from({ length: 40 }, (_, i) => `Lucky Rice Mart ${i}`), ...Array.from({ length: 8 }, (_, i) => `Harbor Fish ${i}`)];
}

async function fill(db: Database) {
  const base = Date.parse("2025-06-01T12:00:00.000Z");
  await db.insert(returnRequests).values(
    names().map((companyName, i) => ({
      returnID: i % 7 === 0 ? `RET-%${i}_X` : `RET-250601-${String(i).padStart(5, "0")}`,
      companyName,
      orderNum: i % 5 === 0 ? `SO-${1000 + i}` : `so-${i}"q'`,
      status: RETURN_STATUSES[i % RETURN_STATUSES.length]!,
      email: i % 3 === 0 ? `Buyer${i}@Example.COM` : `buyer${i}@école.example`,
      phone: i % 4 === 0 ? `EXT abc ${i}` : `(212) 555-${String(i).padStart(4, "0")}`,
      location: ["NY-MAIN", "NJ-WH"][i % 2]!,
      // Two requests share each time, so the id breaks ties in the sort.
      submittedAt: new Date(base - Math.floor(i / 2) * 3_600_000).toISOString(),
      itemCount: i % 3,
    }))
  );
  await db.insert(customerApplications).values(
    names().map((companyName, i) => {
      const [city, state, postalCode] = CITIES[i % CITIES.length]!;
      const status = APP_STATUSES[i % APP_STATUSES.length]!;
      return {
        companyName,
        ownerName: SPECIAL_NAMES[(i * 3) % SPECIAL_NAMES.length]!,
        email: i % 2 ? `Owner${i}@Example.com` : `owner${i}@köln.example`,
        phoneNumber: `(718) 555-${String(i).padStart(4, "0")}`,
        ownerNumber: i % 3 ? `EXT ${i}` : `+1 (201) 555-01${i % 10}`,
        status,
        decisionDate: status === "Pending" ? null : new Date(base - Math.floor(i / 3) * 86_400_000).toISOString(),
        // One postal code stored as a JSON number, as an older import might have.
        addresses: [{ street: `${i} Canal St`, city, state, postalCode: (i === 9 ? 10014 : postalCode) as unknown as string }],
      };
    })
  );
}

/** What the plain LIKE (or instr for the phone) answers, in the list's default order. */
async function likeReturns(db: Database, column: string, text: string, status?: string): Promise<number[]> {
  const test = column === "phone" ? sql`instr(phone, ${text}) > 0` : sql`${sql.identifier(column)} LIKE ${likePattern(text)} ESCAPE '\\'`;
  const byStatus = status ? (status === "under_review" ? sql` AND status IN ('under_review', 'review')` : sql` AND status = ${status}`) : sql``;
  const rows = await db.all<{ id: number }>(sql`SELECT id FROM return_requests WHERE ${test}${byStatus} ORDER BY submitted_at DESC, id DESC`);
  return rows.map((r) => r.id);
}

async function likeApplications(db: Database, column: SQL, text: string, status?: string): Promise<number[]> {
  const byStatus = status === "pending" ? sql` AND status IN ('Pending', 'Completed')` : status ? sql` AND lower(status) = ${status}` : sql``;
  const rows = await db.all<{ id: number }>(
    sql`SELECT id FROM customer_applications WHERE ${column} LIKE ${likePattern(text)} ESCAPE '\\'${byStatus} ORDER BY decision_date DESC, id DESC`
  );
  return rows.map((r) => r.id);
}

let db: Database;
let ctx: ReturnType<typeof createTestContext>["app"];

const returnsPage = async (q: Record<string, string>) => {
  const list = await listReturnRequests(ctx, returnListQuerySchema.parse(q));
  return { ids: list.rows.map((r) => r._id), total: list.total };
};
const applicationsPage = async (q: Record<string, string>) => {
  const list = await listApplications(ctx, applicationListQuerySchema.parse(q));
  return { ids: list.rows.map((r) => r._id), total: list.total };
};

beforeAll(async () => {
  db = await createTestDatabase();
  await fill(db);
  ctx = createTestContext(db, { now: SEED_NOW }).app;
}, 60_000);

describe("the search helpers", () => {
  it.each([
    ["ab", true, null],
    ["🍚r", true, null], // two code points, three UTF-16 units
    ["abc", true, '"abc"'],
    ["AbC", true, '"abc"'],
    ["AbC", false, '"AbC"'],
    ['say "hi"', true, '"say ""hi"""'],
    ["ÉCOLE", true, '"École"'], // ASCII letters only, as SQLite's lower() and LIKE
    ["a AND b*", true, '"a and b*"'],
    ["ab\u0000c", true, null],
  ])("trigramPhrase(%j, fold %s) is %j", (text, fold, phrase) => {
    expect(trigramPhrase(text, fold)).toBe(phrase);
  });

  it("lowerAscii folds A-Z only", () => {
    expect(lowerAscii(`ÀBÇ ${KELVIN} İX`)).toBe(`ÀbÇ ${KELVIN} İx`);
  });

  it.each([
    [{ matches: 4000, total: 4000, rows: 50_000, need: 100 }, true], // common: about 1,250 rows walked
    [{ matches: 400, total: 400, rows: 50_000, need: 100 }, false], // rare: 400 lookups
    [{ matches: 4000, total: 4000, rows: 50_000, need: 4000 }, false], // deep page of a common text
    [{ matches: 4000, total: 50, rows: 50_000, need: 100 }, false], // the filter leaves fewer than a page: every row would be walked
    [{ matches: 0, total: 0, rows: 50_000, need: 100 }, false],
  ])("walkSortOrder(%j) is %s", (counts, walk) => {
    expect(walkSortOrder(counts)).toBe(walk);
  });
});

describe("returns: the index answers exactly what LIKE answered", () => {
  it("the index holds every request", async () => {
    const [row] = await db.all<{ n: number; base: number }>(sql`SELECT (SELECT count(*) FROM _returns_search) n, (SELECT count(*) FROM return_requests) base`);
    expect(row!.base).toBe(names().length);
    expect(row!.n).toBe(row!.base);
  });

  for (const { searchBy, column } of RETURN_FIELDS) {
    it(`${searchBy}: every search text, whole list and with a status filter`, async () => {
      let matched = 0;
      for (const text of SEARCHES) {
        const expected = await likeReturns(db, column, text);
        // A second reference in JavaScript, so a mistake in the SQL reference cannot hide one in the service.
        const rows = await db.select().from(returnRequests);
        const value = (r: (typeof rows)[number]) => ({ company_name: r.companyName, return_id: r.returnID, order_num: r.orderNum, email: r.email, phone: r.phone })[column];
        const js = rows.filter((r) => (column === "phone" ? value(r).includes(text) : lowerAscii(value(r)).includes(lowerAscii(text)))).map((r) => r.id);
        if (!text.includes("\u0000")) expect([...expected].sort((a, b) => a - b), `reference for ${JSON.stringify(text)}`).toEqual(js.sort((a, b) => a - b));

        const got = await returnsPage({ searchBy, search: text, limit: "500" });
        expect({ text, ids: got.ids, total: got.total }).toEqual({ text, ids: expected, total: expected.length });
        for (const status of ["approved", "under_review"]) {
          const filtered = await likeReturns(db, column, text, status);
          const gotFiltered = await returnsPage({ searchBy, search: text, status, limit: "500" });
          expect({ text, status, ids: gotFiltered.ids, total: gotFiltered.total }).toEqual({ text, status, ids: filtered, total: filtered.length });
        }
        if (expected.length && trigramPhrase(text, false)) matched++;
      }
      // Not vacuous: texts the index answers find rows in this field.
      expect(matched).toBeGreaterThanOrEqual(2);
    });
  }

  it.each(["rice", "RICE", "lucky", "mart 1", "日本米", "o'b", "555-0", "zzz-none"])("every page of %j, both ways of paging, matches the LIKE's pages", async (text) => {
    const searchBy = /\d-/.test(text) ? "phone" : "companyName";
    const column = searchBy === "phone" ? "phone" : "company_name";
    for (const status of [undefined, "pending", "declined"]) {
      const expected = await likeReturns(db, column, text, status);
      const pages = Math.max(1, Math.ceil(expected.length / 3)) + 1;
      for (let page = 1; page <= pages; page++) {
        const got = await returnsPage({ searchBy, search: text, limit: "3", page: String(page), ...(status ? { status } : {}) });
        expect({ page, status, ids: got.ids, total: got.total }).toEqual({ page, status, ids: expected.slice((page - 1) * 3, page * 3), total: expected.length });
      }
    }
  });

  it("sorted by another column, a common and a rare text page as the LIKE does", async () => {
    for (const text of ["rice", "日本米"]) {
      const rows = await db
        .select({ id: returnRequests.id })
        .from(returnRequests)
        .where(sql`${returnRequests.companyName} LIKE ${likePattern(text)} ESCAPE '\\'`)
        .orderBy(asc(sql`${returnRequests.location} COLLATE NOCASE`), asc(returnRequests.submittedAt), asc(returnRequests.id));
      const expected = rows.map((r) => r.id);
      const got = await returnsPage({ searchBy: "companyName", search: text, sort: "location", dir: "asc", limit: "4", page: "2" });
      expect(got).toEqual({ ids: expected.slice(4, 8), total: expected.length });
    }
  });
});

describe("applications: the index answers exactly what LIKE answered", () => {
  it("the index holds every application", async () => {
    const [row] = await db.all<{ n: number; base: number }>(sql`SELECT (SELECT count(*) FROM _applications_search) n, (SELECT count(*) FROM customer_applications) base`);
    expect(row!.n).toBe(row!.base);
  });

  for (const { searchBy, column } of APPLICATION_FIELDS) {
    it(`${searchBy}: every search text, whole list and with a status filter`, async () => {
      let matched = 0;
      for (const text of SEARCHES) {
        const expected = await likeApplications(db, column, text);
        const got = await applicationsPage({ searchBy, search: text, limit: "500" });
        expect({ text, ids: got.ids, total: got.total }).toEqual({ text, ids: expected, total: expected.length });
        for (const status of ["pending", "approved"]) {
          const filtered = await likeApplications(db, column, text, status);
          const gotFiltered = await applicationsPage({ searchBy, search: text, status, limit: "500" });
          expect({ text, status, ids: gotFiltered.ids, total: gotFiltered.total }).toEqual({ text, status, ids: filtered, total: filtered.length });
        }
        if (expected.length && trigramPhrase(text, false)) matched++;
      }
      expect(matched).toBeGreaterThanOrEqual(2);
    });
  }

  it.each(["rice", "lucky", "jersey", "日本米"])("every page of %j matches the LIKE's pages", async (text) => {
    const searchBy = text === "jersey" ? "city" : "companyName";
    const column = text === "jersey" ? sql`json_extract(addresses, '$[0].city')` : sql`company_name`;
    for (const status of [undefined, "approved"]) {
      const expected = await likeApplications(db, column, text, status);
      const pages = Math.max(1, Math.ceil(expected.length / 4)) + 1;
      for (let page = 1; page <= pages; page++) {
        const got = await applicationsPage({ searchBy, search: text, limit: "4", page: String(page), ...(status ? { status } : {}) });
        expect({ page, status, ids: got.ids, total: got.total }).toEqual({ page, status, ids: expected.slice((page - 1) * 4, page * 4), total: expected.length });
      }
    }
  });
});

describe("the triggers keep the index in step", () => {
  it("an edited request is found by its new name and not its old one; a deleted one is gone", async () => {
    const [row] = await db.insert(returnRequests).values({ returnID: "RET-TRIGGER-1", companyName: "Quokka Grains", submittedAt: "2025-06-02T00:00:00.000Z" }).returning();
    expect((await returnsPage({ search: "quokka" })).ids).toEqual([row!.id]);
    await db.update(returnRequests).set({ companyName: "Wombat Grains", phone: "999-1234" }).where(eq(returnRequests.id, row!.id));
    expect((await returnsPage({ search: "quokka" })).total).toBe(0);
    expect((await returnsPage({ search: "WOMBAT" })).ids).toEqual([row!.id]);
    expect((await returnsPage({ searchBy: "phone", search: "99-12" })).ids).toEqual([row!.id]);
    // An edit of a field the index does not hold leaves it as it was.
    await db.update(returnRequests).set({ remarks: "checked" }).where(eq(returnRequests.id, row!.id));
    expect((await returnsPage({ search: "wombat" })).ids).toEqual([row!.id]);
    await db.delete(returnRequests).where(eq(returnRequests.id, row!.id));
    expect((await returnsPage({ search: "wombat" })).total).toBe(0);
    const [left] = await db.all<{ n: number }>(sql`SELECT count(*) n FROM _returns_search WHERE rowid = ${row!.id}`);
    expect(left!.n).toBe(0);
  });

  it("an application's new first address is searched; a deleted application is gone", async () => {
    const [row] = await db
      .insert(customerApplications)
      .values({ companyName: "Platypus Kitchen", addresses: [{ street: "1 A St", city: "Hoboken", state: "NJ", postalCode: "07030" }] })
      .returning();
    expect((await applicationsPage({ searchBy: "city", search: "hobok" })).ids).toEqual([row!.id]);
    await db
      .update(customerApplications)
      .set({ addresses: [{ street: "2 B St", city: "Paterson", state: "NJ", postalCode: "07501" }, { street: "1 A St", city: "Hoboken", state: "NJ" }] })
      .where(eq(customerApplications.id, row!.id));
    expect((await applicationsPage({ searchBy: "city", search: "hobok" })).total).toBe(0);
    expect((await applicationsPage({ searchBy: "city", search: "PATERSON" })).ids).toEqual([row!.id]);
    expect((await applicationsPage({ searchBy: "postalCode", search: "0750" })).ids).toEqual([row!.id]);
    await db.delete(customerApplications).where(eq(customerApplications.id, row!.id));
    expect((await applicationsPage({ searchBy: "companyName", search: "platypus" })).total).toBe(0);
  });
});

describe("the seeded fixtures and resetDatabase", () => {
  it("the seed's requests and applications are indexed and found; a reset empties the index and a reseed fills it", async () => {
    const seeded = await createSeededTestDatabase();
    const seededCtx = createTestContext(seeded, { now: SEED_NOW }).app;
    const counts = async () =>
      (
        await seeded.all<{ r: number; rs: number; a: number; as: number }>(
          sql`SELECT (SELECT count(*) FROM return_requests) r, (SELECT count(*) FROM _returns_search) rs, (SELECT count(*) FROM customer_applications) a, (SELECT count(*) FROM _applications_search) "as"`
        )
      )[0]!;
    const before = await counts();
    expect(before.r).toBeGreaterThan(0);
    expect(before.a).toBeGreaterThan(0);
    expect(before.rs).toBe(before.r);
    expect(before.as).toBe(before.a);

    const [first] = await seeded.select().from(returnRequests).orderBy(desc(returnRequests.id)).limit(1);
    const text = first!.companyName.slice(1, 6).toUpperCase();
    const expected = (await seeded.all<{ id: number }>(sql`SELECT id FROM return_requests WHERE company_name LIKE ${likePattern(text)} ESCAPE '\\' ORDER BY submitted_at DESC, id DESC`)).map((r) => r.id);
    const list = await listReturnRequests(seededCtx, returnListQuerySchema.parse({ search: text }));
    expect(list.rows.map((r) => r._id)).toEqual(expected);
    expect(expected).toContain(first!.id);

    await resetDatabase(seeded);
    expect(await counts()).toEqual({ r: 0, rs: 0, a: 0, as: 0 });
    await seedDatabase(seeded, { orders: 20, now: SEED_NOW, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
    const after = await counts();
    expect(after.rs).toBe(after.r);
    expect(after.as).toBe(after.a);
    expect(after.r).toBe(before.r);
  }, 60_000);
});
