// The live picking room: tokens, the shared protocol, GET /api/picklists/{orderNumber}/room, and a real
// `partykit dev` with two Node clients (partysocket + ws) relaying line changes, presence and acks. The room takes
// the picker's name and the order's line ids from the token, never from a message.
import { and, asc, eq, ne } from "drizzle-orm";
import PartySocket from "partysocket";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { orderLines, orders, passcodes } from "../../db/schema";
import { clientMessage, serverMessage, type ServerMessage } from "../../party/protocol";
import { signRoomToken, verifyRoomToken } from "../../party/token";
import { QUIET_MS } from "../../party/claims";
import { startLocalParty, type LocalParty } from "../../party/local-server";
import { loader as roomLoader } from "~/routes/api.picklists.$orderNumber.room";
import { RoomAccessAnswer } from "~/domain/picking/contract";
import { assignOrder, createSeededTestDatabase } from "../support/db";
import { createTestContext, passcodeCookie, request, settle, staffCookie } from "../support/context";

const SECRET = "test-party-token-secret-000001";

describe("room tokens", () => {
  const claims = { room: "SO-1", sub: "user:1", name: "Ann", lines: ["L1"], exp: Math.floor(Date.now() / 1000) + 60 };

  it("a token signed by the app opens only its own room", async () => {
    const token = await signRoomToken(SECRET, claims);
    expect(await verifyRoomToken(SECRET, token, "SO-1")).toEqual(claims);
    expect(await verifyRoomToken(SECRET, token, "SO-2")).toBeNull();
  });

  it("expired, tampered or foreign tokens are refused", async () => {
    const token = await signRoomToken(SECRET, claims);
    expect(await verifyRoomToken(SECRET, token, "SO-1", (claims.exp + 1) * 1000)).toBeNull();
    expect(await verifyRoomToken("another-secret-0000000000000", token, "SO-1")).toBeNull();
    const [body, sig] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...claims, room: "SO-2" })).toString("base64url");
    expect(await verifyRoomToken(SECRET, `${forged}.${sig}`, "SO-2")).toBeNull();
    expect(await verifyRoomToken(SECRET, `${body}`, "SO-1")).toBeNull();
    expect(await verifyRoomToken(SECRET, "", "SO-1")).toBeNull();
  });

  it("a token that does not list the order's lines opens nothing (the room could not check a message)", async () => {
    const { lines: _lines, ...withoutLines } = claims;
    expect(await verifyRoomToken(SECRET, await signRoomToken(SECRET, withoutLines as never), "SO-1")).toBeNull();
    expect(await verifyRoomToken(SECRET, await signRoomToken(SECRET, { ...claims, lines: [1] as never }), "SO-1")).toBeNull();
  });
});

describe("room protocol", () => {
  const line = { lineId: "L1", status: "Picked", pickState: "full", pickedQty: 3, rev: 1, by: "d1" };
  it.each([
    [{ type: "focus", lineId: "L1" }, true],
    [{ type: "focus", lineId: null }, true],
    [{ type: "lines", lines: [line] }, true],
    [{ type: "lines", lines: [] }, false],
    [{ type: "lines", lines: [{ ...line, status: "Done" }] }, false],
    [{ type: "lines", lines: [{ ...line, pickedQty: -1 }] }, false],
    [{ type: "lines", lines: [{ ...line, rev: 1.5 }] }, false],
    [{ type: "sync", lines: [] }, false],
    [{ type: "claim", lineId: "L1" }, true],
    [{ type: "release", lineId: "L1" }, true],
    [{ type: "claim", lineId: "" }, false],
    [{ type: "claim" }, false],
    [{ type: "lines", lines: [{ ...line, reason: "Stockout" }] }, true],
    [{ type: "lines", lines: [{ ...line, reason: "x".repeat(81) }] }, false],
    // A client need not say who it is: the room writes the token's name.
    [{ type: "lines", lines: [{ ...line, by: undefined }] }, true],
    [{ type: "nope" }, false],
    ["lines", false],
  ])("client message %j valid: %s", (message, valid) => {
    expect(clientMessage.safeParse(message).success).toBe(valid);
  });
});

