// Scan to confirmed line (issue 13) on a cheap phone: the production build (npm run preview), Chromium at
// 390 × 844 with 4× CPU throttling, its fake camera showing a seeded UPC label. Times each camera scan from
// the frame's capture to the next paint after the line changed (decode included), and each keyboard-wedge
// scan from its Enter to the next paint. Figures, not assertions; target under 100 ms.
// Run: npx tsx bench/scan.ts (it builds first when build/ is missing or stale; BENCH_NO_BUILD=1 serves it as it is).
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { chromium, type Browser } from "@playwright/test";
import { openDatabase } from "../db/node";
import { orderLines, orders } from "../db/schema";
import { productCodes } from "../db/seed-data";
import { writeBarcodeVideo } from "../tests/support/barcode-video";
import { signedIn, throttled } from "./phone";
import { startPreview } from "./preview-server";

const ORDER = "SO-100002";
const SCANS = Number(process.env.SCAN_RUNS ?? 10);

function summary(name: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  console.log(`${name.padEnd(46)} n=${String(sorted.length).padStart(3)}  p50 ${at(0.5).toFixed(0).padStart(4)} ms  p95 ${at(0.95).toFixed(0).padStart(4)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(0).padStart(4)} ms`);
}

/** The line of ORDER with the largest need (scans need room before 'one more than needed'). */
async function pickLine(dbFile: string): Promise<{ orderNumber: string; lineItemId: string; quantity: number; sku: string }> {
  const db = openDatabase(`file:${dbFile}`);
  const rows = await db
    .select({ orderNumber: orders.orderNumber, lineItemId: orderLines.lineItemId, quantity: orderLines.quantity, sku: orderLines.sku })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.orderNumber, ORDER));
  const best = rows.filter((r) => productCodes(r.sku)).sort((a, b) => b.quantity - a.quantity)[0];
  if (!best) throw new Error(`no line of ${ORDER} with seeded codes`);
  return best;
}

export async function benchScan(): Promise<void> {
  const server = await startPreview("scan", { app: 8787, libsql: 8088, standins: 4087, party: 2087 });
  let browser: Browser | null = null;
  try {
    const { orderNumber, lineItemId, quantity, sku } = await pickLine(server.dbFile);
    const codes = productCodes(sku)!;
    const dir = resolve(".data/bench-scan");
    mkdirSync(dir, { recursive: true });
    // One second of the label, two without: each appearance is a new scan.
    const video = writeBarcodeVideo(join(dir, `${sku}.y4m`), codes.unit, { frames: 15, blankFrames: 30 });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage", "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
    });
    const state = await signedIn(browser, server.url, "logistics@goldengrain.test");
    const { context, page } = await throttled(browser, server.url, state);
    await context.grantPermissions(["camera"]);
    await page.goto(`/pick-list?order=${orderNumber}`);
    const row = page.locator(`[data-testid=pick-line][data-line-id="${lineItemId}"]`);
    await row.waitFor({ timeout: 120_000 });
    await page.getByTestId("room-status").filter({ hasText: "Live" }).waitFor({ timeout: 60_000 });
    const reset = async () => {
      const unselect = row.getByRole("button", { name: "Unselect" });
      if (await unselect.count()) await unselect.click();
    };
    await reset();

    // Camera: the label comes into view every three seconds.
    const camera = Math.min(SCANS, quantity - 1);
    await page.getByRole("button", { name: "Scan with camera" }).click();
    await page.waitForFunction((n) => performance.getEntriesByName("scan-to-confirm").length >= n, camera, { timeout: 60_000 + camera * 6_000 });
    await page.getByTestId("camera-scanner").getByRole("button", { name: "Close camera" }).click();
    const cameraTimes = await page.evaluate(() => performance.getEntriesByName("scan-to-confirm").map((e) => e.duration));
    await reset();

    // Keyboard wedge: the code typed as a scanner types it, then Enter.
    const wedge = Math.min(SCANS, quantity - 1);
    for (let i = 0; i < wedge; i++) {
      // A scanner's burst: every key within a millisecond or two, then Enter (CDP key presses one by one are
      // slower than a scanner under 4× throttling, and would read as typing).
      await page.evaluate((code) => {
        (document.activeElement as HTMLElement | null)?.blur();
        for (const key of [...code, "Enter"]) document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      }, codes.unit);
      await page.waitForFunction((n) => performance.getEntriesByName("key-scan-to-confirm").length >= n, i + 1);
    }
    const wedgeTimes = await page.evaluate(() => performance.getEntriesByName("key-scan-to-confirm").map((e) => e.duration));
    await reset();
    console.log(`scan to confirmed line, ${server.name}, 390 × 844, 4× CPU throttling, order ${orderNumber} (${sku} × ${quantity}); target < 100 ms`);
    summary("camera (fake camera, ZXing decode + apply + paint)", cameraTimes);
    summary("keyboard-wedge scanner (Enter to paint)", wedgeTimes);
    console.log(`  camera scans in order: ${cameraTimes.map((t) => t.toFixed(0)).join(", ")} ms`);
    console.log(`  ${(await page.getByTestId("pick-bar").getByRole("status").innerText()).trim()} (the last scan's message)`);
    await context.close();
  } finally {
    await browser?.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchScan();
  process.exit(0);
}
