// The production Worker's size as Cloudflare counts it (issue 25): `wrangler deploy --dry-run --outdir` bundles
// workers/app.ts with the last `npm run build` exactly as a deploy uploads it, and prints the upload's size raw
// and gzipped. Printed against a budget (WORKER_BUDGET_KB, gzipped KB), with the packages that weigh most in
// the bundle, read from esbuild's `// node_modules/<package>/…` file markers. Figures, not assertions: `npm run
// deploy -- --dry-run` (part of `npm test`) holds the plan's hard limit.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Gzipped KB. At issue 25 the Worker was 1,558 KB gzipped, carrying two libraries only a browser runs: the camera's
 * barcode decoder (@zxing/library, ~186 KB gzipped) and the PDF viewer (pdfjs-dist, ~137 KB); without them ~1,235 KB.
 */
export const WORKER_BUDGET_KB = Number(process.env.WORKER_BUDGET_KB ?? 1_250);

export type WorkerSize = { rawBytes: number; gzipBytes: number; fromWrangler: boolean; packages: { name: string; bytes: number }[] };

function wranglerDryRun(outdir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(resolve("node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("exit", (code) => done({ code, out }));
  });
}

/** Bytes per top-level package (or first folder: app, build, db, workers) between esbuild's file markers. */
export function bytesByPackage(bundle: string): { name: string; bytes: number }[] {
  const sizes = new Map<string, number>();
  const marker = /^\/\/ ((?:node_modules\/((?:@[^/\s]+\/)?[^/\s]+))|([\w.-]+)\/)\S*$/gm;
  let current = "(wrangler's entry)";
  let from = 0;
  for (const m of bundle.matchAll(marker)) {
    sizes.set(current, (sizes.get(current) ?? 0) + Buffer.byteLength(bundle.slice(from, m.index)));
    current = m[2] ?? m[3] ?? current;
    from = m.index;
  }
  sizes.set(current, (sizes.get(current) ?? 0) + Buffer.byteLength(bundle.slice(from)));
  return [...sizes].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

export async function measureWorker(): Promise<WorkerSize> {
  const outdir = mkdtempSync(join(tmpdir(), "rice-ops-worker-size-"));
  try {
    const r = await wranglerDryRun(outdir);
    if (r.code !== 0) throw new Error(`wrangler deploy --dry-run exited ${r.code}: ${r.out.trim().split("\n").slice(-8).join("\n")}`);
    const files = readdirSync(outdir).filter((f) => f.endsWith(".js") || f.endsWith(".mjs") || f.endsWith(".wasm"));
    const bundle = files.map((f) => readFileSync(join(outdir, f)));
    // Wrangler's own figure is what Cloudflare counts; our gzip of the modules is the fallback if its wording changes.
    const reported = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(r.out);
    const rawBytes = reported ? Number(reported[1]) * 1024 : bundle.reduce((n, b) => n + b.length, 0);
    const gzipBytes = reported ? Number(reported[2]) * 1024 : bundle.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    const js = files.filter((f) => !f.endsWith(".wasm")).map((f) => readFileSync(join(outdir, f), "utf8"));
    return { rawBytes, gzipBytes, fromWrangler: !!reported, packages: bytesByPackage(js.join("\n")) };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export async function benchWorkerSize(): Promise<void> {
  const size = await measureWorker();
  const kb = (n: number) => `${(n / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KB`;
  const gzKb = size.gzipBytes / 1024;
  console.log(
    `production Worker (wrangler deploy --dry-run${size.fromWrangler ? "" : ", our own gzip"}): ${kb(size.rawBytes)} raw, ${kb(size.gzipBytes)} gzipped · ` +
      `budget ${WORKER_BUDGET_KB.toLocaleString("en-US")} KB gzipped: ${gzKb > WORKER_BUDGET_KB ? `OVER by ${kb(size.gzipBytes - WORKER_BUDGET_KB * 1024)}` : `under by ${kb(WORKER_BUDGET_KB * 1024 - size.gzipBytes)}`}`,
  );
  const total = size.packages.reduce((n, p) => n + p.bytes, 0);
  console.log(`  heaviest parts of the bundle (raw): ${size.packages.slice(0, 8).map((p) => `${p.name} ${kb(p.bytes)} (${((100 * p.bytes) / total).toFixed(0)}%)`).join(", ")}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWorkerSize();
