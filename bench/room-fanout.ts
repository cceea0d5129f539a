// Room fan-out: 20 pickers (partysocket + ws) on one picking room under `partykit dev`, each sending 10
// line updates per second for 30 s. Prints delivery latency (p50/p95/max) and lost/duplicated messages.
// Figures only (machines are shared); target p95 < 50 ms locally with no loss or duplication. Meanwhile the
// pickers take turns claiming a line twice a second: how long until every other picker sees the claim
// (issue 13's target: p95 under 250 ms with 20 pickers in the room).
// Run: npx tsx bench/room-fanout.ts  (BENCH_ROOM_SECONDS / BENCH_ROOM_CLIENTS / BENCH_ROOM_RATE override)
import PartySocket from "partysocket";
import WebSocket from "ws";
import { signRoomToken } from "../party/token";
import { startLocalParty } from "../party/local-server";

type Options = { clients?: number; ratePerSecond?: number; seconds?: number };

function percentile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

export async function benchRoomFanout(opts: Options = {}): Promise<void> {
  const clients = opts.clients ?? Number(process.env.BENCH_ROOM_CLIENTS ?? 20);
  const rate = opts.ratePerSecond ?? Number(process.env.BENCH_ROOM_RATE ?? 10);
  const seconds = opts.seconds ?? Number(process.env.BENCH_ROOM_SECONDS ?? 30);
  const party = await startLocalParty();
  const room = `BENCH-${Date.now()}`;
  const sentAt = new Map<string, number>(); // `${by}:${rev}` → send time (one process, one clock)
  const received = new Map<string, number>(); // same key → deliveries
  const latencies: number[] = [];
  const sockets: PartySocket[] = [];
  const claimSentAt = new Map<string, number>(); // claimed line → send time
  const claimSeen = new Map<string, Set<number>>(); // claimed line → clients that saw it
  const claimLatencies: number[] = [];

  try {
    const exp = Math.floor(Date.now() / 1000) + 600;
    // The room accepts only the lines its token names: each client's five lines and the claimed ones.
    const lines = [...Array.from({ length: clients }, (_, i) => Array.from({ length: 5 }, (_, k) => `c${i}-l${k}`)).flat(), ...Array.from({ length: seconds * 2 + 10 }, (_, k) => `claim-${k}`)];
    for (let i = 0; i < clients; i++) {
      const token = await signRoomToken(party.secret, { room, sub: `bench:${i}`, name: `Picker ${i}`, lines, exp });
      const socket = new PartySocket({ host: party.host, room, party: "main", id: `bench-${i}`, query: { token }, WebSocket: WebSocket as never, maxRetries: 0 });
      socket.addEventListener("message", (e) => {
        const now = performance.now();
        const msg = JSON.parse(String(e.data)) as { type: string; lines?: { rev: number; by: string }[]; claims?: { lineId: string; sub: string }[] };
        if (msg.type === "claims") {
          for (const c of msg.claims ?? []) {
            const t = claimSentAt.get(c.lineId);
            const seen = claimSeen.get(c.lineId) ?? new Set<number>();
            if (t === undefined || seen.has(i) || c.sub.startsWith(`bench:${i}@`)) continue;
            seen.add(i);
            claimSeen.set(c.lineId, seen);
            claimLatencies.push(now - t);
          }
          return;
        }
        if (msg.type !== "lines") return;
        for (const l of msg.lines ?? []) {
          const key = `${l.by}:${l.rev}`;
          received.set(key, (received.get(key) ?? 0) + 1);
          const t = sentAt.get(key);
          if (t !== undefined) latencies.push(now - t);
        }
      });
      sockets.push(socket);
    }
    await Promise.all(sockets.map((s) => new Promise<void>((ok, fail) => {
      if (s.readyState === 1) return ok();
      s.addEventListener("open", () => ok(), { once: true });
      s.addEventListener("error", () => fail(new Error("a bench client could not connect")), { once: true });
    })));

    const started = performance.now();
    const revs = sockets.map(() => Date.now());
    const timers = sockets.map((socket, i) =>
      setInterval(() => {
        revs[i] = Math.max(revs[i]! + 1, Date.now());
        const by = `Picker ${i}`; // the room writes the token's name as `by`, so deliveries are keyed by it
        const line = { lineId: `c${i}-l${revs[i]! % 5}`, status: "Picked", pickState: "full", pickedQty: revs[i]! % 100, rev: revs[i]!, by };
        sentAt.set(`${by}:${line.rev}`, performance.now());
        socket.send(JSON.stringify({ type: "lines", lines: [line] }));
      }, 1000 / rate),
    );
    let claimTurn = 0;
    const claimTimer = setInterval(() => {
      const lineId = `claim-${claimTurn}`;
      claimSentAt.set(lineId, performance.now());
      sockets[claimTurn % sockets.length]!.send(JSON.stringify({ type: "claim", lineId }));
      claimTurn++;
    }, 500);
    await new Promise((ok) => setTimeout(ok, seconds * 1000));
    clearInterval(claimTimer);
    for (const t of timers) clearInterval(t);
    await new Promise((ok) => setTimeout(ok, 1500)); // let the last messages land
    const elapsed = (performance.now() - started) / 1000;

    const expectedEach = clients - 1;
    let lost = 0;
    let duplicated = 0;
    for (const key of sentAt.keys()) {
      const n = received.get(key) ?? 0;
      if (n < expectedEach) lost += expectedEach - n;
      if (n > expectedEach) duplicated += n - expectedEach;
    }
    latencies.sort((a, b) => a - b);
    const fmt = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`room fan-out: ${clients} clients × ${rate}/s for ${seconds} s (${elapsed.toFixed(1)} s incl. drain)`);
    console.log(`  sent ${sentAt.size} updates, ${latencies.length} deliveries (expected ${sentAt.size * expectedEach})`);
    console.log(`  latency p50 ${fmt(percentile(latencies, 0.5))}  p95 ${fmt(percentile(latencies, 0.95))}  p99 ${fmt(percentile(latencies, 0.99))}  max ${fmt(latencies.at(-1) ?? 0)}`);
    console.log(`  lost ${lost}, duplicated ${duplicated}`);
    claimLatencies.sort((a, b) => a - b);
    const claimsExpected = claimSentAt.size * expectedEach;
    console.log(`line claims: ${claimSentAt.size} claims, seen ${claimLatencies.length} times by the other pickers (expected ${claimsExpected})`);
    console.log(`  claim visible p50 ${fmt(percentile(claimLatencies, 0.5))}  p95 ${fmt(percentile(claimLatencies, 0.95))}  max ${fmt(claimLatencies.at(-1) ?? 0)} (target p95 < 250 ms)`);
  } finally {
    for (const s of sockets) s.close();
    await party.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchRoomFanout();
}
