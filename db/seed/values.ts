// Small value builders the seed's areas share: times, slugs, phone numbers, addresses, product images and ids.
import type * as s from "../schema";
import type { SeedCustomer } from "../seed-data";

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const iso = (ms: number) => new Date(ms).toISOString();
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "");

const AREA_CODES: Record<string, string> = { NY: "718", NJ: "201", VA: "703", TX: "713", CA: "213", CO: "303", FL: "305", GA: "770" };
export const phoneFor = (state: string, n: number) => `(${AREA_CODES[state] ?? "516"}) 555-${String(100 + (n % 900)).padStart(4, "0")}`;
export const customerEmail = (c: SeedCustomer) => `orders@${slug(c.name)}.example`;
export const addressLines = (c: SeedCustomer) => [c.street, ...(c.street2 ? [c.street2] : []), `${c.city}, ${c.state} ${c.zip}`];
export const mapsUrl = (lines: string[]) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(lines.join(", "))}`;
export const imageSet = (sku: string): s.ImageSet => {
  const url = `/images/products/${sku.toLowerCase()}.svg`;
  return { thumbUrl: url, smallUrl: url, mediumUrl: url, largeUrl: url, originalUrl: url };
};
export const productId = (index: number) => `P${1001 + index}`;
