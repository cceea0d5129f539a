// Vite restarts its dev server whenever a file its config imports changes (db/schema.ts, app/lib/*.server.ts
// through config/dev-context.ts). Remix's Cloudflare dev proxy starts a new wrangler platform proxy (two
// workerd processes) for every server and drops its `dispose`, so each restart left two workerd running: a
// long session collected dozens. Placed before that plugin, this one notes the workerd processes started
// while each server is alive and stops them when that server closes (decision 027).
import childProcess, { type ChildProcess } from "node:child_process";
import type { Plugin } from "vite";

type Registry = { collecting: Set<ChildProcess> | null };
// On globalThis: the config (and this module) is evaluated again for every restart, the spawn patch only once.
const KEY = Symbol.for("golden-grain.dev-workerd");

function registry(): Registry {
  const holder = globalThis as { [KEY]?: Registry };
  if (!holder[KEY]) {
    const registry: Registry = { collecting: null };
    // Miniflare reads `spawn` off this module object at call time.
    const spawn = childProcess.spawn;
    childProcess.spawn = function spawnNoted(this: unknown, ...args: Parameters<typeof spawn>) {
      const child = spawn.apply(this, args);
      if (registry.collecting && /(^|[/\\])workerd(\.exe)?$/.test(String(args[0]))) registry.collecting.add(child);
      return child;
    } as typeof spawn;
    holder[KEY] = registry;
  }
  return holder[KEY];
}

export function workerdPerServerPlugin(): Plugin {
  const started = new Set<ChildProcess>();
  return {
    name: "gg-workerd-per-server",
    apply: "serve",
    configureServer() {
      // From here on, what the Cloudflare proxy starts belongs to this server (until the next one takes over).
      registry().collecting = started;
    },
    buildEnd() {
      // The server is closing (Vite runs this when it restarts or stops): its workerd goes with it.
      for (const child of started) child.kill("SIGKILL");
      started.clear();
    },
  };
}
