// Preloaded into `partykit dev` (node --import, see partykitDev in scripts/processes.mjs): PartyKit 0.0.115
// binds its dev server, Miniflare's loopback service and its inspector proxy to every interface, with no
// flag to change it. This keeps every socket the process and its workerd open on 127.0.0.1, and makes sure
// the workerd it starts dies with it: on a signal PartyKit exits without always stopping workerd, which was
// then left running with no parent (decision 027).
import childProcess from "node:child_process";
import net from "node:net";

const LOOPBACK = "127.0.0.1";
const EVERY_INTERFACE = new Set([undefined, null, "", "0.0.0.0", "::", "[::]", "*"]);

// net.Server#listen(port[, host][, backlog][, cb]) | (options[, cb]) | (path | handle[, cb]).
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args;
  if (first !== null && typeof first === "object") {
    const isHandle = "_handle" in first || "fd" in first;
    if (!isHandle && first.path === undefined && EVERY_INTERFACE.has(first.host)) args[0] = { ...first, host: LOOPBACK };
  } else if (first === undefined || typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) {
    if (typeof args[1] === "string") {
      if (EVERY_INTERFACE.has(args[1])) args[1] = LOOPBACK;
    } else {
      args.splice(1, 0, LOOPBACK);
    }
  }
  return listen.apply(this, args);
};

// Miniflare (CommonJS) and PartyKit read `spawn` off this same module object at call time.
// Miniflare hands workerd `--socket-addr=entry=0.0.0.0:<port>`; workerd itself then listens everywhere.
const started = new Set();
const spawn = childProcess.spawn;
childProcess.spawn = function spawnOnLoopback(command, args, options) {
  if (Array.isArray(args)) {
    args = args.map((a) => (typeof a === "string" ? a.replace(/^(--socket-addr=[^=]+=)(?:0\.0\.0\.0|\*|\[::\])(:\d+)$/, `$1${LOOPBACK}$2`) : a));
  }
  const child = spawn.call(this, command, args, options);
  started.add(child);
  child.once("exit", () => started.delete(child));
  return child;
};

function stopStarted() {
  for (const child of started) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
}

process.once("exit", stopStarted);
for (const [signal, number] of [["SIGTERM", 15], ["SIGINT", 2], ["SIGHUP", 1]]) {
  process.once(signal, () => {
    stopStarted();
    process.exit(128 + number);
  });
}
