// Tests that must run inside workerd (the production runtime): PDF rendering, signed links and the R2
// binding, upload sniffing, the cron plan. Not via wrangler.toml's main: that imports the app build.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { localEnv } from "./config/local-env";

// Same runtime settings as production: read from wrangler.toml so the two cannot drift.
const wranglerToml = readFileSync(new URL("./wrangler.toml", import.meta.url), "utf8");
const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(wranglerToml)?.[1];
const compatibilityFlags = [...(/^compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(wranglerToml)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
if (!compatibilityDate) throw new Error("wrangler.toml has no compatibility_date");

// tsconfig.json leaves tests/workers out (they use workerd's types), so its paths are repeated here.
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)), "#db": fileURLToPath(new URL("./db", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  plugins: [
    tsconfigPaths(),
    cloudflareTest({
      miniflare: {
        compatibilityDate,
        compatibilityFlags,
        r2Buckets: ["FILES"],
        // A local D1 (SQLite inside workerd) for the cron test: the scheduled jobs run against a real database.
        d1Databases: ["CRON_DB"],
        // No test may reach the network: every outbound fetch (e.g. a database client) gets a 503.
        outboundService: () => new Response("No network in workerd tests", { status: 503 }),
        // The local defaults (fixed dev secrets, loopback stand-ins); nothing here reaches the network.
        bindings: {
          ...localEnv({}),
          ENVIRONMENT: "test",
          APP_URL: "http://127.0.0.1:5173",
          REQUIRE_WORKER_BUILD: process.env.REQUIRE_WORKER_BUILD ?? "",
        },
      },
    }),
  ],
  test: {
    include: ["tests/workers/**/*.test.ts"],
    deps: {
      // Remix's CommonJS server runtime must be pre-bundled to load inside workerd.
      optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } },
    },
  },
});
