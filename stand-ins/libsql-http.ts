// A local libSQL server for `npm run preview`: Hrana over HTTP (versions 2 and 3, JSON), the protocol the
// Worker's `@libsql/client/web` speaks to Turso in production, answered from the embedded database file. No sqld
// can be installed here, so this stand-in lets the built Worker reach its data through the very code path it uses
// in production (decisions 019 and 024).
//
// It answers as sqld does (libsql-server/src/hrana): GET /v2, /v3 and /v3-protobuf version checks; POST
// /v2/pipeline, /v3/pipeline and /v3-protobuf/pipeline with every stream request (execute, batch with its
// conditions, sequence, describe, store_sql, close_sql, get_autocommit, close); POST /v3/cursor and
// /v3-protobuf/cursor; signed batons that each serve one request, streams that expire after 10 s idle; a request
// that is not Hrana gets 400 with the reason.
//
// The database work runs in a child process (stand-ins/libsql-engine.ts): the native binding aborts its process
// on some inputs, and then only that engine dies. The request it was serving gets a 500 error, the streams it
// held expire, and the next request starts a new engine; this server never goes down with it.
import { fork, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { EngineReply, EngineRequest } from "./libsql-engine";
import { decodeCursorBody, decodePipelineBody, encodeCursorResponse, encodePipelineResponse } from "./libsql-protobuf";
import { checkBatch, checkRequests, cursorBodySchema, describeIssue, pipelineBodySchema, ProtocolError, type CursorEntry, type Version } from "./libsql-protocol";

/** A stream nobody uses for this long is closed and its transaction rolled back (sqld: 10 s). */
const STREAM_IDLE_MS = 10_000;
/** How long an expired stream's baton is still recognised, to answer "expired" rather than "invalid" (sqld: 300 s). */
const EXPIRED_KEPT_MS = 300_000;
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export type LibsqlStandin = { url: string; close(): Promise<void>; statements(): number };

type EngineAsk = Omit<EngineRequest, "id">;
type Stream = { engineStream: number; generation: number; seq: bigint; busy: boolean; timer?: NodeJS.Timeout };

/** A failure answered with an HTTP status: 400 as plain text (sqld's protocol errors), 500 as a Hrana Error. */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const EXPIRED = () => new HttpFailure(500, "The stream has expired due to inactivity", "STREAM_EXPIRED");

/** The engine child process: started when first needed and again after it dies; requests wait for it. */
function engineSupervisor(file: string, onExit: (reason: string) => void) {
  const enginePath = fileURLToPath(new URL("./libsql-engine.ts", import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  let child: ChildProcess | undefined;
  let ready: Promise<ChildProcess> | undefined;
  let generation = 0;
  let nextId = 1;
  let stopping = false;
  let statementsBefore = 0;
  let statementsNow = 0;
  const pending = new Map<number, { resolve: (r: EngineReply) => void; reject: (e: Error) => void }>();

  function start(): Promise<ChildProcess> {
    generation += 1;
    let stderr = "";
    const proc = fork(enginePath, ["--engine", file], { execArgv: ["--import", tsx], serialization: "advanced", stdio: ["ignore", "ignore", "pipe", "ipc"] });
    proc.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-2_000);
    });
    child = proc;
    return new Promise<ChildProcess>((resolve, reject) => {
      // A failed spawn or a send on a closed channel: without a listener the 'error' event would end this process.
      proc.on("error", (e) => {
        if (child === proc && !proc.connected) {
          child = undefined;
          ready = undefined;
        }
        reject(e);
      });
      proc.on("message", (message: EngineReply | { ready: true }) => {
        if ("ready" in message) return resolve(proc);
        statementsNow = message.statements;
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        waiter?.resolve(message);
      });
      proc.on("exit", (code, signal) => {
        const panic = /panicked at[^\n]*\n([^\n]*)/.exec(stderr);
        const reason = panic ? `the native SQLite binding aborted: ${panic[1]!.trim()}` : `the database engine exited (${signal ?? `code ${code}`})`;
        statementsBefore += statementsNow;
        statementsNow = 0;
        if (child === proc) {
          child = undefined;
          ready = undefined;
        }
        for (const [id, waiter] of pending) {
          pending.delete(id);
          waiter.reject(new HttpFailure(500, `The local libSQL stand-in could not serve this request: ${reason}. Its streams are closed; the next request starts a new engine.`, "SERVER_ERROR"));
        }
        reject(new Error(reason));
        if (!stopping) onExit(reason);
      });
    });
  }

  return {
    get generation() {
      return generation;
    },
    statements: () => statementsBefore + statementsNow,
    /** Runs a request on the engine; one meant for a stream of an engine that has since died is refused. */
    async ask(req: EngineAsk, streamGeneration?: number): Promise<{ reply: EngineReply; generation: number }> {
      if (streamGeneration !== undefined && (streamGeneration !== generation || !child)) throw EXPIRED();
      ready ??= start();
      const proc = await ready;
      const id = nextId++;
      const ran = generation;
      const reply = await new Promise<EngineReply>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        proc.send({ ...req, id } as EngineRequest, (e) => {
          if (!e) return;
          pending.delete(id);
          reject(new HttpFailure(500, `The local libSQL stand-in could not reach its database engine: ${e.message}`, "SERVER_ERROR"));
        });
      });
      return { reply, generation: ran };
    },
    /** Starts the engine ahead of the first request, so that request does not wait for it. */
    warm() {
      ready ??= start();
      ready.catch(() => undefined); // a failed start is reported to the request that needs the engine
    },
    /** Closes an idle stream's connection, if its engine still runs. */
    closeStream(engineStream: number, streamGeneration: number) {
      if (child?.connected && streamGeneration === generation) child.send({ id: 0, type: "close", stream: engineStream } satisfies EngineRequest, () => undefined);
    },
    stop() {
      stopping = true;
      child?.disconnect();
    },
  };
}

