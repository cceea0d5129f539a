// Starts `npm run preview` (the production build in workerd, the database behind the local libSQL HTTP
// server) on its own ports for a benchmark, and staff session cookies for it. The build it serves is made
// first when it is missing or older than its sources (ensureBuild), once per process.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { openDatabase } from "../db/node";
import { createTestContext, staffCookie } from "../tests/support/context";

export type Server = { name: string; url: string; dbFile: string; stop(): Promise<void> };

/** `gone` names why the server can no longer come up (its process ended), so a failed start fails at once. */
export async function waitFor(url: string, ms = 240_000, gone: () => string | null = () => null) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const why = gone();
    if (why) throw new Error(`${url} will not come up: ${why}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/** Process groups of previews still running: a bench that ends any way at all (a crash included) stops them. */
const running = new Set<number>();
process.on("exit", () => {
  for (const pid of running) {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
});

export function stopper(child: ChildProcess) {
  if (child.pid) running.add(child.pid);
  return () =>
    new Promise<void>((resolve) => {
      if (child.pid) running.delete(child.pid);
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

/** What `npm run build` reads, and what it writes last (the service worker is built after the Remix build). */
const BUILD_SOURCES = ["app", "workers", "db", "config", "public", "package.json", "package-lock.json", "vite.config.ts", "remix.config.ts", "scripts/build-sw.mjs"];
const BUILD_OUTPUTS = ["build/server/index.js", "build/client/sw.js"];

function newestUnder(path: string): { path: string; mtime: number } {
  if (!existsSync(path)) return { path, mtime: 0 };
  const stat = statSync(path);
  if (!stat.isDirectory()) return { path, mtime: stat.mtimeMs };
  let newest = { path, mtime: 0 };
  for (const entry of readdirSync(path)) {
    const found = newestUnder(join(path, entry));
    if (found.mtime > newest.mtime) newest = found;
  }
  return newest;
}

/** Why the last build cannot be served as it is, or null when it is newer than every source. */
export function staleBuild(): string | null {
  const missing = BUILD_OUTPUTS.find((f) => !existsSync(f));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...BUILD_OUTPUTS.map((f) => statSync(f).mtimeMs));
  const newest = BUILD_SOURCES.map(newestUnder).reduce((a, b) => (b.mtime > a.mtime ? b : a));
  return newest.mtime > built ? `${newest.path} is newer than the build` : null;
}

let built: { seconds: number; reason: string | null } | Error | undefined;

/**
 * Runs `npm run build` once per process when the build is missing or stale (BENCH_BUILD=1: always;
 * BENCH_NO_BUILD=1: never, serve whatever build/ holds). Throws with the build's last lines when it fails, and
 * again at every later call without building again.
 */
export function ensureBuild(): { seconds: number; reason: string | null } {
  if (built instanceof Error) throw built;
  if (built) return built;
  const reason = process.env.BENCH_NO_BUILD ? null : process.env.BENCH_BUILD ? "BENCH_BUILD=1" : staleBuild();
  if (!reason) return (built = { seconds: 0, reason: null });
  console.log(`building (${reason}): npm run build`);
  const started = performance.now();
  const r = spawnSync("npm", ["run", "build"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    const tail = `${r.stdout ?? ""}${r.stderr ?? ""}`.trim().split("\n").slice(-15).join("\n");
    throw (built = new Error(`npm run build exited ${r.status ?? r.signal}:\n${tail}`));
  }
  return (built = { seconds: (performance.now() - started) / 1000, reason });
}

/**
 * BENCH_BEFORE=<dir>: another checkout of the app (a `git worktree` of an older commit, built there with `npm run build`),
 * whose preview the phone and Lighthouse sections measure beside this one's, in the same run: the before → after figures.
 */
export function beforeCheckout(): { dir: string; name: string } | null {
  const dir = process.env.BENCH_BEFORE?.trim();
  if (!dir) return null;
  const missing = BUILD_OUTPUTS.find((f) => !existsSync(join(dir, f)));
  if (missing) throw new Error(`BENCH_BEFORE=${dir}: ${missing} is missing there (run npm run build in it first)`);
  const head = spawnSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
  return { dir: resolve(dir), name: `before (${head || dir})` };
}

/**
 * `tag` keeps each bench's files and ports apart. Serves the build ensureBuild() made or found fresh, or, with `from`,
 * the build another checkout already holds (beforeCheckout).
 */
export async function startPreview(
  tag: string,
  ports: { app: number; libsql: number; standins: number; party: number },
  seedOrders = 2_000,
  from?: { dir: string; name: string } | null,
): Promise<Server> {
  if (!from) ensureBuild();
  const cwd = from?.dir ?? process.cwd();
  const dbFile = join(cwd, `.data/bench-${tag}-preview.db`);
  const child = spawn("npx", ["tsx", "scripts/preview.mjs", "--fresh", "--no-build"], {
    cwd,
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
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  // The last lines it printed, to say why when it does not come up.
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString().split("\n").filter((l) => l.trim()));
    tail.splice(0, Math.max(0, tail.length - 12));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited: string | null = null;
  child.once("exit", (code, signal) => (exited = `preview exited ${code ?? signal}`));
  const url = `http://127.0.0.1:${ports.app}`;
  const stop = stopper(child);
  try {
    await waitFor(`${url}/login`, 240_000, () => exited);
  } catch (e) {
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n${tail.map((l) => `    ${l}`).join("\n")}`);
  }
  return { name: from?.name ?? "preview (production build)", url, dbFile, stop };
}

/** A session cookie for a seeded member, written straight into the preview's database file. */
export async function previewCookie(server: Server, email: string): Promise<string> {
  const ctx = createTestContext(openDatabase(`file:${server.dbFile}`));
  return staffCookie(ctx.app, email);
}
