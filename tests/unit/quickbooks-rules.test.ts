// The QuickBooks rules the screens and the client share: query escaping, the auth-problem rule and the retry,
// money, addresses and QuickBooks times, the balance match, the connection's state, the query schemas.
import { describe, expect, it, vi } from "vitest";
import { connectionState, formatEastern, NOT_CONNECTED, type QboConnectionStatus } from "~/domain/quickbooks/connection";
import { formatAddress, formatBalance, formatDeliveryMethod, formatQboTime, pickBalanceMatch } from "~/domain/quickbooks/customers";
import { customerSearchQuerySchema } from "~/domain/quickbooks/schemas";
import { isQboAuthProblem, needsReconnect, QBO_MESSAGES } from "~/domain/quickbooks/errors";
import { customerSearchStatement, displayNameContains, escapeQboString, nameContains } from "~/domain/quickbooks/query";
import { failureOf, retryOnceAfterEnsureAuth } from "~/domain/quickbooks/retry";
import { parseQboQuery } from "../../stand-ins/qbo-query";

describe("escapeQboString", () => {
  it.each<[string, string]>([
    ["plain", "plain"],
    ["tony's", "tony\\'s"],
    ["back\\slash", "back\\\\slash"],
    ["\\'", "\\\\\\'"],
    ["''", "\\'\\'"],
    ["%_", "%_"],
  ])("%s → %s", (input, expected) => {
    expect(escapeQboString(input)).toBe(expected);
  });
});

describe("displayNameContains", () => {
  it.each<[string, string, boolean]>([
    ["", "", false],
    ["   ", "", false],
    ["golden", " where DisplayName like '%golden%'", false],
    ["  golden  ", " where DisplayName like '%golden%'", false],
    ["tony's", " where DisplayName like '%tony\\'s%'", false],
    ["50%", " where DisplayName like '%50%'", true],
    ["50% off", " where DisplayName like '% off%'", true],
    ["a% longer piece", " where DisplayName like '% longer piece%'", true],
    ["%", "", true],
    ["%%%", "", true],
    ["x'%", " where DisplayName like '%x\\'%'", true],
  ])("%j → %j (exact filter: %s)", (term, where, exact) => {
    expect(displayNameContains(term)).toEqual({ where, exact });
  });

  const hostile = ["x' or DisplayName like '%", "\\", "\\'", "'; --", "a\\' or 1=1 or '", "%'%", "Gold%n", "' AND Id = '1", "\u00e9\u5317\ud83c\udf5a"];
  it.each(hostile)("%j parses as one DisplayName condition whose value is the term, never more", (term) => {
    const { statement } = customerSearchStatement(term, 5);
    const parsed = parseQboQuery(statement);
    expect(parsed.entity).toBe("Customer");
    expect(parsed.maxResults).toBe(5);
    expect(parsed.where.length).toBeLessThanOrEqual(1);
    for (const cond of parsed.where) {
      expect(cond).toMatchObject({ field: "DisplayName", op: "like" });
      // What QuickBooks reads back is the term (or its longest %-free piece), between the two wildcards.
      const value = String(cond.values[0]);
      expect(value.startsWith("%") && value.endsWith("%")).toBe(true);
      expect(term.includes(value.slice(1, -1))).toBe(true);
    }
  });
});

describe("nameContains", () => {
  it.each<[string, string, boolean]>([
    ["Golden Dragon", "dragon", true],
    ["Golden Dragon", "DRAGON ", true],
    ["50% Off Deli", "50% off", true],
    ["500 Offers", "50% off", false],
    ["Tony's", "tony's", true],
  ])("%s contains %s: %s", (name, term, expected) => {
    expect(nameContains(name, term)).toBe(expected);
  });
});