export async function startLibsqlStandin(options: { file: string; port?: number; host?: string; onEngineExit?: (reason: string) => void }): Promise<LibsqlStandin> {
  const streams = new Map<bigint, Stream>();
  const expired = new Map<bigint, number>();
  const batonKey = randomBytes(32);
  const engine = engineSupervisor(options.file, (reason) => {
    // The dead engine's connections are gone (their transactions rolled back): its batons answer "expired".
    for (const id of [...streams.keys()]) retire(id);
    options.onEngineExit?.(reason);
  });

  function retire(id: bigint) {
    const s = streams.get(id);
    if (s) clearTimeout(s.timer);
    streams.delete(id);
    expired.set(id, Date.now() + EXPIRED_KEPT_MS);
  }

  // sqld's baton: stream id and sequence number, signed, so a baton is unforgeable and serves one request only.
  function encodeBaton(id: bigint, seq: bigint): string {
    const payload = Buffer.alloc(16);
    payload.writeBigUInt64BE(id, 0);
    payload.writeBigUInt64BE(seq, 8);
    const mac = createHmac("sha256", batonKey).update(payload).digest();
    return Buffer.concat([payload, mac]).toString("base64").replace(/=+$/, "");
  }

  function decodeBaton(baton: string): { id: bigint; seq: bigint } {
    const data = /^[A-Za-z0-9+/]+$/.test(baton) ? Buffer.from(baton, "base64") : Buffer.alloc(0);
    const mac = data.subarray(16);
    const expected = createHmac("sha256", batonKey).update(data.subarray(0, 16)).digest();
    if (data.length !== 48 || !timingSafeEqual(mac, expected)) throw new ProtocolError("Received an invalid baton");
    return { id: data.readBigUInt64BE(0), seq: data.readBigUInt64BE(8) };
  }

  /** The stream a baton names (taken until its request is answered), or a new one for no baton. */
  function acquire(baton: string | null | undefined): { id: bigint; stream: Stream | null } {
    if (!baton) return { id: randomBytes(8).readBigUInt64BE(0), stream: null };
    const { id, seq } = decodeBaton(baton);
    const stream = streams.get(id);
    if (!stream) {
      const until = expired.get(id);
      if (until !== undefined && until > Date.now()) throw EXPIRED();
      throw new ProtocolError("Received an invalid baton");
    }
    if (stream.busy || stream.seq !== seq) throw new ProtocolError("Received a baton that has already been used");
    stream.busy = true;
    clearTimeout(stream.timer);
    return { id, stream };
  }

  /** After the request: the next baton, or null when the stream was closed (or dropped by an error). */
  function release(id: bigint, stream: Stream | null, answer: { reply: EngineReply; generation: number } | null): string | null {
    const reply = answer?.reply;
    if (!answer || !reply || !reply.ok || reply.closed) {
      clearTimeout(stream?.timer);
      if (stream) streams.delete(id);
      return null;
    }
    const s: Stream = stream ?? { engineStream: reply.stream, generation: answer.generation, seq: randomBytes(8).readBigUInt64BE(0), busy: false };
    s.seq = (s.seq + 1n) & 0xffff_ffff_ffff_ffffn;
    s.busy = false;
    s.timer = setTimeout(() => {
      retire(id);
      engine.closeStream(s.engineStream, s.generation);
    }, STREAM_IDLE_MS);
    s.timer.unref();
    streams.set(id, s);
    return encodeBaton(id, s.seq);
  }

  async function onStream(baton: string | null | undefined, ask: (engineStream: number | null) => EngineAsk): Promise<{ reply: EngineReply & { ok: true }; baton: string | null }> {
    const { id, stream } = acquire(baton);
    let answer: { reply: EngineReply; generation: number } | null = null;
    let next: string | null = null;
    try {
      answer = await engine.ask(ask(stream?.engineStream ?? null), stream?.generation);
    } finally {
      next = release(id, stream, answer);
    }
    const { reply } = answer;
    if (!reply.ok) throw reply.status === 400 ? new ProtocolError(reply.message) : new HttpFailure(500, reply.message, "SERVER_ERROR");
    return { reply, baton: next };
  }

  async function pipeline(body: unknown, version: Version) {
    const parsed = pipelineBodySchema.safeParse(body);
    if (!parsed.success) throw new ProtocolError(describeIssue(parsed.error));
    const { requests } = parsed.data;
    checkRequests(requests, version);
    const { reply, baton } = await onStream(parsed.data.baton, (stream) => ({ type: "pipeline", stream, version, requests }));
    return { baton, base_url: null, results: reply.results ?? [] };
  }

  async function cursor(body: unknown): Promise<{ head: { baton: string | null; base_url: null }; entries: CursorEntry[] }> {
    const parsed = cursorBodySchema.safeParse(body);
    if (!parsed.success) throw new ProtocolError(describeIssue(parsed.error));
    checkBatch(parsed.data.batch, 3);
    const { reply, baton } = await onStream(parsed.data.baton, (stream) => ({ type: "cursor", stream, version: 3, batch: parsed.data.batch }));
    return { head: { baton, base_url: null }, entries: reply.entries ?? [] };
  }

  async function readBody(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      if (size > MAX_BODY_BYTES) throw new HttpFailure(413, "Request body is too large");
      chunks.push(c as Buffer);
    }
    return Buffer.concat(chunks);
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const body = await readBody(req);
    try {
      return JSON.parse(body.toString("utf8"));
    } catch (e) {
      throw new ProtocolError(`Cannot deserialize client message from JSON: ${(e as Error).message}`);
    }
  }

  function send(res: ServerResponse, status: number, body: string | Buffer, type: string) {
    if (res.headersSent) return res.end();
    res.writeHead(status, { "content-type": type });
    res.end(body);
  }

  function fail(res: ServerResponse, e: unknown) {
    if (e instanceof ProtocolError) return send(res, 400, e.message, "text/plain");
    if (e instanceof HttpFailure && e.status !== 500) return send(res, e.status, e.message, "text/plain");
    const code = e instanceof HttpFailure ? (e.code ?? "SERVER_ERROR") : "SERVER_ERROR";
    send(res, 500, JSON.stringify({ message: e instanceof Error ? e.message : String(e), code }), "application/json");
  }

  const jsonLines = ({ head, entries }: Awaited<ReturnType<typeof cursor>>) => [head, ...entries].map((line) => JSON.stringify(line) + "\n").join("");
  const routes: Record<string, (req: IncomingMessage) => Promise<{ body: string | Buffer; type: string }>> = {
    "/v2/pipeline": async (req) => ({ body: JSON.stringify(await pipeline(await readJson(req), 2)), type: "application/json" }),
    "/v3/pipeline": async (req) => ({ body: JSON.stringify(await pipeline(await readJson(req), 3)), type: "application/json" }),
    "/v3/cursor": async (req) => ({ body: jsonLines(await cursor(await readJson(req))), type: "text/plain" }),
    "/v3-protobuf/pipeline": async (req) => ({ body: encodePipelineResponse(await pipeline(decodePipelineBody(await readBody(req)), 3)), type: "application/x-protobuf" }),
    "/v3-protobuf/cursor": async (req) => {
      const { head, entries } = await cursor(decodeCursorBody(await readBody(req)));
      return { body: encodeCursorResponse(head, entries), type: "application/octet-stream" };
    },
  };

  const server = createServer((req, res) => {
    try {
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      if (path === "/v2" || path === "/v3" || path === "/v3-protobuf" || path === "/health" || path === "/") {
        if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "Method Not Allowed", "text/plain");
        return send(res, 200, "Hello, this is HTTP API v2 (Hrana over HTTP)", "text/plain");
      }
      const route = routes[path];
      if (!route) return send(res, 404, "Not found", "text/plain");
      if (req.method !== "POST") return send(res, 405, "Method Not Allowed", "text/plain");
      route(req).then(
        ({ body, type }) => send(res, 200, body, type),
        (e: unknown) => fail(res, e),
      );
    } catch (e) {
      fail(res, e);
    }
  });
  server.on("clientError", (_e, socket) => socket.destroy());
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  engine.warm();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    statements: engine.statements,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of streams.values()) clearTimeout(s.timer);
        streams.clear();
        engine.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const file = arg("file") ?? ".data/preview.db";
  const standin = await startLibsqlStandin({
    file,
    port: Number(arg("port") ?? process.env.LIBSQL_PORT ?? 8080),
    onEngineExit: (reason) => console.error(`libSQL stand-in: ${reason}; the engine restarts on the next request`),
  });
  console.log(`libSQL (Hrana over HTTP) on ${standin.url} → ${file}`);
  const stop = () => void standin.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
