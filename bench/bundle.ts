// First-load gzipped JavaScript of every route, read from the last `npm run build`, against the budget
// that `npm test` enforces (bench/budgets.ts).
import { measureBudgets, printBudgets } from "./budgets";

export async function benchBundles(): Promise<void> {
  try {
    printBudgets(measureBudgets());
  } catch (e) {
    console.log(`bundles: not measured (${e instanceof Error ? e.message : String(e)})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBundles();
