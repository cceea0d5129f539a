// The replay of 50 queued floor writes (issue 23): a driver's phone keeps 50 Need Help asks with no signal
// (10 orders, 5 asks each, in order), then the signal returns and the outbox (app/lib/outbox.ts, the real
// module over fake-indexeddb) sends them to the production build (`npm run preview`, workerd, the database
// behind libSQL over HTTP). Twice: on a clean line, and on a lossy one where every 5th answer is lost on the
// way back after the server did the write (the outbox cannot tell that from no signal and sends it again).
// Prints the time from signal to an empty outbox, the flushes it took, and what the database holds: every ask
// once (0 lost, 0 duplicated), each at the time the driver asked. Run alone with `npx tsx bench/outbox-replay.ts`.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { loadavg } from "node:os";
import { like } from "drizzle-orm";
import { notifications } from "../db/schema";
import { openDatabase } from "../db/node";
import { anyAnswer } from "../app/domain/api-messages";
import { previewCookie, startPreview, type Server } from "./preview-server";

const WRITES = 50;
const nodeFetch = globalThis.fetch;
const ORDERS = 10;

type Outbox = typeof import("../app/lib/outbox");

/** A phone: a fresh IndexedDB and outbox module, its fetch going to `server` with the driver's session, or nowhere. */
async function phone(server: Server, cookie: string, network: { up: boolean; loseEvery: number }) {
  globalThis.indexedDB = new IDBFactory();
  const realFetch = globalThis.fetch;
  let calls = 0;
  let lost = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!network.up) throw new TypeError("Failed to fetch");
    const headers = new Headers(init?.headers);
    headers.set("cookie", cookie);
    headers.set("origin", server.url);
    const response = await realFetch(`${server.url}${String(input)}`, { ...init, headers });
    calls++;
    if (network.loseEvery && calls % network.loseEvery === 0) {
      // The server did the write; its answer never reaches the phone.
      await response.arrayBuffer();
      lost++;
      throw new TypeError("Failed to fetch");
    }
    return response;
  }) as typeof fetch;
  const outbox: Outbox = await import(`../app/lib/outbox.ts?phone=${Math.random()}`);
  outbox.setOutboxOwner("driver@goldengrain.test");
  return { outbox, stats: () => ({ calls, lost }), restore: () => void (globalThis.fetch = realFetch) };
}

async function driverOrders(server: Server, cookie: string): Promise<{ id: number; orderNumber: string }[]> {
  const res = await nodeFetch(`${server.url}/api/order-trackers?limit=50&page=1`, { headers: { cookie } });
  const rows = ((await res.json()) as { data: { _id: number; orderNumber: string }[] }).data;
  if (rows.length < ORDERS) throw new Error(`the driver sees ${rows.length} orders, ${ORDERS} needed`);
  return rows.slice(0, ORDERS).map((r) => ({ id: r._id, orderNumber: r.orderNumber }));
}

async function replay(server: Server, cookie: string, tag: string, loseEvery: number) {
  const orders = await driverOrders(server, cookie);
  const network = { up: false, loseEvery };
  const { outbox, stats, restore } = await phone(server, cookie, network);
  const acted = new Map<string, string>();
  try {
    for (let i = 0; i < WRITES; i++) {
      const order = orders[i % ORDERS]!;
      const note = `${tag} ask ${String(i + 1).padStart(2, "0")}`;
      const r = await outbox.sendThroughOutbox({ path: `/api/delivery/${order.id}/need-help`, json: { note }, label: `Need Help for order ${order.orderNumber}`, group: order.orderNumber }, anyAnswer);
      if (r.ok !== "queued") throw new Error(`ask ${i + 1} was not kept: ${JSON.stringify(r)}`);
      acted.set(note, r.entry.actedAt);
    }
    const waiting = (await outbox.outboxCount()).waiting;
    // The signal returns: the outbox flushes as on the 'online' event, and again (as its timer would) while
    // writes wait; forced, so the bench measures the sending, not the backoff's pauses.
    network.up = true;
    const t0 = performance.now();
    let flushes = 0;
    while ((await outbox.outboxCount()).waiting > 0 && flushes < 200) {
      flushes++;
      await outbox.flushOutbox(true);
    }
    const ms = performance.now() - t0;
    const left = await outbox.outboxCount();

    const db = openDatabase(`file:${server.dbFile}`);
    const rows = await db.select({ message: notifications.message, createdAt: notifications.createdAt }).from(notifications).where(like(notifications.message, `%${tag} ask %`));
    const seen = new Map<string, number>();
    let atActedTime = 0;
    for (const row of rows) {
      const note = /(\S+ ask \d\d)/.exec(row.message)?.[1] ?? "";
      seen.set(note, (seen.get(note) ?? 0) + 1);
      if (acted.get(note) === row.createdAt) atActedTime++;
    }
    const lostAsks = [...acted.keys()].filter((n) => !seen.has(n)).length;
    const duplicated = [...seen.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const { calls, lost } = stats();
    return { waiting, ms, flushes, left, alerts: rows.length, lostAsks, duplicated, atActedTime, calls, lostAnswers: lost };
  } finally {
    restore();
  }
}

export async function benchOutboxReplay(given?: Server) {
  const server = given ?? (await startPreview("replay", { app: 8737, libsql: 8038, standins: 4037, party: 2037 }, 400));
  try {
    const cookie = await previewCookie(server, "driver@goldengrain.test");
    console.log(`load ${loadavg().map((l) => l.toFixed(2)).join(" ")}; ${server.name}, ${WRITES} Need Help asks over ${ORDERS} orders`);
    const tag = `r${Date.now().toString(36)}`;
    for (const [name, loseEvery] of [["clean line", 0], ["every 5th answer lost", 5]] as const) {
      const r = await replay(server, cookie, `${tag}${loseEvery}`, loseEvery);
      console.log(
        `  ${name.padEnd(22)} ${r.waiting} kept offline → sent in ${(r.ms / 1000).toFixed(2)} s (${(r.ms / WRITES).toFixed(0)} ms per write), ` +
          `${r.flushes} flush${r.flushes === 1 ? "" : "es"}, ${r.calls} requests (${r.lostAnswers} answers lost), left ${r.left.waiting}+${r.left.needsYou}; ` +
          `server: ${r.alerts} alerts, ${r.lostAsks} lost, ${r.duplicated} duplicated, ${r.atActedTime}/${WRITES} at the time asked`,
      );
    }
  } finally {
    if (!given) await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchOutboxReplay();
  process.exit(0);
}
