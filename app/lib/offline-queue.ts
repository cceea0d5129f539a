// The phone's outbox for the delivery wizard (issue 8, 'No signal at the door'): a request that cannot reach the
// server (no signal, a dropped connection) is kept in IndexedDB with its Idempotency-Key and sent when the
// signal returns, in the order it was made, also after the app was closed (the shell flushes on start). The
// server's withIdempotency makes a resend that did arrive the first time harmless: nothing is sent twice.
// Client only; no dependencies.

export type QueuedBody = { kind: "json"; text: string } | { kind: "form"; parts: { name: string; value: string | Blob; filename?: string }[] };

export type QueuedRequest = {
  id: string;
  url: string;
  method: "POST";
  idempotencyKey: string;
  body: QueuedBody;
  /** What the driver reads in the outbox ('COD photo for SO-1042'). */
  label: string;
  orderNumber: string;
  createdAt: number;
  attempts: number;
};

export type SendResult =
  | { status: "sent"; response: Response }
  | { status: "queued" };

export type FlushOutcome = { request: QueuedRequest; ok: boolean; status: number; error: string | null; body: unknown };

const DB_NAME = "delivery-outbox";
const STORE = "requests";
const EVENT = "delivery-outbox-change";

function available(): boolean {
  return typeof indexedDB !== "undefined";
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE, { keyPath: "id" });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await openDb();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const t = db.transaction(STORE, mode);
      const req = run(t.objectStore(STORE));
      t.oncomplete = () => resolve(req ? req.result : undefined);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    });
  } finally {
    db.close();
  }
}

function changed() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(EVENT));
}

export function newIdempotencyKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export async function queuedRequests(): Promise<QueuedRequest[]> {
  if (!available()) return [];
  const all = ((await tx<QueuedRequest[]>("readonly", (s) => s.getAll() as IDBRequest<QueuedRequest[]>)) ?? []) as QueuedRequest[];
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export async function enqueue(request: Omit<QueuedRequest, "id" | "createdAt" | "attempts">): Promise<QueuedRequest> {
  const item: QueuedRequest = { ...request, id: newIdempotencyKey(), createdAt: Date.now(), attempts: 0 };
  await tx("readwrite", (s) => s.put(item));
  changed();
  return item;
}

async function remove(id: string) {
  await tx("readwrite", (s) => s.delete(id));
  changed();
}

async function update(item: QueuedRequest) {
  await tx("readwrite", (s) => s.put(item));
}

function toInit(item: Pick<QueuedRequest, "idempotencyKey" | "body">): RequestInit {
  const headers: Record<string, string> = { "Idempotency-Key": item.idempotencyKey };
  let body: BodyInit;
  if (item.body.kind === "json") {
    headers["content-type"] = "application/json";
    body = item.body.text;
  } else {
    const form = new FormData();
    for (const p of item.body.parts) {
      if (typeof p.value === "string") form.append(p.name, p.value);
      else form.append(p.name, p.value, p.filename ?? "photo.jpg");
    }
    body = form;
  }
  return { method: "POST", headers, body, credentials: "same-origin" };
}

/** A failure of the network, not an answer of the server: worth keeping for later. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === "AbortError");
}

/**
 * Sends now when the phone seems online; keeps the request in the outbox when it is offline or the request
 * never got an answer. A server answer (even a 4xx) is returned to the caller as is.
 */
export async function sendOrQueue(request: Omit<QueuedRequest, "id" | "createdAt" | "attempts">): Promise<SendResult> {
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  // Earlier requests still waiting go first, so this one cannot overtake them (out for delivery before completion).
  const waiting = available() ? (await queuedRequests()).length : 0;
  if (!offline && waiting === 0) {
    try {
      return { status: "sent", response: await fetch(request.url, toInit(request)) };
    } catch (error) {
      if (!isNetworkFailure(error) || !available()) throw error;
    }
  }
  if (!available()) throw new TypeError("Offline and this browser cannot keep requests");
  await enqueue(request);
  if (!offline) void flushQueue();
  return { status: "queued" };
}

let flushing: Promise<FlushOutcome[]> | null = null;
const listeners = new Set<(outcome: FlushOutcome) => void>();

/** Called for every queued request the server answered (success or refusal), e.g. to show its toast. */
export function onFlushed(listener: (outcome: FlushOutcome) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Sends the waiting requests oldest first. Stops at the first one that gets no answer (still offline) or a
 * 5xx/429 (try later); a 2xx or another 4xx is final and leaves the outbox (a 4xx is reported: the server
 * refused it, and sending it again would not change that).
 */
export function flushQueue(): Promise<FlushOutcome[]> {
  if (flushing) return flushing;
  flushing = (async () => {
    const outcomes: FlushOutcome[] = [];
    if (!available()) return outcomes;
    for (const item of await queuedRequests()) {
      let response: Response;
      try {
        response = await fetch(item.url, toInit(item));
      } catch {
        break;
      }
      if (response.status >= 500 || response.status === 429 || response.status === 408 || response.status === 401) {
        await update({ ...item, attempts: item.attempts + 1 });
        break;
      }
      const body = (await response.json().catch(() => null)) as { success?: boolean; error?: string } | null;
      await remove(item.id);
      const outcome = { request: item, ok: response.ok, status: response.status, error: response.ok ? null : (body?.error ?? "Failed"), body };
      outcomes.push(outcome);
      for (const l of listeners) l(outcome);
    }
    return outcomes;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Subscribes to the outbox's size; starts flushing now, when the signal returns, and every 30 s while waiting. */
export function watchQueue(onCount: (count: number) => void): () => void {
  if (typeof window === "undefined" || !available()) return () => {};
  let stopped = false;
  const refresh = () => {
    void queuedRequests()
      .then((all) => {
        if (!stopped) onCount(all.length);
      })
      .catch(() => {});
  };
  const flush = () => void flushQueue().catch(() => {}).finally(refresh);
  window.addEventListener(EVENT, refresh);
  window.addEventListener("online", flush);
  const timer = window.setInterval(() => {
    if (navigator.onLine !== false) flush();
  }, 30_000);
  refresh();
  flush();
  return () => {
    stopped = true;
    window.removeEventListener(EVENT, refresh);
    window.removeEventListener("online", flush);
    window.clearInterval(timer);
  };
}
