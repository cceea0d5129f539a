// What made up a page's Lighthouse TBT (issue 25): one Lighthouse run (its mobile preset, as bench/lighthouse.ts) on the
// production build, with V8's sampler added to the trace it records, then every task of the page's main thread that
// Lighthouse's 4x CPU turns into a long task (over 12.5 ms observed), each with what ran in it: the trace's events
// (parsing, style, layout, a module's evaluation) and the code its samples were in, named by source file when the
// build has source maps (`npx remix vite:build --sourcemapClient && node scripts/build-sw.mjs`). A sample counts for its
// nearest frame in app/, else the library it is in. A tool to find what to fix, not a figure to compare.
//   npx tsx bench/lighthouse-tasks.ts /pick-list?order=SO-100004 warehouse      (role: admin, logistics, sales, warehouse, driver)
// LH_LEAF=30 adds the 30 functions the long tasks spent most of their own time in, summed over all of them.
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { sourceNamer } from "./profile";
import { previewCookie, startPreview } from "./preview-server";

type ProfileNode = { id: number; parent?: number; callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number } };

/** Lighthouse's simulation multiplies each observed task by 4; over 50 ms there, the rest is blocking time. */
type TraceEvent = {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
};
const SLOWDOWN = 4;
const STEP_EVENTS = /^(ParseHTML|Layout|UpdateLayoutTree|Paint|RunMicrotasks|FunctionCall|v8\.evaluateModule|v8\.compile|v8\.compileModule|TimerFire|EventDispatch|FireIdleCallback|FireAnimationFrame|MinorGC|MajorGC)$/;

/** The page's renderer main thread: the CrRendererMain that ran the most. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const names = new Map<string, string>();
  for (const e of events) if (e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === "RunTask" && names.get(`${e.pid}:${e.tid}`) === "CrRendererMain") busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const [pid, tid] = [...busy].sort((a, b) => b[1] - a[1])[0]![0].split(":").map(Number);
  return { pid: pid!, tid: tid! };
}

/**
 * V8's samples of the page's main thread, from the trace's profile chunks: each with its time and its node. The
 * process has others (the service worker's thread, precaching as the page loads): the main thread's profile is the
 * one its Profile event names, else the largest.
 */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const profiles = new Map<string, { nodes: Map<number, ProfileNode>; samples: { ts: number; id: number }[]; clock: number; main: boolean }>();
  for (const e of events) {
    if (e.pid !== pid || !e.id) continue;
    if (e.name === "Profile") profiles.set(e.id, { nodes: new Map(), samples: [], clock: e.args?.data?.startTime ?? 0, main: e.tid === tid });
    const p = e.name === "ProfileChunk" ? profiles.get(e.id) : undefined;
    if (!p) continue;
    const data = e.args?.data ?? {};
    for (const n of data.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      p.clock += data.timeDeltas?.[i] ?? 0;
      p.samples.push({ ts: p.clock, id });
    });
  }
  return [...profiles.values()].sort((a, b) => Number(b.main) - Number(a.main) || b.samples.length - a.samples.length)[0] ?? { nodes: new Map<number, ProfileNode>(), samples: [], clock: 0, main: false };
}

const ms = (audit: { numericValue?: number } | undefined) => `${Math.round(audit?.numericValue ?? 0)} ms`;

