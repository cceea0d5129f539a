// Where a page's main-thread time goes while it loads (issue 25): the production build served by preview, one page
// opened cold as a role in Debian's Chromium with the CPU slowed 4× (Lighthouse's mobile factor), sampled by V8's
// profiler from navigation until the page has been quiet for 3 s. Prints the long tasks (> 50 ms, the ones that make
// Total Blocking Time) and the functions and scripts with the most self time. A tool to find what to fix, not a
// figure to compare: the machine's load moves it.
//   npx tsx bench/profile.ts /pick-list?order=SO-100004 warehouse      (role: admin, logistics, sales, warehouse, driver)
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { previewCookie, startPreview } from "./preview-server";

const EMAILS = { admin: "admin", logistics: "logistics", sales: "sales", warehouse: "warehouse", driver: "driver" } as const;
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Built with source maps (`npx remix vite:build --sourcemapClient`), a position is named by its source file and line. */
export async function sourceNamer(dir: string): Promise<(url: string, line: number, column: number) => string | null> {
  const { SourceMapConsumer } = await import("source-map-js").catch(() => ({ SourceMapConsumer: null }));
  const maps = new Map<string, InstanceType<NonNullable<typeof SourceMapConsumer>> | null>();
  return (url, line, column) => {
    if (!SourceMapConsumer || !url.includes("/assets/")) return null;
    const file = join(dir, "build/client", new URL(url).pathname + ".map");
    if (!maps.has(file)) maps.set(file, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, "utf8"))) : null);
    const at = maps.get(file)?.originalPositionFor({ line: line + 1, column });
    return at?.source ? `${at.source.replace(/^(\.\.\/)+/, "").replace(/.*node_modules\//, "")}:${at.line} ${at.name ?? ""}`.trim() : null;
  };
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, "").replace(/\?.*$/, "") || "(native)";

async function main() {
  const [path = "/", role = "admin"] = process.argv.slice(2);
  const email = `${EMAILS[role as keyof typeof EMAILS] ?? role}@goldengrain.test`;
  const server = await startPreview("profile", { app: 8767, libsql: 8068, standins: 4067, party: 2067 });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const cookie = await previewCookie(server, email);
    const [name, value] = cookie.split(";")[0]!.split("=");
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await context.addCookies([{ name: name!, value: value!, url: server.url }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __long: { start: number; duration: number; name: string }[] };
      w.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push({ start: Math.round(e.startTime), duration: Math.round(e.duration), name: e.name });
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.goto(`${server.url}${path}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(3_000);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    const long = await page.evaluate(() => (window as unknown as { __long: { start: number; duration: number; name: string }[] }).__long);
    const paint = await page.evaluate(() => performance.getEntriesByType("paint").map((p) => `${p.name} ${Math.round(p.startTime)} ms`));
    console.log(`${path} as ${role}, CPU 4× slower: ${paint.join(", ")}`);
    console.log(`long tasks (${long.length}, blocking ${long.reduce((s, t) => s + Math.max(0, t.duration - 50), 0)} ms): ${long.map((t) => `${t.start}+${t.duration}`).join(" ")}`);

    // Self time per node: each sample's node gets the time delta that follows it.
    const named = await sourceNamer(process.cwd());
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
    const byFn = new Map<string, number>();
    const byUrl = new Map<string, number>();
    for (const node of profile.nodes) {
      const ms = self.get(node.id) ?? 0;
      const f = node.callFrame;
      const where = `${f.functionName || "(anonymous)"} ${named(f.url, f.lineNumber, f.columnNumber) ?? `${short(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`}`;
      byFn.set(where, (byFn.get(where) ?? 0) + ms);
      byUrl.set(short(f.url), (byUrl.get(short(f.url)) ?? 0) + ms);
    }
    const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`).join("\n");
    console.log(`self time by script:\n${top(byUrl, 12)}`);
    console.log(`self time by function:\n${top(byFn, Number(process.env.PROFILE_TOP ?? 30))}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1]?.endsWith("profile.ts")) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
