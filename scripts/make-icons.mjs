#!/usr/bin/env node
// Draws the app's icons (public/icons/*.png) in Chromium from one inline SVG: run it again only when the mark
// changes (`node scripts/make-icons.mjs`); the PNGs are committed, so a build never needs a browser.
import { chromium } from "@playwright/test";

const BROWN = "#7f4e10";
const GRAIN = "#f6e7c8";

/** The mark: three rice grains over "GG" on the brand brown; `inset` shrinks it into a maskable safe zone. */
function svg(size, { inset = 0, rounded = true } = {}) {
  const s = size;
  const pad = s * inset;
  const inner = s - 2 * pad;
  const u = inner / 100; // drawing units: a 100×100 box inside the safe zone
  const grain = (cx, cy, rot) =>
    `<ellipse cx="${pad + cx * u}" cy="${pad + cy * u}" rx="${7 * u}" ry="${16 * u}" fill="${GRAIN}" transform="rotate(${rot} ${pad + cx * u} ${pad + cy * u})"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <rect width="${s}" height="${s}" rx="${rounded ? s * 0.18 : 0}" fill="${BROWN}"/>
  ${grain(34, 28, -30)}${grain(50, 22, 0)}${grain(66, 28, 30)}
  <text x="${pad + 50 * u}" y="${pad + 84 * u}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${38 * u}" fill="${GRAIN}">GG</text>
</svg>`;
}

const targets = [
  { file: "icon-192.png", size: 192, inset: 0.04 },
  { file: "icon-512.png", size: 512, inset: 0.04 },
  // Maskable: the launcher crops to a circle or squircle, so the mark stays in the central 80 % and the
  // background fills the corners (no rounded corners of our own).
  { file: "icon-maskable-512.png", size: 512, inset: 0.14, rounded: false },
  { file: "apple-touch-icon-180.png", size: 180, inset: 0.04, rounded: false },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const t of targets) {
    const page = await browser.newPage({ viewport: { width: t.size, height: t.size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(t.size, t)}</body></html>`);
    await page.locator("svg").screenshot({ path: `public/icons/${t.file}`, omitBackground: true });
    await page.close();
    console.log(`public/icons/${t.file} (${t.size}×${t.size})`);
  }
} finally {
  await browser.close();
}
