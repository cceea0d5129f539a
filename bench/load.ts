// The server under load (issue 14): requests per second and p95 against `npm run preview` on loopback,
// for the order list, /api/me, a pick verify and a photo upload, beside the same calls one at a time.
// Bounded: CONCURRENCY clients for SECONDS each. Figures, not assertions.
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/node";
import { orderLines, orders } from "../db/schema";
import { previewCookie, startPreview, type Server } from "./preview-server";

const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 16);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const ORDER = "SO-100002";

type Call = { name: string; make: () => { path: string; init: RequestInit } };

function pct(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

async function once(server: Server, call: Call): Promise<{ ms: number; status: number }> {
  const { path, init } = call.make();
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, init);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

async function single(server: Server, call: Call, n = 30) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push((await once(server, call)).ms);
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

async function loaded(server: Server, call: Call) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const r = await once(server, call);
        times.push(r.ms);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, p50: pct(times, 50), p95: pct(times, 95), statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(" ") };
}

/** A JPEG-shaped 60 KB body (SOI, JFIF APP0, opaque scan bytes, EOI): what the upload path checks and stores. */
function jpegLike(size: number): Uint8Array {
  const head = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const out = new Uint8Array(size);
  out.set(head);
  let x = 2463534242;
  for (let i = head.length; i < size - 2; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = 0x80 | (x & 0x3f); // high bytes only: never text, never a marker
  }
  out.set([0xff, 0xd9], size - 2);
  return out;
}

export async function benchLoad(): Promise<void> {
  const server = await startPreview("load", { app: 8767, libsql: 8068, standins: 4067, party: 2067 });
  try {
    const admin = await previewCookie(server, "admin@goldengrain.test");
    const driver = await previewCookie(server, "driver@goldengrain.test");
    const db = openDatabase(`file:${server.dbFile}`);
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, ORDER));
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)).limit(1);
    const photo = jpegLike(60 * 1024);
    let n = 0;
    const calls: Call[] = [
      { name: "GET /api/order-trackers (25 rows)", make: () => ({ path: "/api/order-trackers?page=1&limit=25", init: { headers: { cookie: admin } } }) },
      { name: "GET /api/me", make: () => ({ path: "/api/me", init: { headers: { cookie: admin } } }) },
      {
        name: `POST /api/picklists/${ORDER}/verify`,
        make: () => ({
          path: `/api/picklists/${ORDER}/verify`,
          init: {
            method: "POST",
            headers: { cookie: admin, "content-type": "application/json", origin: server.url, "idempotency-key": `load-${Date.now()}-${n++}` },
            body: JSON.stringify({ pickedItems: [{ lineItemId: line!.lineItemId, sku: line!.sku, status: "Picked", quantityPicked: 1 }] }),
          },
        }),
      },
      {
        name: "POST /api/delivery/unknown/issue-photo (a 60 KB photo)",
        make: () => {
          const form = new FormData();
          form.set("note", "load test");
          form.set("image", new Blob([photo as BlobPart], { type: "image/jpeg" }), "photo.jpg");
          return { path: "/api/delivery/unknown/issue-photo", init: { method: "POST", headers: { cookie: driver, origin: server.url }, body: form } };
        },
      },
    ];
    console.log(`server under load: ${CONCURRENCY} concurrent clients for ${SECONDS} s each, production build on loopback`);
    for (const call of calls) {
      const one = await single(server, call);
      const many = await loaded(server, call);
      console.log(
        `  ${call.name}: ${many.rps.toFixed(0)} req/s, p50 ${many.p50.toFixed(0)} ms, p95 ${many.p95.toFixed(0)} ms under load (${many.statuses}) · one at a time p50 ${one.p50.toFixed(0)} ms, p95 ${one.p95.toFixed(0)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLoad();
  process.exit(0);
}
