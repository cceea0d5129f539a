// First-load gzipped JavaScript of Order Tracking and Home, read from the last `npm run build` (a figure, not an assertion).
import { firstLoadGzipBytes } from "./bundle-size";

const ROUTES = ["routes/_app.order-tracking", "routes/_app._index"] as const;
/** The budget for Order Tracking's first load, React and Remix included. */
const ORDER_TRACKING_BUDGET_KB = 150;

export async function benchBundles(): Promise<void> {
  for (const routeId of ROUTES) {
    try {
      const { bytes, files } = firstLoadGzipBytes(routeId);
      const kb = bytes / 1024;
      const budget = routeId === "routes/_app.order-tracking" ? ` (budget ${ORDER_TRACKING_BUDGET_KB} KB${kb > ORDER_TRACKING_BUDGET_KB ? ", OVER" : ""})` : "";
      console.log(`${routeId}: ${kb.toFixed(1)} KB gzipped JS on first load, ${files.length} files${budget}`);
    } catch (e) {
      console.log(`${routeId}: not measured (${e instanceof Error ? e.message : String(e)})`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBundles();