async function main() {
  const [path = "/", role = "admin"] = process.argv.slice(2);
  const server = await startPreview("lighthouse-tasks", { app: 8787, libsql: 8088, standins: 4087, party: 2087 });
  try {
    const cookie = (await previewCookie(server, `${role}@goldengrain.test`)).split(";")[0]!;
    // A fresh preview's first answers are slow (the Worker starting, the database opening): Lighthouse's simulation
    // would take that server time as the network's and move first paint after most of the script's work.
    for (let i = 0; i < 3; i++) await (await fetch(`${server.url}${path}`, { headers: { cookie } })).text();
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
    let result;
    try {
      result = await lighthouse(
        `${server.url}${path}`,
        { port: chrome.port, logLevel: "error", output: "json", onlyCategories: ["performance"], extraHeaders: { Cookie: cookie } },
        { extends: "lighthouse:default", settings: { additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" } },
      );
    } finally {
      await chrome.kill();
    }
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    const audits = result.lhr.audits;
    console.log(`${path} as ${role}: score ${Math.round((result.lhr.categories.performance?.score ?? 0) * 100)}, TBT ${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms, FCP ${ms(audits["first-contentful-paint"])}, LCP ${ms(audits["largest-contentful-paint"])}, SI ${ms(audits["speed-index"])}, CLS ${(audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)} (Lighthouse's simulation)`);
    if (process.env.LH_NETWORK) {
      // Which requests ended before the observed first paint, at what priority: Lighthouse's simulation counts a
      // high-priority script that ended before it as blocking the first paint.
      const observed = (audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items?.[0]?.observedFirstContentfulPaint ?? 0;
      const requests = (audits["network-requests"]?.details as { items?: { url: string; priority: string; networkEndTime: number; resourceType: string }[] } | undefined)?.items ?? [];
      console.log(`  observed first paint ${Math.round(observed)} ms`);
      for (const r of requests.filter((r) => r.networkEndTime < observed + 200)) console.log(`    ${r.priority.padEnd(8)} ${r.resourceType.padEnd(10)} ends ${Math.round(r.networkEndTime)} ms  ${r.url.replace(/^https?:\/\/[^/]+/, "")}`);
    }
    const events = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents;
    if (process.env.LH_TRACE_OUT) writeFileSync(process.env.LH_TRACE_OUT, JSON.stringify(events));
    const { pid, tid } = mainThread(events);
    const profile = samplesOf(events, pid, tid);
    const named = await sourceNamer(process.cwd());
    const where = (id: number): string => {
      let library: string | null = null;
      for (let at: number | undefined = id; at !== undefined; at = profile.nodes.get(at)?.parent) {
        const f = profile.nodes.get(at)?.callFrame;
        if (!f) break;
        const name = f.url ? named(f.url, f.lineNumber, f.columnNumber) : null;
        if (name?.startsWith("app/")) return name;
        library ??= name ? name.replace(/:\d+/, "") : f.functionName ? `(${f.functionName})${f.url ? ` ${f.url.replace(/.*\//, "")}` : ""}` : null;
      }
      return library ?? "(?)";
    };
    const navigation = events.find((e) => e.name === "navigationStart" && e.pid === pid)?.ts ?? 0;
    const mine = events.filter((e) => e.pid === pid && e.tid === tid);
    const tasks = mine.filter((e) => e.name === "RunTask" && (e.dur ?? 0) * SLOWDOWN > 50_000).sort((a, b) => a.ts - b.ts);
    let blocking = 0;
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const slowed = (task.dur! * SLOWDOWN) / 1000;
      blocking += slowed - 50;
      const steps = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 2000 && STEP_EVENTS.test(e.name)).slice(0, 4);
      const code = new Map<string, number>();
      const inTask = profile.samples.filter((s) => s.ts >= task.ts && s.ts <= end);
      for (const s of inTask) code.set(where(s.id), (code.get(where(s.id)) ?? 0) + 1);
      const share = [...code].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, n]) => `${Math.round((100 * n) / inTask.length)}% ${k}`);
      console.log(`  @${Math.round((task.ts - navigation) / 1000)} ms  ${(task.dur! / 1000).toFixed(1)} ms observed, ${slowed.toFixed(0)} ms at 4x  [${steps.map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(0)}`).join(", ")}]`);
      if (share.length) console.log(`      ${share.join(" · ")}`);
      // A large style recalculation: what invalidated the styles before it (Lighthouse's trace records each with its stack).
      for (const recalc of mine.filter((e) => e.name === "UpdateLayoutTree" && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 5000)) {
        const since = mine.filter((e) => e.name === "UpdateLayoutTree" && e.ts < recalc.ts).at(-1);
        const reasons = new Map<string, number>();
        for (const e of mine) {
          if (!/^(StyleRecalcInvalidationTracking|StyleInvalidatorInvalidationTracking|ScheduleStyleInvalidationTracking)$/.test(e.name)) continue;
          if (e.ts >= recalc.ts || e.ts < (since ? since.ts + (since.dur ?? 0) : task.ts)) continue;
          const d = (e.args?.data ?? {}) as { reason?: string; nodeName?: string; changedClass?: string; changedAttribute?: string; changedPseudo?: string; stackTrace?: { functionName: string; url: string; lineNumber: number; columnNumber: number }[] };
          const at = d.stackTrace?.[0];
          const code = at ? (named(at.url, at.lineNumber, at.columnNumber) ?? `${at.functionName} ${at.url.replace(/.*\//, "")}:${at.lineNumber}`) : "";
          const key = `${d.reason ?? d.changedClass ?? d.changedAttribute ?? d.changedPseudo ?? e.name} on ${d.nodeName ?? "?"}${code ? ` from ${code}` : ""}`;
          reasons.set(key, (reasons.get(key) ?? 0) + 1);
        }
        const top = [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 4);
        if (top.length) console.log(`      style ${((recalc.dur ?? 0) / 1000).toFixed(0)} ms after: ${top.map(([k, n]) => `${n}× ${k}`).join(" · ")}`);
      }
    }
    console.log(`  ${tasks.length} long tasks at 4x, ${Math.round(blocking)} ms over 50 ms (Lighthouse's own figure above simulates the network too)`);
    if (process.env.LH_LEAF) {
      // Where the long tasks' time went, summed over all of them: each sample counts for the function it was in
      // (its own frame, named by source file), so a cost spread over many tasks shows as one line.
      const interval = profile.samples.length > 1 ? (profile.samples.at(-1)!.ts - profile.samples[0]!.ts) / (profile.samples.length - 1) : 0;
      const leaf = new Map<string, number>();
      for (const task of tasks) {
        for (const s of profile.samples.filter((x) => x.ts >= task.ts && x.ts <= task.ts + task.dur!)) {
          const node = profile.nodes.get(s.id);
          const label = (f: ProfileNode["callFrame"] | undefined) => (!f ? "(?)" : `${f.functionName || "(anonymous)"} ${(f.url ? named(f.url, f.lineNumber, f.columnNumber) : null) ?? f.url?.replace(/.*\//, "") ?? ""}`.trim());
          // A built-in (appendChild, setItem) is named with the code that called it.
          let up = node?.callFrame.url === "" ? node.parent : undefined;
          while (up !== undefined && !profile.nodes.get(up)?.callFrame.url) up = profile.nodes.get(up)?.parent;
          const caller = up === undefined ? undefined : profile.nodes.get(up)?.callFrame;
          const name = caller && caller.url ? `${label(node?.callFrame)} ← ${label(caller)}` : label(node?.callFrame);
          leaf.set(name, (leaf.get(name) ?? 0) + 1);
        }
      }
      console.log("  where the long tasks' time went (own time, ms observed):");
      for (const [name, n] of [...leaf].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.LH_LEAF) || 30)) console.log(`    ${((n * interval) / 1000).toFixed(1).padStart(6)}  ${name}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
