// QuickBooks search through the app's own door (GET /api/qb/customers as a sales rep) against the local
// sandbox: handler times, and how many HTTP round trips to QuickBooks each search takes (one when the token
// is fresh; one more, the token call, when it must be refreshed first). Run alone with `npx tsx bench/quickbooks.ts`.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { qboConnections } from "../db/schema";
import { seedDatabase } from "../db/seed";
import { migrateDatabase, openDatabase } from "../db/node";
import { LOCAL_DEFAULTS } from "../config/local-env";
import { loader as searchLoader } from "../app/routes/api.qb.customers";
import { exchangeQboCode, qboAuthorizeUrl } from "../app/lib/quickbooks.server";
import { startStandins } from "../stand-ins/server";
import { createTestContext, request, staffCookie } from "../tests/support/context";
import { measure, printFigures } from "./measure";

const N = 300;

export async function benchQuickBooks(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "riceops-bench-qbo-"));
  const db = openDatabase(`file:${join(dir, "bench.db")}`);
  await migrateDatabase(db);
  await seedDatabase(db, { orders: 50, pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
  const standins = await startStandins({ port: 0, db, dataDir: join(dir, "standins") });
  try {
    const ctx = createTestContext(db, {
      env: { QBO_API_BASE_URL: `${standins.url}/qbo`, QBO_AUTHORIZATION_URL: `${standins.url}/qbo/connect`, QBO_TOKEN_URL: `${standins.url}/qbo/oauth2/token` },
    });
    // Connect the way the consent page does: Authorize, then the code exchange of the callback.
    const consent = new URL(qboAuthorizeUrl(ctx.app, "bench"));
    const form = new URLSearchParams(consent.searchParams);
    form.set("decision", "authorize");
    const back = new URL((await fetch(`${standins.url}/qbo/connect`, { method: "POST", body: form, redirect: "manual" })).headers.get("location")!);
    await exchangeQboCode(ctx.app, { code: back.searchParams.get("code")!, realmId: back.searchParams.get("realmId")!, connectedBy: "bench" });

    // Count the calls that leave for QuickBooks.
    const realFetch = globalThis.fetch;
    let trips = 0;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).startsWith(standins.url)) trips++;
      return realFetch(input, init);
    }) as typeof fetch;

    const cookie = await staffCookie(ctx.app, "sales@goldengrain.test");
    const search = async (name: string) => {
      const res = (await searchLoader({ request: request(`/api/qb/customers?name=${encodeURIComponent(name)}&limit=5`, { cookie }), context: ctx, params: {} })) as Response;
      if (res.status !== 200) throw new Error(`search answered ${res.status}: ${await res.text()}`);
      return res;
    };
    const tripsOf = async (run: () => Promise<unknown>) => {
      trips = 0;
      await run();
      return trips;
    };

    const names = ["golden", "sushi", "market", "tony's", "fresh", "dragon", "noodle"];
    const figures = [
      await measure("GET /api/qb/customers?name&limit=5 (token fresh)", N, (i) => search(names[i % names.length]!)),
      await measure("GET /api/qb/customers?name=50%&limit=5 (filtered)", N, () => search("50% off")),
    ];
    const fresh = await tripsOf(() => search("golden dragon"));
    await db.update(qboConnections).set({ accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(qboConnections.id, 1));
    const refreshing = await tripsOf(() => search("golden dragon"));
    globalThis.fetch = realFetch;

    printFigures(figures);
    console.log(`round trips to QuickBooks per search: ${fresh} with a fresh token, ${refreshing} when the token must be refreshed first (token + search)`);
  } finally {
    await standins.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchQuickBooks();
  process.exit(0);
}
