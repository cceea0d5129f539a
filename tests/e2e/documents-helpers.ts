// Helpers of the dock-document journeys: finding orders through /api, opening them, drawing a signature,
// and reading a PDF the viewer shows as text (pdftotext).
import { execFileSync } from "node:child_process";
import type { Locator, Page } from "@playwright/test";
import { expect, isPhone } from "./fixtures";

export type ListedOrder = { _id: string; orderNumber: string; orderType: string; warehouseLocation: string; customerName: string };

/** Phone and desktop run in parallel on one database: each takes every other order, so they never share one. */
export function mineOf<T extends { orderNumber: string }>(page: Page, orders: T[]): T[] {
  const sorted = [...orders].sort((a, b) => a.orderNumber.localeCompare(b.orderNumber));
  return sorted.filter((_, i) => i % 2 === (isPhone(page) ? 0 : 1));
}

export async function listOrders(page: Page, query = ""): Promise<ListedOrder[]> {
  const res = await page.request.get(`/api/order-trackers?limit=500&page=1${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: ListedOrder[] }).data;
}

export function orderItems(page: Page): Locator {
  return isPhone(page) ? page.getByRole("list", { name: "Orders" }).getByRole("listitem") : page.getByRole("table", { name: "Orders" }).locator("tbody tr:not([aria-hidden])");
}

/** Searches the list for one order and opens its row. */
export async function openRow(page: Page, orderNumber: string) {
  await expect(orderItems(page).first()).toBeVisible();
  await page.getByLabel("Search by").selectOption("orderNumber");
  await page.getByRole("searchbox", { name: "Search orders" }).fill(orderNumber);
  // The search is debounced and the dev server may be busy: a longer wait than the default.
  await expect(orderItems(page)).toHaveCount(1, { timeout: 45_000 });
  if (isPhone(page)) await page.getByRole("button", { name: new RegExp(`^Open order ${orderNumber}`) }).click();
  else await page.getByRole("button", { name: orderNumber, exact: true }).click();
}

/** Draws a short zig-zag on a signature pad, until the pad says it is signed. */
export async function sign(page: Page, pad: Locator) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await pad.scrollIntoViewIfNeeded();
    await pad.hover();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 3 });
    await page.mouse.up();
    if (/\(signed\)/.test((await pad.getAttribute("aria-label")) ?? "")) return;
  }
  await expect(pad).toHaveAttribute("aria-label", /\(signed\)/);
}

/** The viewer that opened (by its title): waits for the first page drawn, answers the PDF's text. */
export async function viewerText(page: Page, title: string | RegExp): Promise<{ viewer: Locator; text: string }> {
  const viewer = page.getByRole("dialog", { name: title });
  await expect(viewer).toBeVisible();
  // pdf.js and its worker load on the first open: slow on a busy dev server, so a longer wait.
  await expect(viewer.getByRole("img", { name: /^Page 1 of \d+$/ })).toBeVisible({ timeout: 60_000 });
  await expect(viewer.getByRole("link", { name: "Download" })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Print" })).toBeVisible();
  const url = await viewer.getByTestId("pdf-viewer").getAttribute("data-pdf-url");
  const res = await page.request.get(url!);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  const text = execFileSync("/usr/bin/pdftotext", ["-layout", "-", "-"], { input: await res.body() }).toString("utf8");
  return { viewer, text };
}

export const shot = (page: Page, area: string, name: string) =>
  page.screenshot({ path: `tests/e2e/.screens/${area}-${name}-${isPhone(page) ? "phone" : "desktop"}.png` });

/** A real 1x1 PNG, for attachments. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