describe("GET /api/picklists/{orderNumber}/room", () => {
  let ctx: ReturnType<typeof createTestContext>;
  let nyOrder: string;
  let njOrder: string;
  let riceCookie: string;

  beforeAll(async () => {
    const db = await createSeededTestDatabase({ orders: 40 });
    ctx = createTestContext(db, { env: { PARTY_TOKEN_SECRET: SECRET } });
    nyOrder = (await db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.warehouseLocation, "NY-MAIN")).limit(1))[0]!.n;
    const nj = (await db.select({ id: orders.id, n: orders.orderNumber }).from(orders).where(and(ne(orders.warehouseLocation, "NY-MAIN"), ne(orders.warehouseLocation, ""))).limit(1))[0]!;
    njOrder = nj.n;
    await assignOrder(db, nj.id, ["Wendy Warehouse"]);
    const codes = await db.select().from(passcodes);
    const rice = codes.find((c) => c.active && c.locations.length === 1 && c.locations[0] === "NY-MAIN");
    riceCookie = await passcodeCookie(ctx.app, rice!.id);
  }, 60_000);

  async function call(orderNumber: string, cookie?: string) {
    return (await settle(() => roomLoader({ request: request(`/api/picklists/${orderNumber}/room`, { cookie }), context: ctx, params: { orderNumber } }))) as Response;
  }

  it("gives a passcode picker a token for an order of its warehouse", async () => {
    const res = await call(nyOrder, riceCookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: { host: string; room: string; party: string; token: string } };
    expect(body.data).toMatchObject({ room: nyOrder, party: "main" });
    expect(RoomAccessAnswer.parse(body)).toMatchObject({ room: nyOrder, party: "main", token: body.data.token });
    expect(await verifyRoomToken(SECRET, body.data.token, nyOrder)).toMatchObject({ name: "Main floor phones" });
  });

  it("the token carries the order's real line ids, as the picking screen names them, and the session's name", async () => {
    const db = ctx.app.db;
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, njOrder));
    const lines = await db.select({ lineItemId: orderLines.lineItemId }).from(orderLines).where(eq(orderLines.orderId, order!.id)).orderBy(asc(orderLines.position), asc(orderLines.id));
    expect(lines.length).toBeGreaterThan(0);
    const res = await call(njOrder, await staffCookie(ctx.app, "warehouse@goldengrain.test"));
    const body = (await res.json()) as { data: { token: string } };
    expect(await verifyRoomToken(SECRET, body.data.token, njOrder)).toMatchObject({ name: "Wendy Warehouse", lines: lines.map((l) => l.lineItemId) });
  });

  it("refuses a passcode picker another warehouse's order (no token: no lines and no claims in its room)", async () => {
    const res = await call(njOrder, riceCookie);
    expect(res.status).toBe(403);
    const location = (await ctx.app.db.select({ l: orders.warehouseLocation }).from(orders).where(eq(orders.orderNumber, njOrder)))[0]!.l;
    expect(await res.json()).toEqual({ success: false, error: `Passcode not authorized for warehouse ${location}` });
  });

  it("lets a warehouse employee in, not a sales rep, not a visitor; unknown orders are 404", async () => {
    expect((await call(njOrder, await staffCookie(ctx.app, "warehouse@goldengrain.test"))).status).toBe(200);
    // Not assigned to her: the same 404 as every other door to that order.
    expect((await call(nyOrder, await staffCookie(ctx.app, "marco@goldengrain.test"))).status).toBe(404);
    expect((await call(nyOrder, await staffCookie(ctx.app, "sales@goldengrain.test"))).status).toBe(403);
    expect((await call(nyOrder)).status).toBe(401);
    expect((await call("SO-999999", riceCookie)).status).toBe(404);
  });
});

