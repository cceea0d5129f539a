// The one browser client: typed data through the call's contract, or a typed error in plain words with its
// field errors; never a zod path, a stack or "Failed to fetch" for a person to read.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { answer, plainError, plainFieldMessage } from "~/domain/api-contract";
import { apiFetch, apiGet, ApiFailure, readAnswer } from "~/lib/api-client";
import { keyInWords, unplacedErrors } from "~/components/forms/field-errors";

const Row = answer(z.object({ id: z.number(), name: z.string() }));

afterEach(() => vi.unstubAllGlobals());

function serve(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("apiFetch", () => {
  it("answers the envelope's data, typed and parsed", async () => {
    serve(200, { success: true, data: { id: 7, name: "Jasmine", extra: 1 } });
    const r = await apiFetch("/api/x", Row);
    expect(r).toMatchObject({ ok: true, status: 200, data: { id: 7, name: "Jasmine" } });
    expect(r.ok && r.data).toEqual({ id: 7, name: "Jasmine" });
  });

  it("sends JSON with its content type, the idempotency key and same-origin credentials", async () => {
    const f = serve(200, { success: true, data: { id: 1, name: "a" } });
    await apiFetch("/api/x", Row, { method: "PUT", json: { a: 1 }, idempotencyKey: "k1" });
    const [, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe("PUT");
    expect(init.body).toBe('{"a":1}');
    expect(init.credentials).toBe("same-origin");
    expect(init.headers).toMatchObject({ "Content-Type": "application/json", "Idempotency-Key": "k1", Accept: "application/json" });
  });

  it("a write with a body defaults to POST", async () => {
    const f = serve(200, { success: true, data: { id: 1, name: "a" } });
    await apiFetch("/api/x", Row, { json: {} });
    expect((f.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe("POST");
  });

  it("a network failure says what happened to the work, not 'Failed to fetch'", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const save = await apiFetch("/api/x", Row, { method: "POST", json: {} });
    expect(save.ok).toBe(false);
    if (save.ok) return;
    expect(save.error).toMatchObject({ kind: "offline", status: 0 });
    expect(save.error.message).toBe("No connection: this was not saved. Check the signal and try again.");
    const load = await apiFetch("/api/x", Row);
    expect(!load.ok && load.error.message).toBe("No connection: could not load this. Check the signal and try again.");
  });

  it("an answer that never comes is a timeout, not a hang", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn((_: string, init: RequestInit) => new Promise((_r, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))))),
    );
    const r = await apiFetch("/api/x", Row, { method: "POST", json: {}, timeoutMs: 20 });
    expect(!r.ok && r.error.kind).toBe("timeout");
    expect(!r.ok && r.error.message).toMatch(/did not answer in time/);
  });

  it("the caller's own abort is passed on, not reported as a failure", async () => {
    vi.stubGlobal("fetch", vi.fn((_: string, init: RequestInit) => new Promise((_r, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))))));
    const controller = new AbortController();
    const pending = apiFetch("/api/x", Row, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it("a 409 keeps the current row for the screen", async () => {
    serve(409, { success: false, error: "This order was changed by someone else.", data: { id: 7 } });
    const r = await apiFetch("/api/x", Row, { method: "PUT", json: {} });
    expect(!r.ok && r.error).toMatchObject({ kind: "http", status: 409, message: "This order was changed by someone else.", data: { id: 7 } });
  });

  it("an answer off its contract is a plain failure", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serve(200, { success: true, data: { id: "seven" } });
    const r = await apiFetch("/api/x", Row);
    expect(!r.ok && r.error).toMatchObject({ kind: "answer", status: 200 });
  });

  it("apiGet throws the typed failure", async () => {
    serve(403, { success: false, error: "Forbidden: missing grant" });
    const err = await apiGet("/api/x", Row).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiFailure);
    expect((err as ApiFailure).status).toBe(403);
  });
});

describe("readAnswer: the server's failure in plain words", () => {
  const cases: Array<[string, number, unknown, string | null, string, Record<string, string[]>]> = [
    ["a zod path becomes a pointer at the fields", 400, { success: false, error: "Invalid input: addresses.0.postalCode: Too small: expected string to have >=1 characters", fieldErrors: { "addresses.0.postalCode": ["Too small: expected string to have >=1 characters"] } }, null, "Some fields need attention: see the messages next to them.", { "addresses.0.postalCode": ["Required"] }],
    ["a zod text without fields loses its path", 400, { success: false, error: "Invalid input: qty: Too big: expected number to be <=5" }, null, "Must be at most 5", {}],
    ["the server's own sentence is kept", 422, { success: false, error: "Order is already completed" }, null, "Order is already completed", {}],
    ["401 says to sign in", 401, "", null, "Your session has ended. Sign in again to continue.", {}],
    ["429 gives the wait", 429, { success: false }, "30", "Too many attempts. Try again in 30 seconds.", {}],
    ["500's HTML page is not shown", 500, "<!doctype html><html>", null, "Something went wrong on the server (500). Try again in a moment.", {}],
    ["a stack is not shown", 500, { success: false, error: "TypeError: x is undefined at foo.js:1:2" }, null, "Something went wrong on the server (500). Try again in a moment.", {}],
    ["success:false on a 200 is a failure", 200, { success: false, error: "Not allowed now" }, null, "Not allowed now", {}],
  ];
  it.each(cases)("%s", (_name, status, body, retry, message, fieldErrors) => {
    const r = readAnswer("POST", status, typeof body === "string" ? body : JSON.stringify(body), retry, Row);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe(message);
    expect(r.error.fieldErrors).toEqual(fieldErrors);
  });
});

