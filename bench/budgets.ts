// The first-load JavaScript budgets (issue 14, tightened by issue 25): every route's gzipped first-load JS, read
// from the last `npm run build`, must stay under its budget: 110 KB for the floor's first screens (the pick list and
// the driver's screens), 130 KB for every other page. A route that cannot reach its target today has its own
// ceiling, the figure measured when it was set plus about 1 KB, so the gate still catches growth (decision 045);
// none needs one today.
// `npm test` runs this after the build and fails when one is over; `npm run bench` prints the same figures.
import { firstLoadGzipBytes, readRemixManifest } from "./bundle-size";

/** Every page not named below. */
export const FIRST_LOAD_BUDGET_KB = 130;
/** The target for the pick list and the driver's screens (Home, Order Tracking, Outbox). */
export const FLOOR_TARGET_KB = 110;

/** A route's own budget: its target, and the ceiling it holds until it reaches it (with the reason). */
type RouteBudget = { target: number; ceiling?: number; why?: string };

// Every floor screen holds the issue's 110 KB: Outbox and Home since decision 045's second pass and 047, Order Tracking
// (108.9: each layout its own chunk, the parts not in the first paint later) and the pick list (109.2: the calls, the
// scan rules, the Short editor and the passcode form after the first paint) since the third pass. Customer
// Applications (126.0) and Stock Transfer's form (123.7) hold the 130 KB every other page holds.
export const ROUTE_BUDGETS: Record<string, RouteBudget> = {
  "routes/pick-list": { target: FLOOR_TARGET_KB },
  "routes/_app._index": { target: FLOOR_TARGET_KB },
  "routes/_app.order-tracking": { target: FLOOR_TARGET_KB },
  "routes/_app.outbox": { target: FLOOR_TARGET_KB },
  "routes/_app.customer-applications": { target: FIRST_LOAD_BUDGET_KB },
  "routes/_app.reports.stock-transfer.new": { target: FIRST_LOAD_BUDGET_KB },
};

export type BudgetRow = { routeId: string; kb: number; files: number; budget: number; over: boolean };

/** The budget the gate holds a route to today: its ceiling while its target is out of reach. */
export function budgetOf(routeId: string): number {
  const own = ROUTE_BUDGETS[routeId];
  return own ? (own.ceiling ?? own.target) : FIRST_LOAD_BUDGET_KB;
}

export function measureBudgets(buildDir = "build/client"): BudgetRow[] {
  const manifest = readRemixManifest(buildDir);
  return Object.keys(manifest.routes)
    .filter((id) => !id.startsWith("routes/api.")) // resource routes: never a page load
    .sort()
    .map((routeId) => {
      const { bytes, files } = firstLoadGzipBytes(routeId, buildDir);
      const kb = bytes / 1024;
      const budget = budgetOf(routeId);
      return { routeId, kb, files: files.length, budget, over: kb > budget };
    });
}

export function printBudgets(rows: BudgetRow[]): void {
  for (const r of rows) {
    const own = ROUTE_BUDGETS[r.routeId];
    const target = own?.ceiling && own.ceiling !== own.target ? `, target ${own.target} KB` : "";
    console.log(`${r.over ? "OVER" : "ok  "} ${r.routeId}: ${r.kb.toFixed(1)} KB gzipped first-load JS (${r.files} files, budget ${r.budget} KB${target})`);
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
