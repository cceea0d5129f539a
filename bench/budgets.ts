// The first-load JavaScript budget (issue 14): every route's gzipped first-load JS, read from the last
// `npm run build`, must stay under 150 KB. `npm test` runs this after the build and fails when one is over;
// `npm run bench` prints the same figures.
import { firstLoadGzipBytes, readRemixManifest } from "./bundle-size";

export const FIRST_LOAD_BUDGET_KB = 150;

export type BudgetRow = { routeId: string; kb: number; files: number; over: boolean };

export function measureBudgets(buildDir = "build/client"): BudgetRow[] {
  const manifest = readRemixManifest(buildDir);
  return Object.keys(manifest.routes)
    .filter((id) => !id.startsWith("routes/api.")) // resource routes: never a page load
    .sort()
    .map((routeId) => {
      const { bytes, files } = firstLoadGzipBytes(routeId, buildDir);
      const kb = bytes / 1024;
      return { routeId, kb, files: files.length, over: kb > FIRST_LOAD_BUDGET_KB };
    });
}

export function printBudgets(rows: BudgetRow[]): void {
  for (const r of rows) {
    console.log(`${r.over ? "OVER" : "ok  "} ${r.routeId}: ${r.kb.toFixed(1)} KB gzipped first-load JS (${r.files} files, budget ${FIRST_LOAD_BUDGET_KB} KB)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureBudgets();
  printBudgets(rows);
  const over = rows.filter((r) => r.over);
  // One line for scripts/test.mjs to count: every route is one check.
  console.log(`budgets: ${rows.length - over.length} passed, ${over.length} failed`);
  process.exit(over.length ? 1 : 0);
}