type Client = {
  socket: PartySocket;
  messages: ServerMessage[];
  next(type: ServerMessage["type"], count?: number): Promise<ServerMessage>;
  /** The first message that passes `test`, waiting up to `waitMs`. */
  until(test: (m: ServerMessage) => boolean, waitMs?: number): Promise<ServerMessage>;
};

function client(party: LocalParty, room: string, token: string, id: string): Client {
  const messages: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  const socket = new PartySocket({ host: party.host, room, party: "main", id, query: { token }, WebSocket: WebSocket as never, maxRetries: 0 });
  socket.addEventListener("message", (e) => {
    messages.push(serverMessage.parse(JSON.parse(String(e.data))));
    for (const w of waiters.splice(0)) w();
  });
  return {
    socket,
    messages,
    async next(type, count = 1) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = messages.filter((m) => m.type === type);
        if (found.length >= count) return found[count - 1]!;
        if (Date.now() > deadline) throw new Error(`no ${type} #${count}; got ${JSON.stringify(messages)}`);
        await new Promise<void>((ok) => {
          waiters.push(ok);
          setTimeout(ok, 100);
        });
      }
    },
    async until(test, waitMs = 5000) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const found = messages.find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such message; got ${JSON.stringify(messages)}`);
        await new Promise<void>((ok) => {
          waiters.push(ok);
          setTimeout(ok, 100);
        });
      }
    },
  };
}

describe("a live room under partykit dev", () => {
  let party: LocalParty;
  const room = "SO-LIVE-1";
  const LINES = ["L1", "L2", "L9", "L10"];
  const token = (name: string, r = room, lines = LINES) => signRoomToken(SECRET, { room: r, sub: `user:${name}`, name, lines, exp: Math.floor(Date.now() / 1000) + 300 });
  const clients: Client[] = [];

  beforeAll(async () => {
    party = await startLocalParty({ secret: SECRET });
  }, 90_000);
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await party?.stop();
  });

  it("refuses connections without a valid token", async () => {
    for (const query of [{}, { token: "junk" }, { token: await token("Ann", "SO-OTHER") }]) {
      const status = await new Promise<number | string>((ok) => {
        const ws = new WebSocket(`ws://${party.host}/parties/main/${room}?${new URLSearchParams(query as Record<string, string>)}`);
        ws.on("unexpected-response", (_req, res) => ok(res.statusCode ?? 0));
        ws.on("open", () => ok("open"));
        ws.on("error", () => ok("error"));
      });
      expect(status).toBe(401);
    }
  });

  it("two pickers see each other, relay newest-wins line changes, and get acks", async () => {
    const ann = client(party, room, await token("Ann"), "ann-1");
    clients.push(ann);
    const sync = await ann.next("sync");
    expect(sync).toMatchObject({ type: "sync", lines: [], saved: null });

    const bo = client(party, room, await token("Bo"), "bo-1");
    clients.push(bo);
    await bo.next("sync");
    const seen = await ann.next("presence");
    expect(seen.type === "presence" && seen.presence.map((p) => p.name).sort()).toEqual(["Ann", "Bo"]);

    ann.socket.send(JSON.stringify({ type: "focus", lineId: "L1" }));
    const focus = await bo.next("presence", 1);
    expect(focus.type === "presence" && focus.presence.find((p) => p.id === "ann-1")?.lineId).toBe("L1");

    const line = { lineId: "L1", status: "Picked", pickState: "full", pickedQty: 4, rev: 100, by: "Ann" };
    ann.socket.send(JSON.stringify({ type: "lines", lines: [{ ...line, by: "dev-ann" }] }));
    expect(await bo.next("lines")).toEqual({ type: "lines", lines: [line] });
    expect(await ann.next("ack")).toEqual({ type: "ack", lines: [{ lineId: "L1", rev: 100 }] });

    // An older write is acknowledged but neither kept nor relayed.
    bo.socket.send(JSON.stringify({ type: "lines", lines: [{ ...line, status: "Pending", pickState: "unset", pickedQty: 0, rev: 99, by: "dev-bo" }] }));
    expect(await bo.next("ack")).toEqual({ type: "ack", lines: [{ lineId: "L1", rev: 99 }] });
    // A message that fails the protocol is dropped; the connection stays usable.
    bo.socket.send(JSON.stringify({ type: "lines", lines: [{ ...line, status: "Gone" }] }));
    bo.socket.send("not json");
    const newer = { ...line, status: "Issue", pickState: "short", pickedQty: 2, rev: 101, by: "Bo" };
    bo.socket.send(JSON.stringify({ type: "lines", lines: [{ ...newer, by: "dev-bo" }] }));
    expect(await ann.next("lines")).toEqual({ type: "lines", lines: [newer] });
    expect(ann.messages.filter((m) => m.type === "lines")).toHaveLength(1);

    // A device that opens later starts from the room's state.
    const cy = client(party, room, await token("Cy"), "cy-1");
    clients.push(cy);
    expect(await cy.next("sync")).toMatchObject({ lines: [newer] });

    cy.socket.close();
    const left = await ann.next("presence", 4);
    expect(left.type === "presence" && left.presence.map((p) => p.name).sort()).toEqual(["Ann", "Bo"]);
  }, 30_000);

  it("a line is held by the first picker to claim it; the other's claim and changes on it are sent back; done ends the claim", async () => {
    const claimRoom = "SO-LIVE-CLAIMS";
    const ann = client(party, claimRoom, await token("Ann", claimRoom), "ann-c");
    const bo = client(party, claimRoom, await token("Bo", claimRoom), "bo-c");
    clients.push(ann, bo);
    expect(await ann.next("sync")).toMatchObject({ claims: [], you: "user:Ann@ann-c" });
    await bo.next("sync");

    ann.socket.send(JSON.stringify({ type: "claim", lineId: "L9" }));
    const held = await bo.next("claims");
    expect(held.type === "claims" && held.claims.map((c) => [c.lineId, c.name])).toEqual([["L9", "Ann"]]);

    // Bo's claim and Bo's change on L9 come back to Bo only, naming Ann; Ann hears nothing of them.
    bo.socket.send(JSON.stringify({ type: "claim", lineId: "L9" }));
    expect(await bo.next("refused")).toEqual({ type: "refused", lineId: "L9", holder: { sub: "user:Ann@ann-c", name: "Ann" }, line: null, reason: "held" });
    const change = { lineId: "L9", status: "Picked", pickState: "full", pickedQty: 5, rev: 500, by: "dev-bo" };
    bo.socket.send(JSON.stringify({ type: "lines", lines: [change] }));
    expect(await bo.next("refused", 2)).toMatchObject({ lineId: "L9", holder: { name: "Ann" } });
    expect(await bo.next("ack")).toEqual({ type: "ack", lines: [{ lineId: "L9", rev: 500 }] });
    expect(ann.messages.some((m) => m.type === "lines" || m.type === "refused")).toBe(false);

    // Ann picks it in full: the line is relayed and the claim ends for everyone.
    ann.socket.send(JSON.stringify({ type: "lines", lines: [{ ...change, rev: 501, by: "dev-ann" }] }));
    expect(await bo.next("lines")).toMatchObject({ lines: [{ lineId: "L9", rev: 501 }] });
    const ended = await bo.next("claims", 2);
    expect(ended.type === "claims" && ended.claims).toEqual([]);

    // Both claim L10 in the same moment: one holds it, the other is refused naming the winner.
    ann.socket.send(JSON.stringify({ type: "claim", lineId: "L10" }));
    bo.socket.send(JSON.stringify({ type: "claim", lineId: "L10" }));
    const final = await ann.next("claims", 3);
    const winner = final.type === "claims" ? final.claims.find((c) => c.lineId === "L10")?.name : null;
    expect(["Ann", "Bo"]).toContain(winner);
    const loser = winner === "Ann" ? bo : ann;
    expect(await loser.next("refused", loser === bo ? 3 : 1)).toMatchObject({ lineId: "L10", holder: { name: winner } });
  }, 30_000);

  it("a line held by a phone gone quiet is told as quiet after QUIET_MS and taken over; the phone hears of it when back, and its unsent pick comes back to it", async () => {
    const r = "SO-LIVE-TAKEOVER";
    const phone = client(party, r, await token("Phone", r), "phone-t");
    const maria = client(party, r, await token("Maria", r), "maria-t");
    clients.push(phone, maria);
    await phone.next("sync");
    await maria.next("sync");
    phone.socket.send(JSON.stringify({ type: "claim", lineId: "L1" }));
    await maria.until((m) => m.type === "claims" && m.claims.some((c) => c.lineId === "L1"));

    // While the phone is heard from, a take-over is refused like any claim.
    maria.socket.send(JSON.stringify({ type: "takeover", lineId: "L1" }));
    expect(await maria.next("refused")).toMatchObject({ lineId: "L1", holder: { name: "Phone" }, reason: "held" });

    // The phone picks offline (never sent) and goes silent; the room tells everyone once it is quiet.
    const unsent = { lineId: "L1", status: "Picked", pickState: "full", pickedQty: 12, rev: Date.now(), by: "x", base: 0 };
    const startedQuiet = Date.now();
    phone.socket.close();
    const quiet = await maria.until((m) => m.type === "claims" && m.claims.some((c) => c.lineId === "L1" && c.quietSince !== undefined), QUIET_MS + 10_000);
    expect(Date.now() - startedQuiet).toBeGreaterThanOrEqual(QUIET_MS - 1000);
    expect(quiet.type === "claims" && quiet.now).toBeGreaterThan(0);

    maria.socket.send(JSON.stringify({ type: "takeover", lineId: "L1" }));
    await maria.until((m) => m.type === "claims" && m.claims.some((c) => c.lineId === "L1" && c.name === "Maria" && c.quietSince === undefined));
    const done = { lineId: "L1", status: "Picked", pickState: "full", pickedQty: 10, rev: Date.now() + 1, by: "x", base: 0 };
    maria.socket.send(JSON.stringify({ type: "lines", lines: [done] }));
    await maria.until((m) => m.type === "ack");

    // The phone is back (same device): told who took its line, and its unsent pick is sent back with Maria's copy.
    const back = client(party, r, await token("Phone", r), "phone-t");
    clients.push(back);
    await back.next("sync");
    expect(await back.next("taken-over")).toMatchObject({ type: "taken-over", lineId: "L1", by: "Maria" });
    back.socket.send(JSON.stringify({ type: "lines", lines: [unsent] }));
    const refused = await back.next("refused");
    expect(refused).toMatchObject({ lineId: "L1", reason: "taken-over", holder: { name: "Maria" }, line: { pickedQty: 10, by: "Maria" }, yours: { pickedQty: 12 } });
    expect(maria.messages.some((m) => m.type === "lines" && m.lines.some((l) => l.pickedQty === 12))).toBe(false);

    // Having seen it, the picker may keep their count on purpose: a change made on Maria's copy goes through.
    back.socket.send(JSON.stringify({ type: "lines", lines: [{ ...unsent, rev: done.rev + 1000, base: done.rev }] }));
    expect(await maria.next("lines")).toMatchObject({ lines: [{ lineId: "L1", pickedQty: 12, by: "Phone" }] });
  }, 60_000);

  it("a change made on a copy someone else has changed since is sent back with both, not picked silently", async () => {
    const r = "SO-LIVE-CONFLICT";
    const ann = client(party, r, await token("Ann", r), "ann-x");
    const bo = client(party, r, await token("Bo", r), "bo-x");
    clients.push(ann, bo);
    await ann.next("sync");
    await bo.next("sync");
    const completed = { lineId: "L2", status: "Picked", pickState: "full", pickedQty: 10, rev: 1000, by: "x", base: 0 };
    ann.socket.send(JSON.stringify({ type: "lines", lines: [completed] }));
    await bo.next("lines");
    // Bo's offline pick, older or newer than Ann's, made on the untouched line: sent back with Ann's copy.
    for (const rev of [900, 2000]) {
      bo.socket.send(JSON.stringify({ type: "lines", lines: [{ ...completed, pickedQty: 12, rev, base: 0 }] }));
      expect(await bo.until((m) => m.type === "refused" && m.yours?.rev === rev)).toMatchObject({ reason: "conflict", holder: { name: "Ann" }, line: { pickedQty: 10 }, yours: { pickedQty: 12, by: "Bo" } });
    }
    expect(ann.messages.filter((m) => m.type === "lines")).toHaveLength(0);
    // Made on Ann's copy: newest wins as before.
    bo.socket.send(JSON.stringify({ type: "lines", lines: [{ ...completed, pickedQty: 11, rev: 3000, base: 1000 }] }));
    expect(await ann.next("lines")).toMatchObject({ lines: [{ pickedQty: 11, by: "Bo" }] });
  }, 30_000);

  it("two phones on one shared passcode are two pickers; a reload on the same phone keeps its claim", async () => {
    const r = "SO-LIVE-SHARED";
    const shared = await signRoomToken(SECRET, { room: r, sub: "passcode:1", name: "Main floor phones", lines: ["L1"], exp: Math.floor(Date.now() / 1000) + 300 });
    const phoneA = client(party, r, shared, "d-phonea0001-a1b2");
    const phoneB = client(party, r, shared, "d-phoneb0002-c3d4");
    clients.push(phoneA, phoneB);
    await phoneA.next("sync");
    await phoneB.next("sync");
    phoneA.socket.send(JSON.stringify({ type: "claim", lineId: "L1" }));
    await phoneB.next("claims");
    phoneB.socket.send(JSON.stringify({ type: "claim", lineId: "L1" }));
    expect(await phoneB.next("refused")).toMatchObject({ lineId: "L1", holder: { sub: "passcode:1@d-phonea0001", name: "Main floor phones" } });
    // Phone A reloads (a new tab suffix, the same device): the line is still its own.
    phoneA.socket.close();
    const reloaded = client(party, r, shared, "d-phonea0001-e5f6");
    clients.push(reloaded);
    expect(await reloaded.next("sync")).toMatchObject({ you: "passcode:1@d-phonea0001", claims: [{ lineId: "L1", sub: "passcode:1@d-phonea0001" }] });
    reloaded.socket.send(JSON.stringify({ type: "lines", lines: [{ lineId: "L1", status: "Picked", pickState: "full", pickedQty: 2, rev: 900, by: "d-phonea0001" }] }));
    expect(await phoneB.next("lines")).toMatchObject({ lines: [{ lineId: "L1", rev: 900 }] });
  }, 30_000);

  it("a picker's name comes from the token, never from the message, and is what the room stores", async () => {
    const r = "SO-LIVE-NAMES";
    const ann = client(party, r, await token("Ann", r), "ann-n");
    const bo = client(party, r, await token("Bo", r), "bo-n");
    clients.push(ann, bo);
    await ann.next("sync");
    await bo.next("sync");
    ann.socket.send(JSON.stringify({ type: "lines", lines: [{ lineId: "L2", status: "Picked", pickState: "full", pickedQty: 1, rev: 700, by: "Mallory (supervisor)" }] }));
    expect(await bo.next("lines")).toMatchObject({ lines: [{ lineId: "L2", by: "Ann" }] });
    const late = client(party, r, await token("Cy", r), "cy-n");
    clients.push(late);
    expect(await late.next("sync")).toMatchObject({ lines: [{ lineId: "L2", by: "Ann" }] });
  }, 30_000);

  it("a message naming a line the order does not have is dropped: not relayed, stored, acknowledged or claimed", async () => {
    const r = "SO-LIVE-LINES";
    const ann = client(party, r, await token("Ann", r), "ann-l");
    const bo = client(party, r, await token("Bo", r), "bo-l");
    clients.push(ann, bo);
    await ann.next("sync");
    await bo.next("sync");
    const fake = { lineId: "LI-NOT-ON-ORDER", status: "Picked", pickState: "full", pickedQty: 9, rev: 800 };
    ann.socket.send(JSON.stringify({ type: "claim", lineId: "LI-NOT-ON-ORDER" }));
    ann.socket.send(JSON.stringify({ type: "focus", lineId: "LI-NOT-ON-ORDER" }));
    ann.socket.send(JSON.stringify({ type: "lines", lines: [fake, { ...fake, lineId: "L1", rev: 801 }] }));
    // The real line of the same message goes through, alone; its ack names it alone.
    expect(await bo.next("lines")).toMatchObject({ lines: [{ lineId: "L1", rev: 801 }] });
    expect(await ann.next("ack")).toEqual({ type: "ack", lines: [{ lineId: "L1", rev: 801 }] });
    const claims = bo.messages.filter((m) => m.type === "claims").flatMap((m) => (m.type === "claims" ? m.claims.map((c) => c.lineId) : []));
    expect(claims).not.toContain("LI-NOT-ON-ORDER");
    const presence = bo.messages.filter((m) => m.type === "presence").flatMap((m) => (m.type === "presence" ? m.presence.map((p) => p.lineId) : []));
    expect(presence).not.toContain("LI-NOT-ON-ORDER");
    const late = client(party, r, await token("Cy", r), "cy-l");
    clients.push(late);
    const sync = await late.next("sync");
    expect(sync.type === "sync" && sync.lines.map((l) => l.lineId)).toEqual(["L1"]);
    // A connection whose token lists fewer lines (signed for another order's lines) cannot write the others.
    const narrow = client(party, r, await token("Di", r, ["L9"]), "di-l");
    clients.push(narrow);
    const narrowSync = await narrow.next("sync");
    expect(narrowSync.type === "sync" && narrowSync.lines).toEqual([]);
    narrow.socket.send(JSON.stringify({ type: "lines", lines: [{ ...fake, lineId: "L1", rev: 900 }] }));
    narrow.socket.send(JSON.stringify({ type: "lines", lines: [{ ...fake, lineId: "L9", rev: 901 }] }));
    expect(await ann.next("lines")).toMatchObject({ lines: [{ lineId: "L9", rev: 901, by: "Di" }] });
    expect(ann.messages.some((m) => m.type === "lines" && m.lines.some((l) => l.rev === 900))).toBe(false);
  }, 30_000);

  it("the app's saved notice needs the secret and reaches every picker", async () => {
    const listener = client(party, room, await token("Di"), "di-1");
    clients.push(listener);
    await listener.next("sync");
    const url = `http://${party.host}/parties/main/${room}`;
    const saved = { by: "Ann", at: "2026-01-01T10:00:00.000Z", pickedCount: 1 };
    expect((await fetch(url, { method: "POST", body: JSON.stringify({ type: "saved", saved }) })).status).toBe(401);
    expect((await fetch(url, { method: "POST", headers: { authorization: `Bearer ${SECRET}` }, body: "{}" })).status).toBe(400);
    expect((await fetch(url, { method: "POST", headers: { authorization: `Bearer ${SECRET}` }, body: JSON.stringify({ type: "saved", saved }) })).status).toBe(200);
    expect(await listener.next("saved")).toEqual({ type: "saved", saved });
  }, 30_000);
});