describe("isQboAuthProblem (spec 001 §8)", () => {
  it.each<[string, { error?: string; code?: unknown }, boolean]>([
    ["not connected", { error: QBO_MESSAGES.notConnected, code: "qbo_not_connected" }, true],
    ["refresh refused", { error: QBO_MESSAGES.reconnect, code: "qbo_reconnect" }, true],
    ["access token refused", { error: QBO_MESSAGES.auth(401), code: "qbo_auth" }, true],
    ["rate limited, though it names QuickBooks", { error: QBO_MESSAGES.rateLimited(30), code: "qbo_rate_limited" }, false],
    ["an outage, though it names QuickBooks", { error: QBO_MESSAGES.unavailable(500), code: "qbo_unavailable" }, false],
    ["a timeout", { error: QBO_MESSAGES.timeout(10_000), code: "qbo_timeout" }, false],
    ["no code: unauthorized", { error: "Unauthorized" }, true],
    ["no code: forbidden", { error: "Forbidden" }, true],
    ["no code: token", { error: "invalid token" }, true],
    ["no code: realm", { error: "unknown realm" }, true],
    ["no code: expired", { error: "Session EXPIRED" }, true],
    ["no code: 401", { error: "HTTP 401" }, true],
    ["no code: 403", { error: "status 403" }, true],
    ["no code: quickbooks", { error: "QuickBooks said no" }, true],
    ["no code: something else", { error: "Request failed" }, false],
    ["no code: empty", { error: "" }, false],
    ["an unknown code is judged by the words", { error: "token expired", code: "other" }, true],
  ])("%s → %s", (_label, failure, expected) => {
    expect(isQboAuthProblem(failure)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    ["qbo_not_connected", true],
    ["qbo_reconnect", true],
    ["qbo_auth", false],
    ["qbo_timeout", false],
    [undefined, false],
  ])("needsReconnect(%s) → %s", (code, expected) => {
    expect(needsReconnect({ code })).toBe(expected);
  });
});

describe("retryOnceAfterEnsureAuth", () => {
  const authFailure = Object.assign(new Error(QBO_MESSAGES.auth(401)), { code: "qbo_auth", status: 502 });
  const outage = Object.assign(new Error(QBO_MESSAGES.unavailable(500)), { code: "qbo_unavailable", status: 502 });

  it("a success is returned without ensure-auth", async () => {
    const ensure = vi.fn();
    await expect(retryOnceAfterEnsureAuth(async () => 1, ensure)).resolves.toBe(1);
    expect(ensure).not.toHaveBeenCalled();
  });

  it("an authorization problem: ensure-auth, then one retry", async () => {
    const call = vi.fn().mockRejectedValueOnce(authFailure).mockResolvedValueOnce("ok");
    const ensure = vi.fn().mockResolvedValue({});
    await expect(retryOnceAfterEnsureAuth(call, ensure)).resolves.toBe("ok");
    expect(call).toHaveBeenCalledTimes(2);
    expect(ensure).toHaveBeenCalledTimes(1);
  });

  it("only once: a second authorization failure is the answer", async () => {
    const call = vi.fn().mockRejectedValue(authFailure);
    const ensure = vi.fn().mockResolvedValue({});
    await expect(retryOnceAfterEnsureAuth(call, ensure)).rejects.toBe(authFailure);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it("ensure-auth failing is the answer; the call is not repeated", async () => {
    const reconnect = Object.assign(new Error(QBO_MESSAGES.reconnect), { code: "qbo_reconnect" });
    const call = vi.fn().mockRejectedValue(authFailure);
    await expect(retryOnceAfterEnsureAuth(call, () => Promise.reject(reconnect))).rejects.toBe(reconnect);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("other failures are not retried", async () => {
    const call = vi.fn().mockRejectedValue(outage);
    const ensure = vi.fn();
    await expect(retryOnceAfterEnsureAuth(call, ensure)).rejects.toBe(outage);
    expect(ensure).not.toHaveBeenCalled();
  });

  it.each<[unknown, ReturnType<typeof failureOf>]>([
    [authFailure, { error: QBO_MESSAGES.auth(401), code: "qbo_auth", status: 502 }],
    [{ error: "x", code: "qbo_timeout" }, { error: "x", code: "qbo_timeout", status: undefined }],
    ["text", null],
    [null, null],
    [{ nothing: true }, null],
  ])("failureOf(%j)", (thrown, expected) => {
    expect(failureOf(thrown)).toEqual(expected);
  });
});

describe("display", () => {
  it.each<[number | null | undefined, string]>([
    [0, "$0.00"],
    [1234.5, "$1,234.50"],
    [-20, "-$20.00"],
    [0.1 + 0.2, "$0.30"],
    [null, "—"],
    [undefined, "—"],
    [Number.NaN, "—"],
  ])("formatBalance(%s) → %s", (value, expected) => {
    expect(formatBalance(value)).toBe(expected);
  });

  it.each<[Parameters<typeof formatAddress>[0], string]>([
    [null, "No address"],
    [undefined, "No address"],
    [{ line1: "145 Mott St", city: "New York", state: "NY", postalCode: "10013" }, "145 Mott St, New York, NY 10013"],
    [{ line1: "", city: "Hoboken", state: "NJ", postalCode: "" }, "Hoboken, NJ"],
    [{ line1: " ", city: "", state: "", postalCode: "" }, "No address"],
  ])("formatAddress(%j) → %s", (address, expected) => {
    expect(formatAddress(address)).toBe(expected);
  });

  it.each<[string | null, string]>([
    ["Email", "Email"],
    [" Print ", "Print"],
    [null, "—"],
    ["", "—"],
  ])("formatDeliveryMethod(%j) → %s", (value, expected) => {
    expect(formatDeliveryMethod(value)).toBe(expected);
  });

  it.each<[string | null, string]>([
    ["2023-01-05T09:12:00-08:00", "Jan 5, 2023, 9:12 AM (UTC-8)"],
    ["2024-12-31T00:05:00-07:00", "Dec 31, 2024, 12:05 AM (UTC-7)"],
    ["2024-07-04T12:30:45.123Z", "Jul 4, 2024, 12:30 PM (UTC)"],
    ["2024-07-04T12:30:00+05:30", "Jul 4, 2024, 12:30 PM (UTC+5:30)"],
    ["2024-07-04T23:59:00", "Jul 4, 2024, 11:59 PM"],
    ["yesterday", "yesterday"],
    ["2024-13-01T00:00:00Z", "2024-13-01T00:00:00Z"],
    [null, "—"],
  ])("formatQboTime(%j) → %s", (value, expected) => {
    expect(formatQboTime(value)).toBe(expected);
  });

  it("formatEastern names the zone and keeps the day in New York", () => {
    expect(formatEastern("2025-06-18T15:30:00.000Z")).toBe("Jun 18, 2025, 11:30 AM EDT");
    expect(formatEastern("2025-01-02T03:04:00.000Z")).toBe("Jan 1, 2025, 10:04 PM EST");
    expect(formatEastern(null)).toBe("—");
  });
});

describe("pickBalanceMatch", () => {
  const results = [
    { displayName: "Golden Dragon Express", balance: 10 },
    { displayName: "Golden Dragon Restaurant", balance: 20 },
  ];
  it.each<[string, string | null]>([
    ["Golden Dragon Restaurant", "Golden Dragon Restaurant"],
    ["  golden   dragon RESTAURANT ", "Golden Dragon Restaurant"],
    ["Golden Dragon", "Golden Dragon Express"],
  ])("%j → %s", (name, expected) => {
    expect(pickBalanceMatch(name, results)?.displayName ?? null).toBe(expected);
  });
  it("nothing found → null ('Not found')", () => {
    expect(pickBalanceMatch("Anyone", [])).toBeNull();
  });
});

describe("connectionState", () => {
  const now = new Date("2025-06-18T15:30:00.000Z");
  const connected: QboConnectionStatus = {
    connected: true,
    realmId: "1",
    connectedBy: "admin@goldengrain.test",
    connectedAt: "2025-06-18T15:00:00.000Z",
    accessTokenExpiresAt: "2025-06-18T16:00:00.000Z",
    refreshTokenExpiresAt: "2025-09-18T15:00:00.000Z",
    refusedAt: null,
    refusedReason: null,
  };
  it.each<[string, QboConnectionStatus, string]>([
    ["never connected", NOT_CONNECTED, "not-connected"],
    ["connected", connected, "connected"],
    ["access token lapsed (it is refreshed on the next call)", { ...connected, accessTokenExpiresAt: "2025-06-18T15:00:00.000Z" }, "connected"],
    ["refresh refused", { ...connected, refusedAt: "2025-06-18T15:10:00.000Z" }, "needs-reconnect"],
    ["refresh token lapsed", { ...connected, refreshTokenExpiresAt: "2025-06-18T15:29:00.000Z" }, "needs-reconnect"],
    ["refresh expiry unknown", { ...connected, refreshTokenExpiresAt: null }, "connected"],
  ])("%s → %s", (_label, status, expected) => {
    expect(connectionState(status, now)).toBe(expected);
  });
});

describe("customerSearchQuerySchema", () => {
  it.each<[Record<string, string>, { name: string; limit: number } | "invalid"]>([
    [{}, { name: "", limit: 50 }],
    [{ name: "golden" }, { name: "golden", limit: 50 }],
    [{ name: "golden", limit: "5" }, { name: "golden", limit: 5 }],
    [{ name: "golden", limit: "" }, { name: "golden", limit: 50 }],
    [{ name: "x", limit: "100" }, { name: "x", limit: 100 }],
    [{ name: "x", limit: "101" }, "invalid"],
    [{ name: "x", limit: "0" }, "invalid"],
    [{ name: "x", limit: "5.5" }, "invalid"],
    [{ name: "x", limit: "1e1" }, "invalid"],
    [{ name: "x".repeat(100) }, { name: "x".repeat(100), limit: 50 }],
    [{ name: "x".repeat(101) }, "invalid"],
    [{ name: "new\nline" }, "invalid"],
  ])("%j → %j", (input, expected) => {
    const parsed = customerSearchQuerySchema.safeParse(input);
    if (expected === "invalid") expect(parsed.success).toBe(false);
    else expect(parsed.success && parsed.data).toEqual(expected);
  });
});
