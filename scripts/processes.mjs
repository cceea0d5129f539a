// The local processes of `npm run dev`, `npm run preview` and `npm test`: the quiet environment they share,
// the local binaries, a step that must succeed, and a supervisor that prefixes each child's output with its
// name and stops them all — with everything they started — when one exits, on Ctrl-C, SIGTERM or SIGHUP, or
// when its own parent goes away. Decision 027.
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** No telemetry, no Cloudflare fetches: nothing leaves the machine. */
export const quietEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  PARTYKIT_TELEMETRY_DISABLED: "1",
};

export const bin = (name) => resolve("node_modules/.bin", name);

/**
 * `partykit dev` on loopback only: PartyKit has no flag for its address, so a preload keeps its sockets and
 * its workerd's on 127.0.0.1 and stops workerd with it (scripts/partykit-loopback.mjs).
 */
export function partykitDev(args) {
  return [process.execPath, ["--import", pathToFileURL(resolve("scripts/partykit-loopback.mjs")).href, resolve("node_modules/partykit/dist/bin.mjs"), "dev", ...args]];
}

/** Runs a set-up step to its end; its failure ends this script with its status. */
export function mustRun(cmd, args, env) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Environment variables that mark every process a supervisor, or a whole `npm test` run, started, at any depth. */
export const SUPERVISOR_MARK = "GG_SUPERVISOR_MARK";
export const TEST_RUN_MARK = "GG_TEST_RUN_MARK";

const PROC = existsSync("/proc/self/stat");

/** pid → {ppid, zombie} of every process, from /proc (Linux) or ps. */
function processTable() {
  const table = new Map();
  if (PROC) {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        // Fields after the command name, which may itself hold spaces and parentheses.
        const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        table.set(Number(entry), { ppid: Number(ppid), zombie: state === "Z" });
      } catch {
        // gone meanwhile
      }
    }
    return table;
  }
  const ps = spawnSync("ps", ["-A", "-o", "pid=,ppid=,stat="], { encoding: "utf8" });
  for (const line of (ps.stdout ?? "").split("\n")) {
    const [pid, ppid, stat] = line.trim().split(/\s+/);
    if (pid) table.set(Number(pid), { ppid: Number(ppid), zombie: (stat ?? "").startsWith("Z") });
  }
  return table;
}

/** Whether a process's environment carries the mark `name=value` (Linux; elsewhere the tree alone is used). */
function marked(pid, { name, value }) {
  if (!PROC) return false;
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`${name}=${value}`);
  } catch {
    return false;
  }
}

/**
 * Every live process below `root`, plus (with a mark) every process carrying it: a grandchild whose parent
 * died (workerd under PartyKit) is no longer below anyone of ours, but still carries the mark it inherited.
 */
export function processesOf({ root, mark }) {
  const table = processTable();
  const found = new Set();
  const stack = root ? [root] : [];
  while (stack.length) {
    const parent = stack.pop();
    for (const [pid, { ppid }] of table) {
      if (ppid === parent && !found.has(pid)) {
        found.add(pid);
        stack.push(pid);
      }
    }
  }
  if (mark) for (const pid of table.keys()) if (marked(pid, mark)) found.add(pid);
  found.delete(process.pid);
  return [...found].filter((pid) => !table.get(pid)?.zombie);
}

function signal(pids, name) {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}

/** SIGTERM to all of them, then SIGKILL to whatever is still there after `graceMs` (workerd ignores SIGTERM). */
export async function stopProcesses(find, graceMs) {
  const found = find();
  signal(found, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && find().length) await new Promise((ok) => setTimeout(ok, 100));
  signal(find(), "SIGKILL");
  return found.length;
}

/** Long-running children: `run` starts one; any one exiting, a signal or the parent's end stops them all. */
export function supervisor({ env, graceMs }) {
  const children = [];
  const mark = { name: SUPERVISOR_MARK, value: randomUUID() };
  const ours = () => processesOf({ root: process.pid, mark });
  let shuttingDown = false;
  function shutdown(code = 0) {
    if (shuttingDown) return;
    shuttingDown = true;
    // A moment for the children's own clean-up (PartyKit and wrangler stop their workerd), then the rest.
    stopProcesses(ours, Math.max(graceMs, 3_000)).finally(() => process.exit(code));
  }
  function run(name, cmd, args, childEnv = env) {
    // Not detached: a signal to the whole group (Ctrl-C, Playwright stopping its web server) still reaches
    // every child directly, even if this process is killed first.
    const child = spawn(cmd, args, { env: { ...childEnv, [mark.name]: mark.value }, stdio: ["ignore", "pipe", "pipe"] });
    const prefix = (chunk) =>
      chunk
        .toString()
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => `[${name}] ${l}`)
        .join("\n") + "\n";
    child.stdout.on("data", (c) => process.stdout.write(prefix(c)));
    child.stderr.on("data", (c) => process.stderr.write(prefix(c)));
    child.on("exit", (code) => {
      if (!shuttingDown) {
        console.error(`[${name}] exited with ${code}; stopping`);
        shutdown(code ?? 1);
      }
    });
    children.push(child);
  }
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => shutdown(0));
  // `npm run dev` stopped with SIGTERM (a CI step's timeout, a process manager) ends npm and its shell but
  // not this script: it would keep every server running with no parent. Orphaned, it stops itself.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) shutdown(0);
  }, 1_000).unref();
  // Last resort when this process exits some other way: nothing of ours outlives it.
  process.on("exit", () => signal(ours(), "SIGKILL"));
  return { run, shutdown, mark };
}
