// Starts `npm run preview` (the production build in workerd, the database behind the local libSQL HTTP
// server) on its own ports for a benchmark, and staff session cookies for it.
import { spawn, type ChildProcess } from "node:child_process";
import { openDatabase } from "../db/node";
import { createTestContext, staffCookie } from "../tests/support/context";

export type Server = { name: string; url: string; dbFile: string; stop(): Promise<void> };

export async function waitFor(url: string, ms = 240_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

export function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      // The whole process group (npx → tsx → wrangler, partykit, stand-ins): killing npx alone left them running.
      try {
        if (child.pid) process.kill(-child.pid, "SIGTERM");
      } catch {
        child.kill("SIGTERM");
      }
      setTimeout(resolve, 3_000);
    });
}

/** `tag` keeps each bench's files and ports apart. Set BENCH_BUILD=1 to build first (else the last build). */
export async function startPreview(tag: string, ports: { app: number; libsql: number; standins: number; party: number }, seedOrders = 2_000): Promise<Server> {
  const dbFile = `.data/bench-${tag}-preview.db`;
  const child = spawn("npx", ["tsx", "scripts/preview.mjs", "--fresh", ...(process.env.BENCH_BUILD ? [] : ["--no-build"])], {
    env: {
      ...process.env,
      PREVIEW_PORT: String(ports.app),
      LIBSQL_PORT: String(ports.libsql),
      STANDINS_PORT: String(ports.standins),
      PARTYKIT_PORT: String(ports.party),
      PREVIEW_DB_FILE: dbFile,
      PREVIEW_STATE_DIR: `.wrangler/bench-${tag}`,
      STANDINS_DATA_DIR: `.data/bench-${tag}-standins`,
      SEED_ORDERS: String(seedOrders),
    },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${ports.app}`;
  await waitFor(`${url}/login`);
  return { name: "preview (production build)", url, dbFile, stop: stopper(child) };
}

/** A session cookie for a seeded member, written straight into the preview's database file. */
export async function previewCookie(server: Server, email: string): Promise<string> {
  const ctx = createTestContext(openDatabase(`file:${server.dbFile}`));
  return staffCookie(ctx.app, email);
}
