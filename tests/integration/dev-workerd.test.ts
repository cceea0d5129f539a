// The dev server's workerd per Vite server (config/dev-workerd.ts, decision 027): what the Cloudflare proxy
// starts while one server is alive stops when that server closes, and a restart's new server keeps its own.
// The proxy's workerd is stood in for by `sleep` under the name workerd.
import childProcess, { type ChildProcess } from "node:child_process";
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { workerdPerServerPlugin } from "../../config/dev-workerd";

const workerd = join(mkdtempSync(join(tmpdir(), "riceops-workerd-")), "workerd");
symlinkSync("/bin/sleep", workerd);
const started: ChildProcess[] = [];

function startWorkerd() {
  const child = childProcess.spawn(workerd, ["60"], { stdio: "ignore" });
  started.push(child);
  return child;
}

const exited = (child: ChildProcess) => new Promise<string | null>((ok) => (child.exitCode !== null || child.signalCode ? ok(child.signalCode) : child.once("exit", (_, signal) => ok(signal))));

afterAll(() => {
  for (const child of started) child.kill("SIGKILL");
});

type Hooks = { configureServer: () => void; buildEnd: () => void };

describe.skipIf(process.platform === "win32")("workerd started for a Vite server", () => {
  it("stops when that server closes; the next server's stays", async () => {
    const first = workerdPerServerPlugin() as unknown as Hooks;
    first.configureServer();
    const before = [startWorkerd(), startWorkerd()];

    // A restart: Vite sets up the new server (its proxy starts new workerd), then closes the old one.
    const second = workerdPerServerPlugin() as unknown as Hooks;
    second.configureServer();
    const after = [startWorkerd(), startWorkerd()];
    first.buildEnd();

    expect(await Promise.all(before.map(exited))).toEqual(["SIGKILL", "SIGKILL"]);
    expect(after.map((c) => c.exitCode === null && c.signalCode === null)).toEqual([true, true]);

    second.buildEnd();
    expect(await Promise.all(after.map(exited))).toEqual(["SIGKILL", "SIGKILL"]);
  });

  it("leaves other programs the server starts alone", async () => {
    const plugin = workerdPerServerPlugin() as unknown as Hooks;
    plugin.configureServer();
    const other = childProcess.spawn("/bin/sleep", ["60"], { stdio: "ignore" });
    started.push(other);
    plugin.buildEnd();
    await new Promise((ok) => setTimeout(ok, 200));
    expect(other.exitCode === null && other.signalCode === null).toBe(true);
  });
});
