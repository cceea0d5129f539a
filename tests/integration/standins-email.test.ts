// Email through the real Resend SDK into the local catcher: delivery with cc and attachments, the
// email_log record, Resend's auth and validation errors, the inbox API and persistence across restarts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailLog } from "../../db/schema";
import { localEnv } from "../../config/local-env";
import type { AppContext } from "~/lib/context.server";
import type { Database } from "~/lib/db.server";
import { listCaughtMail, sendEmail } from "~/lib/email.server";
import { parseEnv } from "~/lib/env.server";
import { startStandins, type RunningStandins } from "../../stand-ins/server";
import { createTestDatabase } from "../support/db";

/** Response bodies under test are checked field by field. */
type Json = any;

const NOW = new Date("2025-03-04T15:30:00.000Z");
const PDF = new TextEncoder().encode("%PDF-1.7\n% pick list for SO-1042\n%%EOF\n");

let db: Database;
let dataDir: string;
let standins: RunningStandins;

function contextFor(url: string, env: Record<string, string> = {}): AppContext {
  return {
    env: parseEnv({ ...localEnv({ ...process.env, STANDINS_URL: url }), ...env }),
    db,
    files: {} as R2Bucket,
    now: () => NOW,
    waitUntil: () => {},
  };
}

async function lastLog() {
  const [row] = await db.select().from(emailLog).orderBy(desc(emailLog.id)).limit(1);
  return row;
}

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "standins-mail-"));
  standins = await startStandins({ port: 0, db, dataDir });
});

afterAll(async () => {
  await standins?.close();
});

beforeEach(async () => {
  const res = await fetch(`${standins.url}/resend/emails`, { method: "DELETE" });
  expect(res.status).toBe(200);
});

describe("sendEmail through the Resend catcher", () => {
  it("delivers to, cc, subject, bodies and the attachment, and logs the send", async () => {
    const ctx = contextFor(standins.url);
    const { id } = await sendEmail(ctx, {
      to: ["warehouse@goldengrain.test"],
      cc: ["logistics@goldengrain.test", "sales@goldengrain.test"],
      subject: "Pick list SO-1042",
      html: "<p>Pick list attached.</p>",
      text: "Pick list attached.",
      attachments: [{ filename: "picklist-SO-1042.pdf", content: PDF, contentType: "application/pdf" }],
      related: { type: "order", id: "SO-1042" },
      sentBy: "logistics@goldengrain.test",
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const mail = await (await fetch(`${standins.url}/resend/emails/${id}`)).json<Json>();
    expect(mail).toMatchObject({
      id,
      from: "Golden Grain Ops <ops@goldengrain.test>",
      to: ["warehouse@goldengrain.test"],
      cc: ["logistics@goldengrain.test", "sales@goldengrain.test"],
      subject: "Pick list SO-1042",
      html: "<p>Pick list attached.</p>",
      text: "Pick list attached.",
    });
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: "picklist-SO-1042.pdf", size: PDF.length, contentType: "application/pdf" });
    expect(Buffer.from(mail.attachments[0].content, "base64")).toEqual(Buffer.from(PDF));

    const download = await fetch(`${standins.url}/resend/emails/${id}/attachments/0`);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);

    expect(await lastLog()).toMatchObject({
      providerId: id,
      to: ["warehouse@goldengrain.test"],
      cc: ["logistics@goldengrain.test", "sales@goldengrain.test"],
      subject: "Pick list SO-1042",
      status: "sent",
      error: null,
      relatedType: "order",
      relatedId: "SO-1042",
      sentBy: "logistics@goldengrain.test",
      createdAt: NOW.toISOString(),
    });
  });

  it("fails with Resend's reason and logs the failure when the API key is bad", async () => {
    const ctx = contextFor(standins.url, { RESEND_API_KEY: "bad_key" });
    await expect(sendEmail(ctx, { to: ["admin@goldengrain.test"], subject: "Never arrives", html: "<p>x</p>" })).rejects.toThrow(/API key is invalid/);
    expect(await lastLog()).toMatchObject({ status: "failed", providerId: null, subject: "Never arrives", error: expect.stringMatching(/API key is invalid/) });
    expect(await listCaughtMail(ctx)).toEqual([]);
  });

  it("fails clearly, without calling the provider, when there is no recipient", async () => {
    const ctx = contextFor(standins.url);
    await expect(sendEmail(ctx, { to: [], subject: "Nobody", html: "<p>x</p>" })).rejects.toThrow(/recipient/);
    expect(await lastLog()).toMatchObject({ status: "failed", subject: "Nobody" });
    expect(await listCaughtMail(ctx)).toEqual([]);
  });

  it("fails when the catcher cannot be reached", async () => {
    const ctx = contextFor("http://127.0.0.1:9");
    await expect(sendEmail(ctx, { to: ["admin@goldengrain.test"], subject: "Offline", html: "<p>x</p>" })).rejects.toThrow(/Email not sent/);
    expect(await lastLog()).toMatchObject({ status: "failed", subject: "Offline" });
  });
});

