// Stopping the local servers leaves nothing behind, and nothing they start listens beyond loopback
// (decision 027). Starts `npm run dev` and `npm run preview` on their own ports, marks everything they start
// (an environment variable every descendant inherits, workerd included), checks every listening socket of
// the marked processes, stops them the way people and tools do, and looks for any marked process left.
// It reads /proc (Linux, where CI and the team run); without it the first check fails rather than skipping.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { expect, test } from "@playwright/test";

test.describe.configure({ mode: "serial" });

const MARK = "GG_PROCESS_CHECK";

/** Live processes whose environment carries MARK=value. */
function marked(value: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue; // exited, waiting to be reaped
      if (readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(`${MARK}=${value}`)) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

function describe(pid: number): string {
  try {
    return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").slice(0, 160)}`;
  } catch {
    return String(pid);
  }
}

/** Listening TCP sockets (address:port) of these processes, from /proc/net/tcp{,6} and their descriptors. */
function listening(pids: number[]): { pid: number; address: string; port: number }[] {
  const byInode = new Map<string, { address: string; port: number }>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== "0A") continue; // LISTEN
      const [hexAddress, hexPort] = fields[1]!.split(":");
      byInode.set(fields[9]!, { address: decodeAddress(hexAddress!), port: parseInt(hexPort!, 16) });
    }
  }
  const found: { pid: number; address: string; port: number }[] = [];
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        const socket = inode ? byInode.get(inode) : undefined;
        if (socket) found.push({ pid, ...socket });
      } catch {
        // closed meanwhile
      }
    }
  }
  return found;
}

/** /proc/net's little-endian hex: 0100007F is 127.0.0.1; IPv6 as eight groups. */
function decodeAddress(hex: string): string {
  if (hex.length === 8) return [0, 2, 4, 6].map((i) => parseInt(hex.slice(i, i + 2), 16)).reverse().join(".");
  const full = [0, 8, 16, 24].map((i) => hex.slice(i, i + 8).match(/../g)!.reverse().join("")).join("").toLowerCase();
  if (full.startsWith("00000000000000000000ffff")) return `::ffff:${[24, 26, 28, 30].map((i) => parseInt(full.slice(i, i + 2), 16)).join(".")}`;
  return full.match(/.{4}/g)!.map((g) => g.replace(/^0+(?=.)/, "")).join(":");
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|0:0:0:0:0:0:0:1|::ffff:127\.\d+\.\d+\.\d+)$/;

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 500));
  }
}

async function answers(url: string) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(3_000) });
    return true;
  } catch {
    return false;
  }
}

function start(args: string[], env: Record<string, string>, mark: string, group: boolean): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn("npm", ["run", ...args], { env: { ...process.env, ...env, [MARK]: mark }, stdio: ["ignore", "pipe", "pipe"], detached: group });
  child.stdout!.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-4_000)));
  child.stderr!.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-4_000)));
  return { child, output: () => output };
}

function expectLoopbackOnly(mark: string, ports: number[]) {
  const sockets = listening(marked(mark));
  for (const port of ports) expect(sockets.map((s) => s.port), `something listens on ${port}`).toContain(port);
  const exposed = sockets.filter((s) => !LOOPBACK.test(s.address)).map((s) => `${s.address}:${s.port} (${describe(s.pid)})`);
  expect(exposed, "sockets beyond loopback").toEqual([]);
}

async function expectNothingLeft(mark: string) {
  await until(() => marked(mark).length === 0, 20_000, "every process to stop").catch(() => undefined);
  expect(marked(mark).map(describe), "processes left running").toEqual([]);
}

test.beforeAll(() => {
  // Every check below reads /proc: a machine without it must fail here, never pass by reading nothing.
  expect(existsSync("/proc/net/tcp"), "/proc/net/tcp is readable").toBe(true);
});

test("npm run dev: loopback only; SIGTERM to npm (a CI timeout, a process manager) leaves nothing behind", async () => {
  test.setTimeout(240_000);
  const mark = randomUUID();
  const ports = { APP_PORT: "5197", STANDINS_PORT: "4097", PARTYKIT_PORT: "2097" };
  const dev = start(["dev", "--", "--fresh"], { ...ports, DATABASE_URL: "file:.data/processes-dev.db", STANDINS_DATA_DIR: ".data/processes-dev-standins", SEED_ORDERS: "40", VITE_CACHE_DIR: "node_modules/.vite-processes" }, mark, false);
  try {
    await until(() => answers(`http://127.0.0.1:${ports.APP_PORT}/login`), 180_000, `the dev server:\n${dev.output()}`);
    await until(() => answers(`http://127.0.0.1:${ports.PARTYKIT_PORT}/`), 60_000, "PartyKit");
    expectLoopbackOnly(mark, Object.values(ports).map(Number));
  } finally {
    dev.child.kill("SIGTERM");
  }
  await expectNothingLeft(mark);
});

test("npm run preview: loopback only; Ctrl-C (SIGINT to the whole group) leaves nothing behind", async () => {
  test.setTimeout(240_000);
  const mark = randomUUID();
  const ports = { PREVIEW_PORT: "8777", LIBSQL_PORT: "8088", STANDINS_PORT: "4087", PARTYKIT_PORT: "2087", LIBSQL_PROXY_PORT: "8089", LIBSQL_PROXY_CONTROL_PORT: "8090" };
  const env = { ...ports, PREVIEW_DB_FILE: ".data/processes-preview.db", PREVIEW_STATE_DIR: ".wrangler/processes-preview", STANDINS_DATA_DIR: ".data/processes-preview-standins", SEED_ORDERS: "40" };
  const preview = start(["preview", "--", "--fresh", "--no-build"], env, mark, true);
  try {
    await until(() => answers(`http://127.0.0.1:${env.PREVIEW_PORT}/login`), 180_000, `the preview:\n${preview.output()}`);
    await until(() => answers(`http://127.0.0.1:${env.PARTYKIT_PORT}/`), 60_000, "PartyKit");
    expectLoopbackOnly(mark, Object.values(ports).map(Number));
  } finally {
    process.kill(-preview.child.pid!, "SIGINT");
  }
  await expectNothingLeft(mark);
});
