#!/usr/bin/env node
// `npm test`: every gate, in order — the type check (tsc, tests/workers too) and lint (ESLint, warnings fail), unit and integration (vitest,
// real libSQL files), the first-load JS budget of every page route in the build, the Worker's pure parts
// inside workerd (vitest-pool-workers), the deploy dry run (npm run deploy -- --dry-run), the smoke journey on
// the production build (npm run preview), then the Playwright journeys in Debian's Chromium.
// Prints one closing line 'N passed, N failed' and exits non-zero when anything failed. Every process a
// stage started is gone when it ends: anything left carrying this run's mark is stopped (decision 027).
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { processesOf, stopProcesses, TEST_RUN_MARK } from "./processes.mjs";

const only = process.argv.slice(2); // e.g. `npm test -- typecheck lint unit e2e`
const STAGES = ["typecheck", "lint", "unit", "budgets", "workers", "deploy", "preview", "e2e"];
const unknown = only.filter((s) => !STAGES.includes(s));
if (unknown.length) {
  console.error(`unknown stage ${unknown.join(", ")}; the stages are ${STAGES.join(", ")}`);
  process.exit(2);
}
const want = (stage) => only.length === 0 || only.includes(stage);
const bin = (name) => resolve("node_modules/.bin", name);
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
// Inherited by everything the stages start, at any depth (a PartyKit a test started, a dev server's workerd).
const mark = { name: TEST_RUN_MARK, value: randomUUID() };
env[mark.name] = mark.value;
const leftovers = () => processesOf({ root: process.pid, mark });
async function stopLeftovers() {
  const stopped = await stopProcesses(leftovers, 3_000);
  if (stopped) console.log(`stopped ${stopped} process(es) a stage left running`);
}
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => stopLeftovers().finally(() => process.exit(130)));
mkdirSync("test-results", { recursive: true });
// A report left by an earlier run must not be counted for a stage that crashes before writing its own.
for (const report of ["vitest.json", "workers.json", "preview.json", "e2e.json"]) rmSync(`test-results/${report}`, { force: true });

let passed = 0;
let failed = 0;
let stagesFailed = [];

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, "utf8"));
  return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0) };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, "utf8")).stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
}

function stage(name, cmd, args, counts) {
  if (!want(name)) return;
  console.log(`\n=== ${name}: ${[cmd.split("/").pop(), ...args].join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.error) console.error(r.error.message); // e.g. the binary is missing
  const c = counts();
  if (!c && r.status === 0) passed += 1;
  if (c) {
    passed += c.passed;
    failed += c.failed;
  }
  if (r.status !== 0) {
    stagesFailed.push(name);
    if (!c || c.failed === 0) failed += 1; // a stage that crashed before reporting still counts as a failure
  }
}

// Gates without a JSON report count as one test each: one pass, or one failure when they exit non-zero.
stage("typecheck", bin("tsc"), ["--noEmit"], () => null);
// The workerd tests use workerd's types and `cloudflare:test`, so they have their own tsconfig (decision 033).
stage("typecheck", bin("tsc"), ["--noEmit", "-p", "tests/workers"], () => null);
// A warning fails too: one left standing is one nobody reads (decision 033).
stage("lint", bin("eslint"), [".", "--max-warnings=0"], () => null);
stage("unit", bin("vitest"), ["run", "--reporter=default", "--reporter=json", "--outputFile=test-results/vitest.json"], () =>
  vitestCounts("test-results/vitest.json"),
);
// The budgets (first-load JS per route) are read from the build, and the workerd stage runs the built
// Worker end to end, so build first.
if (want("workers") || want("budgets")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
  if (build.status !== 0) stagesFailed.push("build");
  env.REQUIRE_WORKER_BUILD = "1";
}
// The first-load JS budget of every page route (150 KB gzipped): one gate, failing when a route is over.
stage("budgets", "node", ["--import", "tsx", "bench/budgets.ts"], () => null);
stage("workers", bin("vitest"), ["run", "--config", "vitest.workers.config.ts", "--reporter=default", "--reporter=json", "--outputFile=test-results/workers.json"], () =>
  vitestCounts("test-results/workers.json"),
);
// What a production deploy needs that no account does (docs/deploy.md): the build accepted by `wrangler deploy
// --dry-run` and under the Workers size limit, and the migrations from empty over libSQL's HTTP protocol.
// It reuses the build made above; alone (`npm test -- deploy`) it builds for itself.
stage("deploy", "npm", ["run", "deploy", "--", "--dry-run", ...(want("workers") || want("budgets") ? ["--no-build"] : [])], () => null);
// The smoke journey on the production build (npm run preview), built above.
if (want("preview") && !want("workers") && !want("budgets")) spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
stage("preview", bin("playwright"), ["test", "--config", "playwright.preview.config.ts"], () => playwrightCounts("test-results/preview.json"));
stage("e2e", bin("playwright"), ["test"], () => playwrightCounts("test-results/e2e.json"));

await stopLeftovers();
if (stagesFailed.length) console.log(`\nfailed stages: ${stagesFailed.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || stagesFailed.length ? 1 : 0);
