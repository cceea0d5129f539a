// Node-only helper for tests and benchmarks: starts `partykit dev` for this project on a free loopback
// port with its own state directory, and stops it again, workerd included. Never bundled into the room or
// the app. Loopback only and no leftovers: scripts/partykit-loopback.mjs, decision 027.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export type LocalParty = { host: string; port: number; secret: string; stop(): Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

export async function startLocalParty(opts: { secret?: string; timeoutMs?: number; cwd?: string } = {}): Promise<LocalParty> {
  const secret = opts.secret ?? "test-party-token-secret-000001";
  const port = await freePort();
  const cwd = opts.cwd ?? process.cwd();
  const state = mkdtempSync(join(tmpdir(), "riceops-party-"));
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", pathToFileURL(resolve(cwd, "scripts/partykit-loopback.mjs")).href, resolve(cwd, "node_modules/partykit/dist/bin.mjs"), "dev", "--port", String(port), "--persist", state, "--disable-request-cf-fetch", "--no-hotkeys", "--var", `PARTY_TOKEN_SECRET=${secret}`],
    { cwd, env: { ...process.env, PARTYKIT_TELEMETRY_DISABLED: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`partykit dev did not start in time:\n${output}`)), opts.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready on/.test(output)) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`partykit dev exited with ${code}:\n${output}`));
    });
  });
  // Keep draining output so the child never blocks on a full pipe.
  child.stdout!.resume();
  child.stderr!.resume();
  // Its own process group: SIGKILL to all of it. Also when this process ends without calling stop().
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  process.once("exit", killGroup);

  return {
    host: `127.0.0.1:${port}`,
    port,
    secret,
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((ok) => child.once("exit", ok));
        try {
          process.kill(-child.pid, "SIGTERM"); // its own process group: workerd children go too
        } catch {
          child.kill("SIGTERM");
        }
        await Promise.race([exited, new Promise((ok) => setTimeout(ok, 3000))]);
      }
      // workerd ignores SIGTERM: whatever is left of the group goes now.
      killGroup();
      process.off("exit", killGroup);
      rmSync(state, { recursive: true, force: true });
    },
  };
}
