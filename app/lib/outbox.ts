// The floor's one outbox (issue 23): every floor write goes through sendThroughOutbox, which tries the network
// at once (whatever navigator.onLine says) and, when no answer comes, keeps the write in IndexedDB ("floor-outbox")
// with its Idempotency-Key and the phone's time of the act (X-Acted-At), then sends it when the signal returns:
// oldest first per order, with backoff, across a closed app and a reboot. The rules are app/domain/outbox.ts;
// the server's withIdempotency makes a double send (two tabs, a lost answer) harmless. Client only.
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from "idb";
import { anyAnswer } from "~/domain/api-messages";
import {
  countsOf,
  dueEntries,
  OUTBOX_TICK_MS,
  sameOwner,
  sortedOldestFirst,
  STORAGE_FULL_TEXT,
  backoffMs,
  verdictOf,
  type OutboxCounts,
  type OutboxEntry,
  type StoredBody,
} from "~/domain/outbox";
import { apiFetch, idempotencyKey, type ApiResult, type ApiSchema, type ContractOutput } from "./api-client";

export type { OutboxEntry, OutboxCounts } from "~/domain/outbox";

const DB_NAME = "floor-outbox";
const STORE = "entries";
const CHANNEL = "floor-outbox";
const OWNER_KEY = "floor-outbox-owner";
/** The delivery wizard's outbox before issue 23: moved into this one once, then deleted. */
const OLD_DB = "delivery-outbox";

interface OutboxDb extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { createdAt: number } };
}

export type OutboxRequest = {
  path: string;
  method?: string;
  json?: unknown;
  form?: FormData;
  label: string;
  group: string;
  idempotencyKey?: string;
};

/** apiFetch's answer, or "kept on this phone" (it will be sent when there is signal). */
export type OutboxResult<T> = ApiResult<T> | { ok: "queued"; entry: OutboxEntry };

/**
 * The server's answer to a queued write: taken ("sent", for the "Sent: <label>" toast and a screen waiting on it),
 * or kept for the person ("refused", "signin") with its refusal.
 */
export type AnsweredEvent = { entry: OutboxEntry; verdict: "sent" | "refused" | "signin"; status: number; data: unknown };

let dbPromise: Promise<IDBPDatabase<OutboxDb>> | null = null;
let owner = "";
let started = false;
let flushing: Promise<void> | null = null;
let migration: Promise<void> | null = null;
let channel: BroadcastChannel | null = null;
const changeListeners = new Set<() => void>();
const answeredListeners = new Set<(event: AnsweredEvent) => void>();

function available(): boolean {
  return typeof indexedDB !== "undefined";
}

function db(): Promise<IDBPDatabase<OutboxDb>> {
  dbPromise ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      const store = database.createObjectStore(STORE, { keyPath: "id" });
      store.createIndex("createdAt", "createdAt");
    },
    // Another tab's newer version wants the DB: let it go (it is opened again on the next call).
    blocking() {
      void dbPromise?.then((d) => d.close());
      dbPromise = null;
    },
  }).catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/** Who is signed in on this phone, as the shell knows it (non-secret: the e-mail or the passcode session's). */
export function setOutboxOwner(next: string): void {
  owner = next.trim().toLowerCase();
  try {
    localStorage.setItem(OWNER_KEY, owner);
  } catch {
    // No storage (private mode): the owner lives as long as the page.
  }
}

/** The owner this page sends for (the shell's, or the last one known on this phone). */
export function currentOutboxOwner(): string {
  if (owner) return owner;
  try {
    owner = localStorage.getItem(OWNER_KEY) ?? "";
  } catch {
    owner = "";
  }
  return owner;
}

function changed(): void {
  for (const listener of changeListeners) listener();
  try {
    channel?.postMessage({ type: "changed" });
  } catch {
    // A closed channel: the other tabs read IndexedDB on their next event anyway.
  }
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException ? error.name === "QuotaExceededError" : (error as { name?: string } | null)?.name === "QuotaExceededError";
}

/** FormData as IndexedDB keeps it (Blobs are storable); strings stay strings. */
function storedBody(request: OutboxRequest): StoredBody {
  if (request.form) {
    const parts: { name: string; value: string | Blob; filename?: string }[] = [];
    request.form.forEach((value, name) => {
      if (typeof value === "string") parts.push({ name, value });
      else parts.push({ name, value, filename: (value as File).name || undefined });
    });
    return { kind: "form", parts };
  }
  if (request.json !== undefined) return { kind: "json", text: JSON.stringify(request.json) };
  return { kind: "none" };
}

