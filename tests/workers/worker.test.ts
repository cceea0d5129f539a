// The built Worker end to end inside workerd: workers/app.ts → Remix → the signed-file route → R2.
// Needs `npm run build` first (the entry imports build/server); without a build the suite is skipped
// unless REQUIRE_WORKER_BUILD=1.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { signFileUrl } from "~/lib/files.server";

type Worker = {
  fetch: (request: Request, env: unknown, ctx: ExecutionContext) => Promise<Response>;
  scheduled: (controller: ScheduledController, env: unknown, ctx: ExecutionContext) => Promise<void>;
};

async function loadWorker(): Promise<Worker | null> {
  const entry = "../../workers/app";
  try {
    return ((await import(/* @vite-ignore */ entry)) as { default: Worker }).default;
  } catch (error) {
    // CI sets REQUIRE_WORKER_BUILD=1 after `npm run build`, so a missing build fails there instead of skipping.
    if (String(error).includes("build/server") && (env as unknown as Record<string, string>).REQUIRE_WORKER_BUILD !== "1") return null;
    throw error;
  }
}

const worker = await loadWorker();
// The Worker only opens remote databases. File requests without a session cookie never query it; the cron
// jobs do, and the pool's outbound stub answers 503, standing in for an unreachable Turso.
const workerEnv = { ...(env as unknown as Record<string, unknown>), DATABASE_URL: "https://rice-ops.turso.invalid" } as unknown as Record<string, unknown> & { FILES: R2Bucket };
const appEnv = parseEnv(workerEnv);

async function call(url: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  const res = await worker!.fetch(new Request(url, init), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe.skipIf(!worker)("the built Worker (workerd)", () => {
  it("serves a signed file through Remix's router", async () => {
    await workerEnv.FILES.put("bol/2025/03/routing-check.pdf", "%PDF-1.7 test", { httpMetadata: { contentType: "application/pdf" }, customMetadata: { filename: "BOL 100234.pdf" } });
    const url = await signFileUrl({ env: appEnv, now: () => new Date() }, "bol/2025/03/routing-check.pdf");
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="BOL 100234.pdf"');
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe("%PDF-1.7 test");
  });

  it("answers a bad signature with the JSON 403", async () => {
    const res = await call("http://127.0.0.1:5173/files/bol%2F2025%2F03%2Frouting-check.pdf?exp=9999999999&sig=" + "0".repeat(64));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("answers an unknown /api path with JSON 404, for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await call("http://127.0.0.1:5173/api/no-such-thing/here", { method });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ success: false, error: "No such API endpoint" });
    }
  });

  it("gives resource answers nosniff, a referrer policy and no-store when the route set none", async () => {
    const res = await call("http://127.0.0.1:5173/api/no-such-thing");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers a wrong method with JSON 405 and Allow, naming no route or file", async () => {
    const res = await call("http://127.0.0.1:5173/api/picklist/passcode/login", { method: "GET" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ success: false, error: "Method not allowed" });
    expect(text).not.toMatch(/routes\/|\.tsx?|at \w+ \(/);
  });

  it("answers a write to a page that takes none with a clean 405", async () => {
    const res = await call("http://127.0.0.1:5173/login", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect(res.status).toBe(405);
    // (Route ids appear in every page's module manifest; what must not appear is the error's own text.)
    const text = await res.text();
    expect(text).not.toMatch(/did not provide an `action`|You made a POST request|at \w+ \(/);
  });

  it("answers malformed percent-encoding with 400, not 500", async () => {
    const api = await call("http://127.0.0.1:5173/api/order-trackers/%E0%A4%A/history");
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ success: false, error: "Malformed URL" });
    const page = await call("http://127.0.0.1:5173/order-tracking%ZZ");
    expect(page.status).toBe(400);
  });

  it("refuses a cross-site write before any session is read", async () => {
    const res = await call("http://127.0.0.1:5173/logout", { method: "POST", headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
  });

  it("runs every job of a trigger even when the database is unreachable, then reports the failure", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const ctx = createExecutionContext();
    const run = worker!.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), workerEnv, ctx);
    await expect(run).rejects.toThrow("Scheduled jobs failed: tasks, housekeeping");
    await waitOnExecutionContext(ctx);
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});
