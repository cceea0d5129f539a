// The floor outbox (app/lib/outbox.ts) over fake-indexeddb with a stubbed fetch: a write with no signal is kept,
// then sent exactly once per entry in order when the signal returns; a 401 waits for sign-in, a 422 is refused
// with the server's words, a full phone says so, and the delivery wizard's old outbox is moved in once.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { openDB } from "idb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anyAnswer } from "~/domain/api-messages";

type Outbox = typeof import("~/lib/outbox");
type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

let calls: Call[];
let answer: (call: Call) => Response | "offline";
let outbox: Outbox;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(async () => {
  // A fresh phone per test: an empty IndexedDB and a fresh module (its open DB and owner).
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
  calls = [];
  answer = () => "offline";
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, method: init.method ?? "GET", headers: (init.headers ?? {}) as Record<string, string>, body: init.body };
      calls.push(call);
      const a = answer(call);
      if (a === "offline") throw new TypeError("Failed to fetch");
      return a;
    }),
  );
  outbox = await import("~/lib/outbox");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the floor outbox", () => {
  it("answers now when the server answers, with Idempotency-Key and X-Acted-At", async () => {
    answer = () => json(200, { success: true, data: { id: 1 } });
    const r = await outbox.sendThroughOutbox({ path: "/api/a", json: { x: 1 }, label: "A", group: "SO-1", idempotencyKey: "k1" }, anyAnswer);
    expect(r.ok).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["Idempotency-Key"]).toBe("k1");
    expect(calls[0]!.headers["X-Acted-At"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await outbox.outboxCount()).toEqual({ waiting: 0, needsYou: 0 });
  });

  it("keeps writes with no signal, queues a later one of the group behind them, then sends each once in order", async () => {
    const first = await outbox.sendThroughOutbox({ path: "/api/out", json: {}, label: "Out for delivery SO-1", group: "SO-1" }, anyAnswer);
    expect(first.ok).toBe("queued");
    // The signal is back, but the completion must not overtake the waiting out-for-delivery.
    answer = () => json(200, { success: true, data: {} });
    const second = await outbox.sendThroughOutbox({ path: "/api/complete", json: { done: true }, label: "Completion of SO-1", group: "SO-1" }, anyAnswer);
    expect(second.ok).toBe("queued");
    expect(calls).toHaveLength(1);
    expect(await outbox.outboxCount()).toEqual({ waiting: 2, needsYou: 0 });

    const sent: string[] = [];
    outbox.onOutboxAnswered((e) => sent.push(`${e.verdict} ${e.entry.label}`));
    await outbox.flushOutbox(true);
    await outbox.flushOutbox(true);
    expect(calls.slice(1).map((c) => c.url)).toEqual(["/api/out", "/api/complete"]);
    expect(sent).toEqual(["sent Out for delivery SO-1", "sent Completion of SO-1"]);
    // Each was sent with its own key, and the same key as when it was first tried.
    expect(calls[1]!.headers["Idempotency-Key"]).toBe(calls[0]!.headers["Idempotency-Key"]);
    expect(calls[1]!.headers["X-Acted-At"]).toBe(calls[0]!.headers["X-Acted-At"]);
    expect(await outbox.outboxCount()).toEqual({ waiting: 0, needsYou: 0 });
  });

  it("keeps a photo (FormData with a Blob) and sends it as multipart", async () => {
    const form = new FormData();
    form.append("image", new Blob(["jpeg-bytes"], { type: "image/jpeg" }), "cod.jpg");
    form.append("note", "at the door");
    expect((await outbox.sendThroughOutbox({ path: "/api/photo", form, label: "COD photo for SO-1", group: "SO-1" }, anyAnswer)).ok).toBe("queued");
    answer = () => json(201, { success: true, data: {} });
    await outbox.flushOutbox(true);
    const body = calls[1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get("note")).toBe("at the door");
    const image = body.get("image") as File;
    expect(image.name).toBe("cod.jpg");
    expect(await image.text()).toBe("jpeg-bytes");
  });

  it("a 5xx keeps it with backoff and stops its group; the next due flush sends it", async () => {
    await outbox.sendThroughOutbox({ path: "/api/a", json: {}, label: "A", group: "SO-1" }, anyAnswer);
    answer = () => json(503, { success: false, error: "busy" });
    await outbox.flushOutbox(true);
    const [kept] = await outbox.listEntries();
    expect(kept!.attempts).toBe(2);
    expect(kept!.nextAttemptAt).toBeGreaterThan(Date.now());
    await outbox.flushOutbox();
    expect(calls).toHaveLength(2);
  });

  it("a 401 waits for sign-in (kept) and a 422 is refused with the server's words, both 'needs you'", async () => {
    await outbox.sendThroughOutbox({ path: "/api/a", json: {}, label: "A", group: "SO-1" }, anyAnswer);
    await outbox.sendThroughOutbox({ path: "/api/b", json: {}, label: "B", group: "SO-2" }, anyAnswer);
    answer = (c) => (c.url === "/api/a" ? json(401, { success: false, error: "Unauthorized" }) : json(422, { success: false, error: "Invalid input", fieldErrors: { receiver: ["Required"] } }));
    await outbox.flushOutbox(true);
    const entries = await outbox.listEntries();
    expect(entries.map((e) => [e.label, e.state, e.refusal?.status])).toEqual([
      ["A", "signin", 401],
      ["B", "refused", 422],
    ]);
    expect(entries[1]!.refusal!.fieldErrors).toEqual({ receiver: ["Required"] });
    expect(await outbox.outboxCount()).toEqual({ waiting: 0, needsYou: 2 });
    // Not sent again on its own; Try again sends it; Discard removes it.
    await outbox.flushOutbox(true);
    expect(calls).toHaveLength(4);
    answer = () => json(200, { success: true, data: {} });
    await outbox.retryEntry(entries[0]!.id);
    await outbox.discardEntry(entries[1]!.id);
    expect(calls).toHaveLength(5);
    expect(await outbox.listEntries()).toEqual([]);
  });

  it("a refusal answered at once goes back to the caller, not into the outbox", async () => {
    answer = () => json(409, { success: false, error: "Order was cancelled" });
    const r = await outbox.sendThroughOutbox({ path: "/api/a", json: {}, label: "A", group: "SO-1" }, anyAnswer);
    expect(r.ok).toBe(false);
    if (r.ok === false) expect(r.error.status).toBe(409);
    expect(await outbox.listEntries()).toEqual([]);
  });

  it("another owner's writes wait for their owner", async () => {
    outbox.setOutboxOwner("picker@x.com");
    await outbox.sendThroughOutbox({ path: "/api/a", json: {}, label: "A", group: "SO-1" }, anyAnswer);
    outbox.setOutboxOwner("driver@x.com");
    answer = () => json(200, { success: true, data: {} });
    await outbox.flushOutbox(true);
    expect(calls).toHaveLength(1);
    expect(await outbox.outboxCount()).toEqual({ waiting: 0, needsYou: 0 });
    outbox.setOutboxOwner("Picker@x.com");
    await outbox.flushOutbox(true);
    expect(calls).toHaveLength(2);
  });

  it("says the phone is full instead of dropping the write silently", async () => {
    const { IDBObjectStore: Store } = await import("fake-indexeddb");
    const put = vi.spyOn(Store.prototype, "put").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    const r = await outbox.sendThroughOutbox({ path: "/api/a", json: {}, label: "A", group: "SO-1" }, anyAnswer);
    put.mockRestore();
    expect(r).toEqual({ ok: false, error: { kind: "offline", status: 0, message: "This phone's storage is full, so this was not kept. Free some space, or send it again with signal.", fieldErrors: {} } });
  });

  it("moves the old delivery outbox in once (same key, label, body) and deletes it", async () => {
    const old = await openDB("delivery-outbox", 1, { upgrade: (d) => void d.createObjectStore("requests", { keyPath: "id" }) });
    await old.put("requests", { id: "old-1", url: "/api/delivery/7/complete", method: "POST", idempotencyKey: "old-key", body: { kind: "json", text: '{"a":1}' }, label: "Completion of SO-7", orderNumber: "SO-7", createdAt: 500, attempts: 0 });
    old.close();
    const [moved] = await outbox.listEntries();
    expect(moved).toMatchObject({ path: "/api/delivery/7/complete", idempotencyKey: "old-key", label: "Completion of SO-7", group: "SO-7", state: "waiting", actedAt: new Date(500).toISOString() });
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain("delivery-outbox");
    answer = () => json(200, { success: true, data: {} });
    await outbox.flushOutbox(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["Idempotency-Key"]).toBe("old-key");
    expect(calls[0]!.body).toBe('{"a":1}');
  });
});
