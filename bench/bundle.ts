// First-load gzipped JavaScript of the main screens, read from the last `npm run build` (a figure, not an assertion).
import { firstLoadGzipBytes } from "./bundle-size";

const ROUTES = ["routes/_app.order-tracking", "routes/pick-list", "routes/_app.pick-list-check", "routes/_app._index", "routes/login"] as const;
/** The issues' budget for the screens used on cheap phones, React and Remix included. */
const BUDGET_KB: Partial<Record<(typeof ROUTES)[number], number>> = { "routes/_app.order-tracking": 150, "routes/pick-list": 150 };

export async function benchBundles(): Promise<void> {
  for (const routeId of ROUTES) {
    try {
      const { bytes, files } = firstLoadGzipBytes(routeId);
      const kb = bytes / 1024;
      const limit = BUDGET_KB[routeId];
      const budget = limit ? ` (budget ${limit} KB${kb > limit ? ", OVER" : ""})` : "";
      console.log(`${routeId}: ${kb.toFixed(1)} KB gzipped JS on first load, ${files.length} files${budget}`);
    } catch (e) {
      console.log(`${routeId}: not measured (${e instanceof Error ? e.message : String(e)})`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBundles();
