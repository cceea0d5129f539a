// The load context every loader and action receives: parsed env, database, R2 bucket and a clock.
import type { AppEnv } from "./env.server";
import type { Database } from "./db.server";

export type AppContext = {
  env: AppEnv;
  db: Database;
  files: R2Bucket;
  /** Injected so tests and the cron entry run the same code with a fixed clock. */
  now: () => Date;
  waitUntil: (promise: Promise<unknown>) => void;
  /**
   * The platform's connecting address of a request (Cloudflare's CF-Connecting-IP, the dev server's socket),
   * never a header the client chose. Rate limits key on it (normalizeAddress). Absent: one shared bucket.
   */
  clientAddress?: (request: Request) => string | null;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    app: AppContext;
  }
}
