// The local processes of `npm run dev` and `npm run preview`: the quiet environment they share, the local
// binaries, a step that must succeed, and a supervisor that prefixes each child's output with its name and
// stops them all when one exits or on Ctrl-C.
import { spawn, spawnSync } from "node:child_process";
import { resolve } from "node:path";

/** No telemetry, no Cloudflare fetches: nothing leaves the machine. */
export const quietEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  PARTYKIT_TELEMETRY_DISABLED: "1",
};

export const bin = (name) => resolve("node_modules/.bin", name);

/** Runs a set-up step to its end; its failure ends this script with its status. */
export function mustRun(cmd, args, env) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Long-running children: `run` starts one; any one exiting, SIGINT or SIGTERM stops them all. */
export function supervisor({ env, graceMs }) {
  const children = [];
  let shuttingDown = false;
  function shutdown(code = 0) {
    shuttingDown = true;
    for (const c of children) c.kill("SIGTERM");
    setTimeout(() => process.exit(code), graceMs);
  }
  function run(name, cmd, args, childEnv = env) {
    const child = spawn(cmd, args, { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
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
  process.on("SIGINT", () => shutdown(0));
  process.on("SIGTERM", () => shutdown(0));
  return { run, shutdown };
}
