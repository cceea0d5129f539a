// Housekeeping with a fixed clock: what expires is removed or deactivated, what is still valid stays untouched.
import { beforeEach, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { authFailures, idempotencyKeys, passcodes, sessions, users } from "../../db/schema";
import type { Database } from "~/lib/db.server";
import { runHousekeeping } from "~/services/housekeeping.server";
import { createTestDatabase } from "../support/db";

const NOW = new Date("2025-06-01T03:17:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const MIN = 60_000;
const DAY = 24 * 3600_000;

let db: Database;

beforeEach(async () => {
  db = await createTestDatabase();
  const [user] = await db.insert(users).values({ email: "sales@goldengrain.test", name: "Sam Sales" }).returning();
  await db.insert(passcodes).values([
    { id: 1, label: "Dock phone (no expiry)", codeHash: "h1", expiresAt: null },
    { id: 2, label: "Temp code (expired)", codeHash: "h2", expiresAt: at(-MIN) },
    { id: 3, label: "Temp code (expires tomorrow)", codeHash: "h3", expiresAt: at(DAY) },
    { id: 4, label: "Turned off by admin", codeHash: "h4", active: false, version: 3 },
    { id: 5, label: "Expires this very moment", codeHash: "h5", expiresAt: at(0) },
  ]);
  const session = (id: string, expiresAt: string, extra: Partial<typeof sessions.$inferInsert> = {}) => ({
    id,
    kind: "user" as const,
    userId: user!.id,
    email: user!.email,
    expiresAt,
    ...extra,
  });
  const passcodeSession = (id: string, passcodeId: number, expiresAt: string) =>
    session(id, expiresAt, { kind: "passcode", userId: null, passcodeId, email: `picklist+${passcodeId}@goldengrain.test` });
  await db.insert(sessions).values([
    session("staff-live", at(6 * 3600_000)),
    session("staff-expired", at(-1)),
    session("staff-expires-now", at(0)),
    passcodeSession("pc1-live", 1, at(3600_000)),
    passcodeSession("pc2-live-but-code-expired", 2, at(3600_000)),
    passcodeSession("pc3-live", 3, at(3600_000)),
    passcodeSession("pc4-live-but-code-off", 4, at(3600_000)),
    passcodeSession("pc3-expired", 3, at(-MIN)),
  ]);
  await db.insert(authFailures).values([
    { clientKey: "10.0.0.1", at: at(-5 * MIN) },
    { clientKey: "10.0.0.1", at: at(-DAY + MIN) },
    { clientKey: "10.0.0.2", at: at(-DAY - MIN) },
    { clientKey: "10.0.0.2", at: at(-3 * DAY) },
  ]);
  await db.insert(idempotencyKeys).values([
    { scope: "delivery:1", key: "fresh", status: 200, body: "{}", createdAt: at(-DAY) },
    { scope: "delivery:1", key: "six-days", status: 200, body: "{}", createdAt: at(-6 * DAY) },
    { scope: "delivery:1", key: "eight-days", status: 200, body: "{}", createdAt: at(-8 * DAY) },
  ]);
});

describe("runHousekeeping", () => {
  it("reports what it removed", async () => {
    expect(await runHousekeeping({ db, now: () => NOW })).toEqual({
      expiredSessions: 5,
      expiredPasscodes: 2,
      authFailuresPurged: 2,
      idempotencyPurged: 1,
    });
  });

  it("deletes expired sessions and every session of an expired or deactivated passcode", async () => {
    await runHousekeeping({ db, now: () => NOW });
    const left = await db.select({ id: sessions.id }).from(sessions).orderBy(asc(sessions.id));
    expect(left.map((s) => s.id)).toEqual(["pc1-live", "pc3-live", "staff-live"]);
  });

  it("deactivates passcodes whose expiry has passed and bumps their version", async () => {
    await runHousekeeping({ db, now: () => NOW });
    const rows = await db.select({ id: passcodes.id, active: passcodes.active, version: passcodes.version }).from(passcodes).orderBy(asc(passcodes.id));
    expect(rows).toEqual([
      { id: 1, active: true, version: 1 },
      { id: 2, active: false, version: 2 },
      { id: 3, active: true, version: 1 },
      { id: 4, active: false, version: 3 },
      { id: 5, active: false, version: 2 },
    ]);
  });

  it("keeps a day of failed sign-in attempts and a week of idempotency keys", async () => {
    await runHousekeeping({ db, now: () => NOW });
    expect((await db.select({ at: authFailures.at }).from(authFailures)).map((f) => f.at).sort()).toEqual([at(-DAY + MIN), at(-5 * MIN)]);
    expect((await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((k) => k.key).sort()).toEqual(["fresh", "six-days"]);
  });

  it("does nothing on a second run at the same moment", async () => {
    await runHousekeeping({ db, now: () => NOW });
    expect(await runHousekeeping({ db, now: () => NOW })).toEqual({ expiredSessions: 0, expiredPasscodes: 0, authFailuresPurged: 0, idempotencyPurged: 0 });
  });
});
