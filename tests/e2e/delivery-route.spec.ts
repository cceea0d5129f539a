// A driver's day is a route (issue 24), at 390 and 1280 px: the logistics manager plans today's route for the
// seeded driver (adds two stops, moves the last one up with Move up, saves), and the driver's Home shows the
// planned stops numbered in that order, the next stop first.
import { expect, signIn, test } from "./fixtures";

test("logistics plans the driver's day and the driver's Home lists it in order", async ({ page, browser, baseURL }) => {
  const phone = (page.viewportSize()?.width ?? 1280) < 500;
  await signIn(page, "logistics-manager", "/delivery-routes");
  await expect(page.getByRole("heading", { name: "Delivery routes" })).toBeVisible();
  await page.getByLabel("Driver").selectOption({ label: (await page.getByLabel("Driver").locator("option", { hasText: "Dan Driver" }).textContent())! });

  const planned = page.getByRole("list", { name: "Planned stops" }).getByRole("listitem");
  const open = page.getByRole("list", { name: "Open deliveries on no route" });
  await expect(planned.first().or(open.getByRole("button", { name: /^Add SO-/ }).first()).first()).toBeVisible();
  // Other journeys (this one at the other width among them) plan and deliver this driver's orders too: when
  // fewer than two open deliveries are left off the route, planned ones go back to the list first.
  const addable = open.getByRole("button", { name: /^Add SO-/ });
  for (let guard = 0; guard < 4 && (await addable.count()) < 2; guard++) await planned.last().getByRole("button", { name: /^Remove SO-/ }).click();
  const before = await planned.count();
  const first = (await open.getByRole("button", { name: /^Add SO-/ }).first().getAttribute("aria-label"))!.replace("Add ", "");
  await open.getByRole("button", { name: `Add ${first}` }).click();
  const second = (await open.getByRole("button", { name: /^Add SO-/ }).first().getAttribute("aria-label"))!.replace("Add ", "");
  await open.getByRole("button", { name: `Add ${second}` }).click();
  await expect(planned).toHaveCount(before + 2);

  // Move up: the second added stop goes before the first; the button is a thumb's size.
  const up = page.getByRole("button", { name: `Move up ${second}` });
  const box = (await up.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
  await up.click();
  const numbers = async () => (await planned.allTextContents()).map((t) => /SO-\d+/.exec(t)?.[0] ?? "");
  const order = await numbers();
  expect(order.indexOf(second)).toBe(order.indexOf(first) - 1);

  await page.getByRole("button", { name: "Save route" }).click();
  await expect(page.getByText(/Route saved: \d+ stops? for Dan Driver/)).toBeVisible();
  await expect(page.getByText("Not saved yet")).toHaveCount(0);
  if (phone) await page.screenshot({ path: "tests/e2e/.screens/delivery-routes-plan-phone.png", fullPage: true });

  // The driver's Home: the same stops, numbered in that order, the next stop first.
  const driverPage = await (await browser.newContext({ viewport: page.viewportSize() ?? undefined, baseURL })).newPage();
  await signIn(driverPage, "delivery-driver");
  const stops = driverPage.getByRole("list", { name: "Stops in route order" }).getByRole("listitem");
  await expect(stops.first()).toBeVisible();
  const home = (await stops.allTextContents()).map((t) => /SO-\d+/.exec(t)?.[0] ?? "");
  // Other journeys deliver this driver's orders meanwhile, and a delivered stop leaves the list: the planned
  // stops still there keep their planned order, and ours are among them, the moved one first.
  const kept = order.filter((n) => home.includes(n));
  expect(home.filter((n) => order.includes(n))).toEqual(kept);
  expect(kept).toEqual(expect.arrayContaining([first, second]));
  await expect(stops.first().getByText("Next stop")).toBeVisible();
  await expect(stops.first().getByLabel("Stop 1")).toBeVisible();
  const i = home.indexOf(second);
  await expect(stops.nth(i).getByLabel(`Stop ${i + 1}`)).toBeVisible();
  await expect(stops.nth(i + 1).getByLabel(`Stop ${i + 2}`)).toBeVisible();
  await expect(stops.nth(i + 1)).toContainText(first);
  if (phone) await driverPage.screenshot({ path: "tests/e2e/.screens/delivery-route-driver-home-phone.png", fullPage: true });
  await driverPage.context().close();
});