function initOf(entry: OutboxEntry) {
  const headers = { "X-Acted-At": entry.actedAt };
  if (entry.body.kind === "json") return { method: entry.method, json: JSON.parse(entry.body.text) as unknown, idempotencyKey: entry.idempotencyKey, headers };
  if (entry.body.kind === "form") {
    const form = new FormData();
    for (const p of entry.body.parts) {
      if (typeof p.value === "string") form.append(p.name, p.value);
      else form.append(p.name, p.value, p.filename ?? "photo.jpg");
    }
    return { method: entry.method, form, idempotencyKey: entry.idempotencyKey, headers };
  }
  return { method: entry.method, idempotencyKey: entry.idempotencyKey, headers };
}

/** All entries kept on this phone, oldest first (every owner's: the screen says whose wait). */
export async function listEntries(): Promise<OutboxEntry[]> {
  if (!available()) return [];
  await migrateOnce();
  return sortedOldestFirst(await (await db()).getAll(STORE));
}

/** How many of this session's entries wait, and how many need the person. */
export async function outboxCount(): Promise<OutboxCounts> {
  const mine = (await listEntries()).filter((e) => sameOwner(e.owner, currentOutboxOwner()));
  return countsOf(mine);
}

/** Calls `listener` with the counts now and whenever they change (in this tab or another). */
export function watchOutbox(listener: (counts: OutboxCounts) => void): () => void {
  let stopped = false;
  const refresh = () =>
    void outboxCount().then(
      (counts) => {
        if (!stopped) listener(counts);
      },
      () => {},
    );
  changeListeners.add(refresh);
  refresh();
  return () => {
    stopped = true;
    changeListeners.delete(refresh);
  };
}

/** Called for every queued write the server answered (took, or refused). */
export function onOutboxAnswered(listener: (event: AnsweredEvent) => void): () => void {
  answeredListeners.add(listener);
  return () => answeredListeners.delete(listener);
}

function answered(event: AnsweredEvent): void {
  for (const listener of answeredListeners) listener(event);
}

async function keep(entry: OutboxEntry): Promise<void> {
  await (await db()).put(STORE, entry);
  changed();
  void registerBackgroundSync();
}

/** Background Sync, where the browser has it: the service worker (part A) asks the page to flush. */
async function registerBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
    await registration.sync?.register(CHANNEL);
  } catch {
    // Not supported or refused: the online event and the 30 s timer still flush.
  }
}

/**
 * When a write was kept, in ms, strictly increasing in this tab: the outbox sends oldest first, and two writes made in
 * the same millisecond (a tap and the next, on a fast phone) would otherwise be ordered by their random ids. The CI's
 * unit run caught two such writes sent B before A.
 */
let lastCreatedAt = 0;
function nextCreatedAt(): number {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return lastCreatedAt;
}

/**
 * A floor write: tried now with its Idempotency-Key and X-Acted-At; the server's answer (2xx, or a refusal)
 * comes back as apiFetch's; no answer (or a 5xx/408/429) keeps it on the phone and answers "queued". While
 * earlier writes of the same group wait, it queues behind them at once (never overtakes).
 */
export async function sendThroughOutbox<S extends ApiSchema>(request: OutboxRequest, schema: S): Promise<OutboxResult<ContractOutput<S>>> {
  const entry: OutboxEntry = {
    id: idempotencyKey(),
    path: request.path,
    method: (request.method ?? (request.json !== undefined || request.form ? "POST" : "GET")).toUpperCase(),
    body: storedBody(request),
    idempotencyKey: request.idempotencyKey ?? idempotencyKey(),
    actedAt: new Date().toISOString(),
    createdAt: nextCreatedAt(),
    label: request.label,
    group: request.group,
    owner: currentOutboxOwner(),
    attempts: 0,
    nextAttemptAt: 0,
    state: "waiting",
  };
  if (!available()) return apiFetch(entry.path, schema, initOf(entry));
  startOutbox();
  let behind = false;
  try {
    behind = (await listEntries()).some((e) => e.group === entry.group && sameOwner(e.owner, entry.owner));
  } catch {
    behind = false;
  }
  if (!behind) {
    const result = await apiFetch(entry.path, schema, initOf(entry));
    if (result.ok || verdictOf(result.error.status) !== "retry") return result;
    entry.attempts = 1;
    entry.nextAttemptAt = Date.now() + backoffMs(1, Math.random());
  }
  try {
    await keep(entry);
  } catch (error) {
    const message = isQuotaError(error) ? STORAGE_FULL_TEXT : "This phone could not keep this, so it was not saved. Send it again with signal.";
    return { ok: false, error: { kind: "offline", status: 0, message, fieldErrors: {} } };
  }
  return { ok: "queued", entry };
}

/** Sends what is due, oldest first per group; one flush at a time per tab, and per phone where Web Locks exist. */
export function flushOutbox(force = false): Promise<void> {
  if (!available()) return Promise.resolve();
  flushing ??= (async () => {
    const locks = typeof navigator !== "undefined" ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
    if (locks?.request) await locks.request(CHANNEL, () => flushNow(force));
    else await flushNow(force);
  })()
    .catch(() => {})
    .finally(() => {
      flushing = null;
    });
  return flushing;
}

