// The admin panel (spec 002 §2) as an admin at 390 and 1280 px: the shell and every screen, a role change
// that takes effect on the other member's next request, a deactivated passcode ending a live picking
// session, the Unsaved changes bar and leave warning, and every save saying whether it worked; and the
// panel closed to a non-admin. Phone and desktop run at once against one database, so each project edits
// its own rows (members, locations, keys, names).
import type { Browser, Page } from "@playwright/test";
import { expect, expectConsoleErrors, isPhone, signIn, signInAs, test } from "./fixtures";

// Long journeys on a shared, busy machine: each walks several screens and saves.
test.describe.configure({ timeout: 180_000 });

const SCREENS = [
  ["users", "Users"],
  ["locations", "Locations"],
  ["workers", "Workers"],
  ["email-routing", "Email Routing"],
  ["picklist-passcodes", "Picklist Passcodes"],
  ["rbac-debug", "RBAC Debug"],
] as const;

const width = (page: Page) => (isPhone(page) ? "390" : "1280");

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `tests/e2e/.screens/admin-${name}-${width(page)}.png`, fullPage: true });
}

/** A second browser context signed in as another member (their own session). */
async function memberSession(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  await signInAs(page, email);
  return { context, page };
}

test("the admin shell: redirects, the rail or the phone's menu toggle, every screen", async ({ page }) => {
  await signIn(page, "admin", "/admin-access");
  await expect(page).toHaveURL(/\/admin\/access\/users$/);
  await page.goto("/admin/access");
  await expect(page).toHaveURL(/\/admin\/access\/users$/);
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  for (const [path, title] of SCREENS) {
    if (isPhone(page)) {
      await expect(page.getByRole("navigation", { name: "Admin Panel" })).toBeHidden();
      await page.getByRole("button", { name: "Show Admin Menu" }).click();
      await expect(page.getByRole("button", { name: "Hide Admin Menu" })).toBeVisible();
    }
    await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/access/${path}$`));
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    if (isPhone(page)) await expect(page.getByRole("button", { name: "Show Admin Menu" })).toBeVisible();
    await shot(page, path);
  }
});

test("users: a role change takes effect on the member's next request; Discard, the leave warning, Effective permissions", async ({ page, browser }) => {
  // Each project changes its own member.
  const member = isPhone(page) ? "sara@goldengrain.test" : "sales@goldengrain.test";
  const other = await memberSession(browser, member);
  expect((await (await other.page.request.get("/api/me")).json()).data.roleId).toBe("sales-rep");

  await signIn(page, "admin", "/admin/access/users");
  await page.getByRole("searchbox", { name: "Search name or email" }).fill(member);
  await expect(page.getByTestId("admin-user-row")).toHaveCount(1);
  const role = page.getByRole("combobox", { name: `Role of ${member}` });
  await expect(role).toHaveValue("sales-rep");

  // The draft differs: the bar appears; Discard restores the saved copy.
  await role.selectOption("logistics-manager");
  const bar = page.getByRole("region", { name: "Unsaved changes" });
  await expect(bar).toBeVisible();
  await bar.getByRole("button", { name: "Discard" }).click();
  await expect(bar).toBeHidden();
  await expect(role).toHaveValue("sales-rep");

  // Leaving with unsaved changes asks first; declining stays.
  await role.selectOption("logistics-manager");
  if (isPhone(page)) await page.getByRole("button", { name: "Show Admin Menu" }).click();
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Locations" }).click();
  const leave = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(leave.getByText("You have unsaved changes. Leave without saving?")).toBeVisible();
  await shot(page, "users-leave-question");
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/access\/users$/);
  await expect(bar).toBeVisible();

  // Effective permissions for the one selected member, from the draft role.
  const panel = page.getByRole("complementary", { name: "Effective permissions" });
  await expect(panel.getByText("Select one user to preview.")).toBeVisible();
  await page.getByRole("checkbox", { name: /^Select (Sara Santos|Sam Sales)$/ }).check();
  await expect(panel.getByText("Logistics Manager")).toBeVisible();
  await expect(panel.getByText("orders", { exact: true })).toBeVisible();
  await expect(page.getByRole("toolbar", { name: "Bulk actions" }).getByRole("button", { name: "Set role…" })).toBeVisible();
  await shot(page, "users-effective");

  await bar.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Users updated").first()).toBeVisible();
  await expect(bar).toBeHidden();

  // The member's next request carries the new role: the orders:trucking grant and the manager's nav.
  const me = (await (await other.page.request.get("/api/me")).json()).data;
  expect(me.roleId).toBe("logistics-manager");
  expect(me.grants.map((g: { key: string }) => g.key)).toContain("orders:trucking");

  // Nothing left to save says so; then the role goes back.
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(page.getByText("No changes to save")).toBeVisible();
  await role.selectOption("sales-rep");
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Users updated").first()).toBeVisible();
  // The first save's toast may still be up: the bar going away is this save's answer.
  await expect(bar).toBeHidden();
  expect((await (await other.page.request.get("/api/me")).json()).data.roleId).toBe("sales-rep");

  // An admin cannot remove their own admin role: the server's reason is shown.
  await page.getByRole("searchbox", { name: "Search name or email" }).fill("admin@goldengrain.test");
  await expect(page.getByTestId("admin-user-row")).toHaveCount(1);
  expectConsoleErrors(/status of 403 .*\/api\/admin\/users\/bulk/);
  await page.getByRole("combobox", { name: "Role of admin@goldengrain.test" }).selectOption("sales-rep");
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("You cannot remove your own admin role.")).toBeVisible();
  await bar.getByRole("button", { name: "Discard" }).click();
  await other.context.close();
});

test("passcodes: create, Rotate badge, Edit Warehouses, and deactivating ends a live picking session", async ({ page, browser }) => {
  const code = `E2E-${width(page)}-${Date.now().toString(36)}`.toUpperCase();
  const label = `Journey ${width(page)} ${code.slice(-5)}`;
  await signIn(page, "admin", "/admin/access/picklist-passcodes");
  await expect(page.getByText("Rotate", { exact: true }).filter({ visible: true }).first()).toBeVisible(); // the seed's 45-day-old dock tablet code
  const create = page.getByRole("button", { name: "Create Passcode" });
  await expect(create).toBeDisabled();
  await page.getByLabel("Label", { exact: true }).fill(label);
  await expect(create).toBeDisabled();
  await page.getByLabel("Code", { exact: true }).fill("short");
  await expect(create).toBeEnabled();
  expectConsoleErrors(/status of 400 .*\/api\/picklist\/passcode/);
  await create.click();
  await expect(page.getByRole("alert").filter({ hasText: "Code must be at least 6 characters" })).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Valid Hours (optional)").fill("8");
  await page.getByRole("button", { name: "NY-MAIN" }).first().click();
  await create.click();
  await expect(page.getByText(`Passcode '${label}' created`)).toBeVisible();
  const row = page.getByTestId("passcode-row").filter({ visible: true }).filter({ hasText: label });
  await expect(row).toContainText("NY-MAIN");
  await expect(page.locator("body")).not.toContainText(code);

  // A warehouse phone opens a picking session with the new code.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto("/pick-list");
  const login = await phonePage.request.post("/api/picklist/passcode/login", { data: { code } });
  expect(login.status()).toBe(200);
  expect((await (await phonePage.request.get("/api/picklist/session")).json()).authenticated).toBe(true);

  // Edit Warehouses.
  await row.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Warehouses" });
  await dialog.getByRole("button", { name: "NJ-WH" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Warehouses saved")).toBeVisible();
  await expect(row).toContainText("NY-MAIN, NJ-WH");
  expect((await (await phonePage.request.get("/api/picklist/session")).json()).user.allowedLocations).toEqual(["NY-MAIN", "NJ-WH"]);

  // Deactivate after confirmation: the phone's session ends at once.
  await row.getByRole("button", { name: "Deactivate" }).click();
  await page.getByRole("dialog", { name: "Deactivate passcode" }).getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText(`Passcode '${label}' deactivated; its sessions have ended`)).toBeVisible();
  await expect(row.getByText("Inactive")).toBeVisible();
  expect((await (await phonePage.request.get("/api/picklist/session")).json()).authenticated).toBe(false);
  await shot(page, "passcodes-after");

  // Search by label; Delete after confirmation.
  await page.getByRole("searchbox", { name: "Search label" }).fill(label);
  await expect(page.getByTestId("passcode-row").filter({ visible: true })).toHaveCount(1);
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete passcode" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No passcodes found.")).toBeVisible();
  await phone.close();
});

test("email routing, locations and workers: each save says whether it worked", async ({ page }) => {
  const tag = `e2e${width(page)}`;
  const key = `E2E KEY ${width(page)} ${Date.now().toString(36)}`;
  await signIn(page, "admin", "/admin/access/email-routing");
  await page.getByRole("textbox", { name: "Add key (ID or Name)" }).fill(`  ${key}  `);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("button", { name: key, exact: true })).toHaveAttribute("aria-pressed", "true");
  const to = page.getByLabel("To", { exact: true });
  await to.fill(`dock-${tag}@goldengrain.test; not-an-email,`);
  await expect(page.locator("[data-invalid=true]")).toHaveText(/not-an-email/);
  await to.press("Backspace"); // removes the last chip (the invalid one)
  await expect(page.locator("[data-invalid=true]")).toHaveCount(0);
  await page.getByLabel("CC", { exact: true }).fill("bad@,");
  expectConsoleErrors(/status of 400 .*\/api\/admin\/email-routing/);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Failed to save: Invalid email: bad@" })).toBeVisible();
  await page.getByRole("button", { name: "Remove bad@" }).click();
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/admin/email-routing") && r.request().method() === "PUT"),
    page.getByRole("button", { name: "Save Changes" }).click(),
  ]);
  expect(saved.status(), await saved.text()).toBe(200);
  await expect(page.locator("p[role=status]")).toHaveText("Saved");
  await shot(page, "email-routing-saved");

  // Locations: a tag on this project's own location; only changed groups are sent.
  const location = isPhone(page) ? "FL Distribution" : "NJ Warehouse";
  await page.goto("/admin/access/locations");
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(page.getByText("No changes", { exact: true })).toBeVisible();
  const tagBox = page.getByRole("textbox", { name: `Add tag to ${location}` });
  await tagBox.fill(` ${tag} `);
  await tagBox.press("Enter");
  await expect(page.getByRole("button", { name: `Remove ${tag} from ${location}` })).toBeVisible();
  await page.getByRole("region", { name: "Unsaved changes" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Location groups saved")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: `Remove ${tag} from ${location}` })).toBeVisible();
  await page.getByRole("button", { name: `Remove ${tag} from ${location}` }).click();
  await page.getByRole("region", { name: "Unsaved changes" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Location groups saved")).toBeVisible();

  // Workers: + New (default role), Done, Edit / Cancel, a bad email refused with the server's reason, Delete.
  const run = Date.now().toString().slice(-4);
  const name = `Journey Worker ${width(page)} ${run}`;
  await page.goto("/admin/access/workers");
  await expect(page.getByRole("checkbox", { name: "Active only" })).toBeChecked();
  await page.getByRole("button", { name: "+ New" }).click();
  await expect(page.getByRole("textbox", { name: "Role" })).toHaveValue("Warehouse Staff");
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("textbox", { name: "Phone" }).fill(`(555) ${width(page)}-${run}`);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Workers saved")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search name/email/phone" }).fill(`${width(page)}-${run}`);
  const row = page.getByTestId("admin-worker-row").filter({ hasText: name });
  await expect(page.getByTestId("admin-worker-row")).toHaveCount(1);
  await expect(row).toContainText("(no email)");
  await expect(row).toContainText("(no locations)");
  await expect(row).toContainText("(all types)");
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  expectConsoleErrors(/status of 400 .*\/api\/warehouse-workers\/\d+/);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Update failed")).toBeVisible();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByTestId("admin-worker-row").getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("dialog", { name: "Delete worker" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
  await expect(page.getByTestId("admin-worker-row")).toHaveCount(0);
});

test("RBAC debug: effective grants and the orders scope diagnostic, timing, remembered target", async ({ page }) => {
  await signIn(page, "admin", "/admin/access/rbac-debug");
  await page.getByLabel("Target email").fill("driver@goldengrain.test");
  await page.getByRole("button", { name: "Effective Grants" }).click();
  await expect(page.getByRole("status")).toHaveText(/Effective Grants: OK in \d+ ms/);
  await expect(page.getByTestId("rbac-result")).toContainText('"roleId": "delivery-driver"');
  await expect(page.getByTestId("rbac-result")).toContainText('"allowedLocs"');
  await page.getByRole("button", { name: "Orders Scope Diagnostic" }).click();
  await expect(page.getByTestId("rbac-result")).toContainText('"leakedLocations": []');
  await expect(page.getByTestId("rbac-result")).toContainText('"scope": "@location"');
  await page.getByRole("button", { name: "Me", exact: true }).click();
  await expect(page.getByTestId("rbac-me")).toContainText('"isAdmin": true');
  await page.getByRole("button", { name: "Flush RBAC Cache" }).click();
  await expect(page.getByRole("status")).toHaveText(/Flush RBAC Cache: OK in \d+ ms/);
  await page.getByLabel("Target email").fill("nobody@goldengrain.test");
  expectConsoleErrors(/status of 404 .*\/api\/admin\/rbac\/debug\/effective-grants/);
  await page.getByRole("button", { name: "Effective Grants" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No user with email nobody@goldengrain.test" })).toBeVisible();
  await shot(page, "rbac-debug-result");
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByTestId("rbac-result")).toHaveText("—");
  await page.reload();
  await expect(page.getByLabel("Target email")).toHaveValue("nobody@goldengrain.test");
});

test("a non-admin finds the panel and its calls closed", async ({ page }) => {
  expectConsoleErrors(/status of 403 .*\/admin\/access\/rbac-debug/);
  await signIn(page, "logistics-manager", "/admin/access/rbac-debug");
  await expect(page.getByText("You must be an admin to view this panel.")).toBeVisible();
  for (const path of ["/api/admin/users", "/api/admin/email-routing", "/api/picklist/passcode", "/api/rbac/roles", "/api/warehouse-locations"]) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  expect((await page.request.post("/api/picklist/passcode/deactivate", { data: { id: 1 } })).status()).toBe(403);
});
