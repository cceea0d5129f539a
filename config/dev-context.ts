// The load context under Remix's Vite dev server: wrangler's local proxy gives the R2 binding, the
// embedded libSQL file is opened with the Node client (see docs/decisions/002-database-clients.md).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { parseEnv } from "../app/lib/env.server";
import type { Database } from "../app/lib/db.server";
import { openDatabase } from "../db/node";
import { localEnv } from "./local-env";
import { CONNECTING_ADDRESS_HEADER } from "./connecting-address";

let cached: { url: string; db: Database } | undefined;

function database(url: string) {
  if (cached?.url !== url) cached = { url, db: openDatabase(url) };
  return cached.db;
}

type DevEnv = { FILES: R2Bucket };

export function getDevLoadContext({ context }: { request: Request; context: { cloudflare: Omit<PlatformProxy<DevEnv>, "dispose"> } }): AppLoadContext {
  const env = parseEnv(localEnv());
  return {
    cloudflare: context.cloudflare,
    app: {
      env,
      db: database(env.DATABASE_URL),
      files: context.cloudflare.env.FILES,
      now: () => new Date(),
      waitUntil: (p) => context.cloudflare.ctx.waitUntil(p),
      // Set from the socket by the connecting-address plugin in vite.config.ts, which drops any client copy.
      clientAddress: (r) => r.headers.get(CONNECTING_ADDRESS_HEADER),
    },
  } as AppLoadContext;
}