async function flushNow(force: boolean): Promise<void> {
  await migrateOnce();
  const database = await db();
  const due = dueEntries(await database.getAll(STORE), currentOutboxOwner(), Date.now(), force);
  const stopped = new Set<string>();
  for (const entry of due) {
    if (stopped.has(entry.group)) continue;
    // Another tab may have sent it meanwhile.
    const current = await database.get(STORE, entry.id);
    if (!current || current.state !== "waiting") continue;
    const result = await apiFetch(entry.path, anyAnswer, initOf(entry));
    const status = result.ok ? result.status : result.error.status;
    const verdict = result.ok ? "sent" : result.error.kind === "answer" ? "sent" : verdictOf(status);
    if (verdict === "sent") {
      await database.delete(STORE, entry.id);
      changed();
      answered({ entry, verdict, status, data: result.ok ? result.data : undefined });
      continue;
    }
    stopped.add(entry.group);
    if (verdict === "retry") {
      const attempts = entry.attempts + 1;
      await database.put(STORE, { ...entry, attempts, nextAttemptAt: Date.now() + backoffMs(attempts, Math.random()) });
      // No answer at all: the other groups would not get one either.
      if (status === 0) break;
      continue;
    }
    const error = result.ok ? null : result.error;
    const kept: OutboxEntry = { ...entry, state: verdict, refusal: { status, message: error?.message ?? "", fieldErrors: error?.fieldErrors ?? {} } };
    await database.put(STORE, kept);
    changed();
    answered({ entry: kept, verdict, status, data: error?.body });
  }
}

/** The person asked to send it again (after signing in, or after fixing what the server refused). */
export async function retryEntry(id: string): Promise<void> {
  const database = await db();
  const entry = await database.get(STORE, id);
  if (!entry) return;
  await database.put(STORE, { ...entry, state: "waiting", refusal: undefined, attempts: 0, nextAttemptAt: 0, owner: entry.owner || currentOutboxOwner() });
  changed();
  await flushOutbox(true);
}

/** The person decided this write is not wanted: it leaves the phone. */
export async function discardEntry(id: string): Promise<void> {
  await (await db()).delete(STORE, id);
  changed();
}

/**
 * Once per page: writes that waited for sign-in are tried again (a new session of the same owner), and the
 * outbox flushes on the events that mean the signal may be back: the online event, the app coming to the
 * front, the service worker's Background Sync message, and every 30 s.
 */
export function startOutbox(): void {
  if (started || !available() || typeof window === "undefined") return;
  started = true;
  const flush = () => void flushOutbox(true);
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") flush();
  });
  navigator.serviceWorker?.addEventListener("message", (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === "outbox-flush") flush();
  });
  window.setInterval(() => void flushOutbox(), OUTBOX_TICK_MS);
  if (typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => {
      for (const listener of changeListeners) listener();
    };
  }
  void resumeSignedIn().then(flush, flush);
}

async function resumeSignedIn(): Promise<void> {
  const me = currentOutboxOwner();
  const database = await db();
  let any = false;
  for (const entry of await listEntries()) {
    if (entry.state === "signin" && sameOwner(entry.owner, me)) {
      await database.put(STORE, { ...entry, state: "waiting", refusal: undefined, nextAttemptAt: 0 });
      any = true;
    }
  }
  if (any) changed();
}

type OldRequest = { id: string; url: string; method?: string; idempotencyKey: string; body: StoredBody; label: string; orderNumber: string; createdAt: number; attempts?: number };

/** Moves the delivery wizard's old outbox into this one, once: an app updated while writes waited still sends them. */
export function migrateOnce(): Promise<void> {
  migration ??= migrateOld().catch(() => {});
  return migration;
}

async function migrateOld(): Promise<void> {
  if (typeof indexedDB.databases === "function") {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes(OLD_DB)) return;
  }
  const old = await openDB(OLD_DB);
  let requests: OldRequest[] = [];
  try {
    if (old.objectStoreNames.contains("requests")) requests = (await old.getAll("requests")) as OldRequest[];
  } finally {
    old.close();
  }
  if (requests.length) {
    const database = await db();
    const tx = database.transaction(STORE, "readwrite");
    for (const r of requests) {
      await tx.store.put({
        id: r.id,
        path: r.url,
        method: r.method ?? "POST",
        body: r.body,
        idempotencyKey: r.idempotencyKey,
        actedAt: new Date(r.createdAt).toISOString(),
        createdAt: r.createdAt,
        label: r.label,
        group: r.orderNumber,
        owner: currentOutboxOwner(),
        attempts: r.attempts ?? 0,
        nextAttemptAt: 0,
        state: "waiting",
      });
    }
    await tx.done;
  }
  await deleteDB(OLD_DB);
  if (requests.length) changed();
}
