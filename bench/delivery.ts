// Bench (issue 8): the delivery order PDF with a signature and four camera photos (target under 1 s), the
// phone's photo shrink of a 12-megapixel photo in Chromium (target under 1 MB), and the driver's first-load
// JavaScript for Order Tracking from the last build (issue 25: target 110 KB gzipped, gated per route in bench/budgets.ts; the wizard loads lazily).
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { renderDeliveryOrderPdf, type DeliveryOrderPdfInput } from "../app/lib/delivery-order-pdf.server";
import { PHOTO_MAX_SIDE, PHOTO_QUALITY, PHOTO_TARGET_BYTES } from "../app/domain/delivery/rules";
import { firstLoadGzipBytes } from "./bundle-size";

const RUNS = 20;
const PDF_TARGET_MS = 1000;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A phone-sized photo after the shrink (1600 × 1200 JPEG of noise and gradients: the worst case for JPEG). */
async function photo(seed: number): Promise<Uint8Array> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 7919;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = ((i / 3) % width) / 8 + (x % 64);
  }
  return new Uint8Array(await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer());
}

async function signature(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="240"><path d="M20 180 C 120 20, 220 220, 320 90 S 520 40, 680 170" stroke="#0f172a" stroke-width="5" fill="none"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

async function benchPdf() {
  const photos = await Promise.all([1, 2, 3, 4].map(async (i) => ({ label: i === 1 ? "COD photo" : "Issue photo", contentType: "image/jpeg", bytes: await photo(i) })));
  const input: DeliveryOrderPdfInput = {
    orderNumber: "SO-200200",
    customerName: "Mehta Brothers Grocery",
    orderType: "NY/NJ Delivery",
    address: "12 Main St, Hicksville, NY 11801",
    deliveryDate: "2025-06-18",
    deliveryWindow: "9:05 AM – 11:30 AM ET",
    completedAt: "2025-06-18 11:30 AM ET",
    driver: "Dan Driver",
    receivedBy: "Ann Receiver",
    geo: { lat: 40.7683, lng: -73.5252, accuracy: 9 },
    lines: Array.from({ length: 40 }, (_, i) => ({ sku: `SKU-${i + 1}`, description: `Jasmine Rice 25 lb lot ${i}`, ordered: 10, delivered: i === 3 ? 8 : null, reason: i === 3 ? "Two bags torn" : null })),
    cod: { dueCents: 123_45, collectedCents: 100_00 },
    signaturePng: await signature(),
    photos,
  };
  await renderDeliveryOrderPdf(input);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    bytes = (await renderDeliveryOrderPdf(input)).byteLength;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  console.log(`delivery order PDF, signature + 4 photos + 40 lines (${(bytes / 1024).toFixed(0)} KiB), ${RUNS} runs: p50 ${p50.toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (target < ${PDF_TARGET_MS} ms)`);
  if (p50 > PDF_TARGET_MS) console.warn(`delivery order PDF p50 ${p50.toFixed(1)} ms is over the ${PDF_TARGET_MS} ms target`);
}

/** The same shrink as app/components/delivery/api.ts (shrinkPhoto), run in Chromium on a 4000 × 3000 photo. */
async function benchShrink() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    const result = await page.evaluate(
      async ({ maxSide, quality, target }) => {
        const w = 4000;
        const h = 3000;
        const src = document.createElement("canvas");
        src.width = w;
        src.height = h;
        const c = src.getContext("2d")!;
        const img = c.createImageData(w, h);
        let x = 12345;
        for (let i = 0; i < img.data.length; i += 4) {
          x = (x * 1103515245 + 12345) & 0x7fffffff;
          const p = i / 4;
          img.data[i] = ((p % w) / 16 + (x % 48)) & 255;
          img.data[i + 1] = (Math.floor(p / w) / 12 + (x % 32)) & 255;
          img.data[i + 2] = (x >> 8) & 255;
          img.data[i + 3] = 255;
        }
        c.putImageData(img, 0, 0);
        const original = await new Promise<Blob>((r) => src.toBlob((b) => r(b!), "image/jpeg", 0.95));
        const t0 = performance.now();
        const bitmap = await createImageBitmap(original);
        const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
        const out = document.createElement("canvas");
        out.width = Math.round(bitmap.width * scale);
        out.height = Math.round(bitmap.height * scale);
        out.getContext("2d")!.drawImage(bitmap, 0, 0, out.width, out.height);
        let q = quality;
        let blob: Blob;
        for (;;) {
          blob = await new Promise<Blob>((r) => out.toBlob((b) => r(b!), "image/jpeg", q));
          if (blob.size <= target || q <= 0.4) break;
          q -= 0.15;
        }
        return { before: original.size, after: blob.size, ms: performance.now() - t0, width: out.width, height: out.height };
      },
      { maxSide: PHOTO_MAX_SIDE, quality: PHOTO_QUALITY, target: PHOTO_TARGET_BYTES },
    );
    console.log(
      `photo shrink, 12 MP (4000×3000, ${(result.before / 1024 / 1024).toFixed(1)} MB JPEG) → ${result.width}×${result.height}, ${(result.after / 1024).toFixed(0)} KiB in ${result.ms.toFixed(0)} ms (target < 1024 KiB)`,
    );
  } finally {
    await browser.close();
  }
}

function benchFirstLoad() {
  try {
    const { bytes, files } = firstLoadGzipBytes("routes/_app.order-tracking");
    console.log(`driver's first load (Order Tracking): ${(bytes / 1024).toFixed(1)} KB gzipped JS in ${files.length} files (target 110 KB, issue 25; the wizard is a lazy chunk)`);
  } catch (e) {
    console.log(`driver's first load: not measured (${e instanceof Error ? e.message : String(e)}; run npm run build first)`);
  }
}

export async function benchDelivery(): Promise<void> {
  await benchPdf();
  await benchShrink();
  benchFirstLoad();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchDelivery();
  process.exit(0);
}
