// Faults on the production build (npm run preview, decision 027): the Worker reaches its database through a
// proxy this test pauses (LIBSQL_PROXY_PORT), as Turso would stop answering; cross-origin writes to pages,
// TRACE, and a body refused unread on a kept-alive connection. Everything goes through workerd and the
// built Worker, exactly as users get it.
import { connect } from "node:net";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_TIMEOUT_MS, DATABASE_UNAVAILABLE_MESSAGE } from "../../app/lib/db.server";
import { PREVIEW } from "../../playwright.preview.config";
import { expect, signIn, test } from "../e2e/fixtures";
import { untilWriteLockFree } from "../support/write-lock";

test.describe.configure({ mode: "serial" });

/** What a 503 may take beyond the bound on this shared machine. */
const SLACK_MS = 4_000;

async function database(action: "pause" | "resume" | "pause-on", match?: string) {
  const query = match ? `?match=${encodeURIComponent(match)}` : "";
  const res = await fetch(`http://127.0.0.1:${PREVIEW.libsqlProxyControlPort}/${action}${query}`, { method: "POST" });
  expect(res.ok).toBe(true);
}

test.afterEach(async () => {
  await database("resume");
});

/** Two requests on one kept-alive connection; answers the status line of each response received. */
function twoOnOneConnection(first: string, firstBody: Buffer, second: string): Promise<string[]> {
  return new Promise((done, fail) => {
    const socket = connect(Number(PREVIEW.port), "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => socket.end(), 15_000);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if ((received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= 2) socket.end();
    });
    socket.on("error", fail);
    socket.on("close", () => {
      clearTimeout(timer);
      done(received.match(/HTTP\/1\.1 \d{3}/g) ?? []);
    });
    socket.on("connect", () => {
      socket.write(first);
      socket.write(firstBody);
      socket.write(second);
    });
  });
}

test.describe("the front door", () => {
  for (const path of ["/order-tracking", "/request-return", "/login"]) {
    test(`a cross-origin POST to ${path} is 403 with the gate's message, not 500`, async ({ request }) => {
      const res = await request.post(path, { headers: { Origin: "https://evil.example" }, form: { a: "1" }, maxRedirects: 0 });
      expect(res.status()).toBe(403);
      expect(await res.text()).toBe("Cross-site request refused");
    });
  }

  test("so is the page's data request, in the JSON error shape", async ({ request }) => {
    const res = await request.post("/order-tracking.data", { headers: { Origin: "https://evil.example" }, form: { a: "1" } });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "Cross-site request refused" });
  });

  test("TRACE is 405 with Allow, not 500", async ({ request }) => {
    const res = await request.fetch("/login", { method: "TRACE" });
    expect(res.status()).toBe(405);
    expect(res.headers()["allow"]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
  });

  test("a body refused unread (413) leaves its connection usable for the next request", async () => {
    const size = 3 * 1024 * 1024;
    const statuses = await twoOnOneConnection(
      `POST /api/session/login HTTP/1.1\r\nHost: 127.0.0.1:${PREVIEW.port}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      Buffer.alloc(size, 0x20),
      `GET /login HTTP/1.1\r\nHost: 127.0.0.1:${PREVIEW.port}\r\n\r\n`,
    );
    expect(statuses).toEqual(["HTTP/1.1 413", "HTTP/1.1 200"]);
  });
});

test.describe("a database that stops answering", () => {
  // The screens' own calls made while the database is paused (the home page's task list, the order list) get
  // the 503 too, which the browser logs: that is the behaviour under test.
  test.use({ expectedConsoleErrors: [/status of 503 \(Service Unavailable\)/] });

  test("a page shows the 'try again' screen within the bound, and the page again once it answers", async ({ page }) => {
    await signIn(page, "logistics-manager", "/order-tracking");
    await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();

    await database("pause");
    const started = Date.now();
    const res = await page.goto("/order-tracking");
    const took = Date.now() - started;
    expect(res?.status()).toBe(503);
    expect(res?.headers()["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(took).toBeGreaterThanOrEqual(DATABASE_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(DATABASE_TIMEOUT_MS + SLACK_MS);
    await expect(page.getByRole("heading", { level: 1, name: "Please try again" })).toBeVisible();
    await expect(page.getByText(DATABASE_UNAVAILABLE_MESSAGE)).toBeVisible();

    await database("resume");
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Order Tracking" })).toBeVisible();
  });

  test("an /api call gets the JSON 503 with Retry-After within the bound; the next one after it answers succeeds", async ({ page }) => {
    await signIn(page, "logistics-manager", "/");
    await database("pause");
    const started = Date.now();
    const res = await page.request.get("/api/order-trackers?page=1&limit=25");
    expect(Date.now() - started).toBeLessThan(DATABASE_TIMEOUT_MS + SLACK_MS);
    expect(res.status()).toBe(503);
    expect(res.headers()["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(await res.json()).toEqual({ success: false, error: DATABASE_UNAVAILABLE_MESSAGE });
    await database("resume");
    expect((await page.request.get("/api/order-trackers?page=1&limit=25")).status()).toBe(200);
  });

  test("a write stopped between its statements commits nothing; the retry writes it once", async ({ page }) => {
    await signIn(page, "admin", "/");
    const list = await page.request.get("/api/return-requests?status=pending&limit=1");
    expect(list.status()).toBe(200);
    const [target] = (await list.json()) as { _id: number; status: string; version: number }[];
    expect(target?.status).toBe("pending");
    const current = async () => ((await (await page.request.get(`/api/return-requests/${target!._id}`)).json()) as { data: { status: string; version: number } }).data;
    const body = { status: "under_review", remarks: "checked at the dock (fault test)", version: target!.version };

    // The request's UPDATE reaches the server; the audit row written with it in one transaction does not.
    await database("pause-on", "audit_events");
    const started = Date.now();
    const res = await page.request.patch(`/api/return-requests/${target!._id}/status`, { data: body });
    expect(Date.now() - started).toBeLessThan(DATABASE_TIMEOUT_MS + SLACK_MS);
    expect(res.status()).toBe(503);
    expect(await res.json()).toEqual({ success: false, error: DATABASE_UNAVAILABLE_MESSAGE });

    await database("resume");
    await untilWriteLockFree(PREVIEW.dbFile);
    expect(await current()).toMatchObject({ status: "pending", version: target!.version });
    const retry = await page.request.patch(`/api/return-requests/${target!._id}/status`, { data: body });
    expect(retry.status()).toBe(200);
    expect(await current()).toMatchObject({ status: "under_review", version: target!.version + 1 });
  });
});
