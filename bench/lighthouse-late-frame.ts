// Why a Lighthouse run sometimes sees the first frame a second late (decision 045, seventh pass): runs Lighthouse
// (the mobile preset, as bench/lighthouse.ts) N times on one path of the production build and prints, per run, the
// score and the first paint Chromium observed beside the load event. A late run shows a first paint after the load
// (about 1.3 s against 0.25 s). LATE_DELAY=<ms> puts a proxy in front of the preview that holds the document's answer
// that long (LATE_HEADERS_FIRST=1: its headers are sent at once, only the body waits): the same page, the same
// bytes, only the moment they arrive moved. Whether a run is late follows that moment, not what the page runs.
//   npx tsx bench/lighthouse-late-frame.ts / driver                    (role: admin, logistics, sales, warehouse, driver)
//   LATE_RUNS=8 LATE_DELAY=150 npx tsx bench/lighthouse-late-frame.ts /offline.html driver
// A tool to explain a figure, not a figure to compare.
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { previewCookie, startPreview } from "./preview-server";

const [path = "/", role = "driver"] = process.argv.slice(2);
const RUNS = Math.max(1, Number(process.env.LATE_RUNS ?? 6));
const DELAY = Math.max(0, Number(process.env.LATE_DELAY ?? 0));
const HEADERS_FIRST = process.env.LATE_HEADERS_FIRST === "1";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const preview = await startPreview("late-frame", { app: 8767, libsql: 8068, standins: 4067, party: 2067 });
/** The proxy holds only the measured document; every other request passes straight through. */
const proxy = createServer((req, res) => {
  const upstream = httpRequest(`${preview.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
    const held = DELAY > 0 && req.url === path;
    if (held && HEADERS_FIRST) {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      res.flushHeaders();
      setTimeout(() => answer.pipe(res), DELAY);
      return;
    }
    const send = () => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    };
    if (held) setTimeout(send, DELAY);
    else send();
  });
  req.pipe(upstream);
});
await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

try {
  const cookie = await previewCookie(preview, `${role}@goldengrain.test`);
  const runs: string[] = [];
  let late = 0;
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
    try {
      const result = await lighthouse(`${base}${path}`, { port: chrome.port, logLevel: "error", output: "json", onlyCategories: ["performance"], extraHeaders: { Cookie: cookie } });
      const metrics = (result?.lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number; observedLoad?: number }[] } | undefined)?.items?.[0];
      const paint = metrics?.observedFirstContentfulPaint ?? NaN;
      const load = metrics?.observedLoad ?? NaN;
      if (paint > load) late += 1;
      runs.push(`${Math.round((result?.lhr.categories.performance?.score ?? NaN) * 100)} (paint ${paint} ms, load ${load} ms)`);
    } finally {
      await chrome.kill();
    }
  }
  const how = DELAY ? `, document held ${DELAY} ms${HEADERS_FIRST ? " after its headers" : ""}` : "";
  console.log(`${path} as ${role}${how}: first paint after the load in ${late} of ${RUNS} runs`);
  for (const run of runs) console.log(`  ${run}`);
} finally {
  proxy.close();
  await preview.stop();
}
process.exit(0);
