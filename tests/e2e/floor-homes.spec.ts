// The homes of the people on the floor, on a 390 px phone: a warehouse employee starts from her picks (Begin
// Picking, Pick List Check), a driver from today's stops in route order (address, map, the wizard one tap
// away); the KPI tiles open Order Tracking with their quick filter.
import { expect, signIn, test } from "./fixtures";

test("@phone-only a warehouse employee's home starts with her picks, Begin Picking opens the picking screen", async ({ page }) => {
  await signIn(page, "warehouse-employee");
  const picks = page.locator("section, div").filter({ has: page.getByRole("heading", { name: /My picks/ }) }).last();
  await expect(page.getByRole("heading", { name: /My picks/ })).toBeVisible();
  const begin = page.getByRole("link", { name: /^Begin Picking SO-\d+$/ });
  await expect(begin.first()).toBeVisible();
  // Her work comes before the module cards, and every button is a thumb's width on the phone.
  const picksTop = (await page.getByRole("heading", { name: /My picks/ }).boundingBox())!.y;
  const cardsTop = (await page.getByRole("region", { name: /modules/i }).boundingBox())!.y;
  expect(picksTop).toBeLessThan(cardsTop);
  const box = (await begin.first().boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(280);
  // No tile counts a field she may not see.
  await expect(page.getByRole("link", { name: /Awaiting Trucking/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Not Delivered/ })).toHaveAttribute("href", "/order-tracking?quick=notDelivered");
  await page.screenshot({ path: "tests/e2e/.screens/floor-home-warehouse-phone.png", fullPage: true });

  await expect(picks.getByRole("link", { name: "Pick List Check" })).toHaveAttribute("href", "/pick-list-check");
  const label = (await begin.first().getAttribute("aria-label"))!;
  const orderNumber = label.replace("Begin Picking ", "");
  await begin.first().click();
  await expect(page).toHaveURL(new RegExp(`/pick-list\\?order=${orderNumber}$`));
  await expect(page.getByText(orderNumber).first()).toBeVisible();

  await page.goto("/");
  await page.getByRole("link", { name: "Pick List Check" }).click();
  await expect(page).toHaveURL(/\/pick-list-check$/);
  await expect(page.getByRole("heading", { name: "Pick List Check" })).toBeVisible();
});

test("@phone-only a driver's home lists today's stops in route order with the address, and opens the delivery", async ({ page }) => {
  await signIn(page, "delivery-driver");
  await expect(page.getByRole("heading", { name: /Today's deliveries/ })).toBeVisible();
  const stops = page.getByRole("list", { name: "Stops in route order" }).getByRole("listitem");
  await expect(stops.first()).toBeVisible();
  await expect(stops.first().getByLabel("Stop 1")).toBeVisible();
  await expect(stops.first().locator("address")).not.toBeEmpty();
  const open = stops.first().getByRole("link", { name: /^Open delivery SO-\d+$/ });
  const box = (await open.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await expect(page.getByRole("link", { name: /Awaiting Trucking/ })).toHaveCount(0);
  await page.screenshot({ path: "tests/e2e/.screens/floor-home-driver-phone.png", fullPage: true });

  const orderNumber = (await open.getAttribute("aria-label"))!.replace("Open delivery ", "");
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/order-tracking#order-${orderNumber}$`));
});

test("office homes keep the spec's cards; each tile opens Order Tracking with its quick filter", async ({ page }) => {
  await signIn(page, "logistics-manager");
  await expect(page.getByRole("heading", { name: /My picks|Today's deliveries/ })).toHaveCount(0);
  const tiles = page.getByRole("region", { name: "Key figures" });
  await expect(tiles.getByRole("link", { name: /Orders Today/ })).toHaveAttribute("href", "/order-tracking?quick=today");
  await expect(tiles.getByRole("link", { name: /Awaiting Trucking/ })).toHaveAttribute("href", "/order-tracking?quick=awaitingTrucking");
  await expect(tiles.getByRole("link", { name: /Not Delivered/ })).toHaveAttribute("href", "/order-tracking?quick=notDelivered");
  // Recent activity reads as sentences and opens the order (whoever acted last: other journeys write meanwhile).
  const activity = page.getByRole("link", { name: /^\w+ \w+ (updated|assigned|set|moved|picked) (the [\w ]+ of )?SO-\d+/ }).first();
  await expect(activity).toBeVisible();
  await expect(activity).toHaveAttribute("href", /^\/order-tracking#order-SO-\d+$/);
  await tiles.getByRole("link", { name: /Not Delivered/ }).click();
  await expect(page).toHaveURL(/\/order-tracking\?quick=notDelivered|\/order-tracking$/);
});