describe("plain words for fields", () => {
  it.each([
    ["Invalid input: expected string, received undefined", "Required"],
    ["Too small: expected string to have >=1 characters", "Required"],
    ["Too small: expected string to have >=3 characters", "Use at least 3 characters"],
    ["Too big: expected string to have <=200 characters", "Use at most 200 characters"],
    ["Too small: expected number to be >=0", "Must be at least 0"],
    ["Too small: expected number to be >0", "Must be more than 0"],
    ["Invalid email address", "Enter a valid email address"],
    ['Invalid option: expected one of "a"|"b"', "Choose one of the options"],
    ["Invalid input: expected number, received NaN", "Enter a number"],
    ["Enter the container number", "Enter the container number"],
  ])("%s → %s", (from, to) => expect(plainFieldMessage(from)).toBe(to));

  it.each([
    ["postalCode", "Postal code"],
    ["addresses.0.postalCode", "Postal code (address 1)"],
    ["items.2.qty", "Qty (item 3)"],
    ["customer_name", "Customer name"],
  ])("%s reads as %s", (key, words) => expect(keyInWords(key)).toBe(words));

  it("errors no field shows are listed with their label; '_' stands alone", () => {
    expect(unplacedErrors({ a: ["Required"], b: ["Too long"], _: ["Pick at least one"] }, ["a"], { b: "Notes" })).toEqual(["Notes: Too long", "Pick at least one"]);
  });

  it("plainError without a server text falls back by status", () => {
    expect(plainError(404, "", {})).toMatch(/no longer here/);
    expect(plainError(403, undefined, {})).toBe("You do not have access to this.");
  });
});

describe("a poll that discards the body", () => {
  it("answers ok without reading a success's body, but still reads a failure's reason", async () => {
    serve(200, { success: true, data: "x".repeat(1000) });
    const r = await apiFetch("/api/x", Row, { discardBody: true });
    expect(r).toMatchObject({ ok: true, status: 200, data: undefined });
    serve(503, { success: false, error: "Database unavailable" });
    const f = await apiFetch("/api/x", Row, { discardBody: true });
    expect(!f.ok && f.error.message).toBe("Database unavailable");
  });
});

describe("apiBytes: a stored file's bytes", () => {
  it("answers the bytes, or the server's reason in plain words", async () => {
    const { apiBytes } = await import("~/lib/api-client");
    vi.stubGlobal("fetch", vi.fn(async () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 })));
    const ok = await apiBytes("/files/x.pdf");
    expect(ok.ok && Array.from(ok.data)).toEqual([37, 80, 68, 70]);
    serve(404, { success: false, error: "File not found" });
    const gone = await apiBytes("/files/y.pdf");
    expect(!gone.ok && gone.error).toMatchObject({ status: 404, message: "File not found" });
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const offline = await apiBytes("/files/z.pdf");
    expect(!offline.ok && offline.error.message).toBe("No connection: could not load this. Check the signal and try again.");
  });
});

describe("a contract loaded with the first call, not the first paint", () => {
  it("apiFetch loads a lazy contract once and parses with it; parseContract reads a 409's row", async () => {
    const { lazy, parseContract } = await import("~/lib/api-client");
    let loads = 0;
    const LazyRow = lazy(async () => {
      loads += 1;
      return Row;
    });
    serve(200, { success: true, data: { id: 1, name: "Basmati" } });
    const first = await apiFetch("/api/x", LazyRow);
    const second = await apiFetch("/api/x", LazyRow);
    expect(first.ok && first.data).toEqual({ id: 1, name: "Basmati" });
    expect(second.ok).toBe(true);
    expect(loads).toBe(1);
    expect(await parseContract(LazyRow, { data: { id: 2, name: "Jasmine" } })).toEqual({ id: 2, name: "Jasmine" });
    expect(await parseContract(LazyRow, { data: { id: "x" } })).toBeNull();
  });

  it("a contract that cannot load (no signal for its chunk) is a plain failure, not a crash", async () => {
    const { lazy } = await import("~/lib/api-client");
    serve(200, { success: true, data: { id: 1, name: "a" } });
    const broken = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    const r = await apiFetch("/api/x", broken);
    expect(!r.ok && r.error.kind).toBe("offline");
    expect(!r.ok && r.error.message).not.toMatch(/Failed to fetch/);
  });
});
