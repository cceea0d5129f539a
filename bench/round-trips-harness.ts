// Counts database round trips per request the way production pays for them: the app's queries go through
// @libsql/client/web to the local libSQL HTTP server (stand-ins/libsql-http.ts), and every HTTP request the
// client makes is counted. "Sequential" round trips are waves: a request issued while none is in flight
// starts a new wave; requests issued together (Promise.all, one batch) share one. Used by the bench table
// and by tests/integration/round-trips.test.ts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client/web";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { LOCAL_DEFAULTS, localEnv } from "../config/local-env";
import { migrateDatabase, openDatabase } from "../db/node";
import { seedDatabase } from "../db/seed";
import type { AppContext } from "../app/lib/context.server";
import { coalescingReads, databaseFromClient } from "../app/lib/db.server";
import { parseEnv } from "../app/lib/env.server";
import { startLibsqlStandin, type LibsqlStandin } from "../stand-ins/libsql-http";
import { createMemoryR2 } from "../tests/support/memory-r2";

export type TripCount = { sequential: number; total: number };

export class TripCounter {
  private inFlight = 0;
  sequential = 0;
  total = 0;
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (this.inFlight === 0) this.sequential += 1;
    this.inFlight += 1;
    this.total += 1;
    try {
      const response = await fetch(input, init);
      // The body is read by the client right after; count the trip as over once it is buffered.
      const body = await response.arrayBuffer();
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } finally {
      this.inFlight -= 1;
    }
  };
  reset() {
    this.sequential = 0;
    this.total = 0;
  }
  async measure(run: () => Promise<unknown>): Promise<TripCount> {
    this.reset();
    await run();
    return { sequential: this.sequential, total: this.total };
  }
}

export type TripHarness = {
  ctx: AppLoadContext & { app: AppContext };
  counter: TripCounter;
  standin: LibsqlStandin;
  close(): Promise<void>;
};

/** A seeded database file behind the HTTP stand-in, and an app context whose db counts its trips. */
export async function openTripHarness(opts: { orders?: number; now?: Date } = {}): Promise<TripHarness> {
  const file = join(mkdtempSync(join(tmpdir(), "riceops-trips-")), "trips.db");
  const local = openDatabase(`file:${file}`);
  await migrateDatabase(local);
  await seedDatabase(local, { orders: opts.orders ?? 400, now: opts.now ?? new Date(), pepper: LOCAL_DEFAULTS.PASSCODE_PEPPER });
  const standin = await startLibsqlStandin({ file });
  const counter = new TripCounter();
  const client = createClient({ url: standin.url, fetch: counter.fetch });
  const fixed = opts.now;
  const app: AppContext = {
    env: parseEnv({ ...localEnv({ ENVIRONMENT: "test" }), DATABASE_URL: standin.url }),
    // As the Worker opens it (openRemoteDatabase): reads issued together share a round trip.
    db: databaseFromClient(coalescingReads(client)),
    files: createMemoryR2(),
    now: () => (fixed ? new Date(fixed) : new Date()),
    waitUntil: () => {},
    clientAddress: () => "127.0.0.1",
  };
  return { ctx: { app } as AppLoadContext & { app: AppContext }, counter, standin, close: () => standin.close() };
}