describe("the Resend catcher API", () => {
  it("answers Resend's error shapes for a missing key, a missing field and a bad address", async () => {
    const post = (body: unknown, headers: Record<string, string> = { authorization: "Bearer re_test_key" }) =>
      fetch(`${standins.url}/resend/emails`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

    const noKey = await post({ from: "a@goldengrain.test", to: "b@goldengrain.test", subject: "s" }, {});
    expect(noKey.status).toBe(401);
    expect(await noKey.json<Json>()).toMatchObject({ statusCode: 401, name: "missing_api_key" });

    const noSubject = await post({ from: "a@goldengrain.test", to: ["b@goldengrain.test"], html: "<p>x</p>" });
    expect(noSubject.status).toBe(422);
    expect(await noSubject.json<Json>()).toEqual({ statusCode: 422, name: "missing_required_field", message: "Missing `subject` field." });

    const noFrom = await post({ to: ["b@goldengrain.test"], subject: "s" });
    expect(await noFrom.json<Json>()).toMatchObject({ statusCode: 422, message: "Missing `from` field." });

    const badTo = await post({ from: "a@goldengrain.test", to: ["not-an-address"], subject: "s" });
    expect(badTo.status).toBe(422);
    expect(await badTo.json<Json>()).toMatchObject({ name: "validation_error", message: expect.stringMatching(/Invalid `to` field/) });
  });

  it("lists newest first through listCaughtMail, without attachment bytes", async () => {
    const ctx = contextFor(standins.url);
    const first = await sendEmail(ctx, { to: ["a@goldengrain.test"], subject: "First", html: "<p>1</p>", attachments: [{ filename: "a.pdf", content: PDF }] });
    const second = await sendEmail(ctx, { to: ["b@goldengrain.test"], subject: "Second", html: "<p>2</p>" });
    const inbox = await listCaughtMail(ctx);
    expect(inbox.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(inbox[1].attachments).toEqual([{ filename: "a.pdf", size: PDF.length, contentType: "application/pdf" }]);
    expect(inbox[1]).not.toHaveProperty("attachments.0.content");

    const filtered = await (await fetch(`${standins.url}/resend/emails?to=b@goldengrain`)).json<Json>();
    expect(filtered.data.map((m: { id: string }) => m.id)).toEqual([second.id]);
  });

  it("returns [] from listCaughtMail when no catcher is configured (production)", async () => {
    const ctx = contextFor(standins.url);
    const production = { ...ctx, env: { ...ctx.env, MAIL_CATCHER_URL: undefined } };
    expect(await listCaughtMail(production)).toEqual([]);
  });

  it("keeps caught mail across a restart and forgets it when cleared", async () => {
    const { id } = await sendEmail(contextFor(standins.url), { to: ["a@goldengrain.test"], subject: "Survives", html: "<p>x</p>" });
    const second = await startStandins({ port: 0, db, dataDir });
    try {
      const ctx = contextFor(second.url);
      expect((await listCaughtMail(ctx)).map((m) => m.id)).toContain(id);
      expect((await fetch(`${second.url}/resend/emails/${id}`)).status).toBe(200);
      expect((await fetch(`${second.url}/resend/emails/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
      await fetch(`${second.url}/resend/emails`, { method: "DELETE" });
    } finally {
      await second.close();
    }
    const third = await startStandins({ port: 0, db, dataDir });
    try {
      expect(await listCaughtMail(contextFor(third.url))).toEqual([]);
    } finally {
      await third.close();
    }
  });
});
