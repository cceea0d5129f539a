// Picking screen rules (spec 002 §3–§5): building lines from an order, the per-line actions, progress,
// and merging local, logged and inventory state. Pure and client-safe. The Short editor's quantities are in
// short-quantities.ts and what Save sends in verify.ts: neither is needed to draw the list (issue 25).
import type * as z from "zod/mini";
import type { LineBarcode } from "./barcodes";
import type { InventorySummary, OrderImage as OrderImageSchema, OrderLine, PickLogEntry, PickLogResult as PickLogResultSchema } from "./contract";

export type { InventorySummary, PickLogEntry };

export const PICK_STATUSES = ["Pending", "Picked", "Issue"] as const;
export type PickStatus = (typeof PICK_STATUSES)[number];
export const PICK_STATES = ["unset", "full", "short"] as const;
export type PickState = (typeof PICK_STATES)[number];

export const INITIAL_VISIBLE_LINES = 25;
export const VISIBLE_LINES_STEP = 25;
export const AUTOSAVE_DELAY_MS = 500;
export const ROW_FLASH_MS = 1000;

export type PickLine = {
  id: string;
  sku: string;
  name: string;
  image: string | null;
  imageLarge: string | null;
  quantity: number;
  onHand: number | null;
  status: PickStatus;
  pickState: PickState;
  pickedQty: number;
  note?: string;
  /** Why a short line is short (a reason label admins manage, e.g. 'Stockout'). */
  reason?: string;
  /** The product's bin ('A-03-2'), or null when it has none. */
  bin: string | null;
  /** The product's barcodes (its SKU always matches too). */
  barcodes: LineBarcode[];
  /** Live-sync stamp of the last change (Lamport-ish clock and device id); absent = never changed here. */
  rev?: number;
  by?: string;
};

export type LineChange = Partial<Pick<PickLine, "status" | "pickState" | "pickedQty" | "note" | "reason">>;

/** An order's image and line as the order call answers them (app/domain/picking/contract.ts). */
export type OrderImage = z.output<typeof OrderImageSchema>;
export type OrderLineInput = z.output<typeof OrderLine>;

export type PickOrderHeader = { orderId: string | null; orderNumber: string; customerName: string; location: string };

const SMALL_FIRST: (keyof OrderImage)[] = ["smallUrl", "mediumUrl", "thumbUrl", "mediumUncroppedUrl", "largeUrl", "originalUrl"];
const LARGE_FIRST: (keyof OrderImage)[] = ["originalUrl", "largeUrl", "mediumUncroppedUrl", "mediumUrl", "smallUrl", "thumbUrl"];

function firstUrl(images: OrderImage[] | null | undefined, order: (keyof OrderImage)[]): string | null {
  for (const key of order) {
    for (const image of images ?? []) {
      const url = image?.[key];
      if (url) return url;
    }
  }
  return null;
}

/** The list image: the first available of small, medium, thumb, uncropped, large, original. */
export function pickImage(images: OrderImage[] | null | undefined) {
  return firstUrl(images, SMALL_FIRST);
}

/** The zoomed image: the first available of original, large, uncropped, medium, small, thumb. */
export function pickImageLarge(images: OrderImage[] | null | undefined) {
  return firstUrl(images, LARGE_FIRST);
}

/** The line id: the line item id, or the index as text when missing. */
export function pickLineId(line: OrderLineInput, index: number): string {
  const id = line.lineItemId;
  return id === null || id === undefined || id === "" ? String(index) : String(id);
}

export function buildPickLines(lines: OrderLineInput[]): PickLine[] {
  return lines.map((line, index) => ({
    id: pickLineId(line, index),
    sku: String(line.sku || line.code || ""),
    name: String(line.description ?? ""),
    image: pickImage(line.images),
    imageLarge: pickImageLarge(line.images),
    quantity: Number(line.quantity) || 0,
    onHand: null,
    status: "Pending",
    pickState: "unset",
    pickedQty: 0,
    bin: line.bin?.trim() ? line.bin.trim() : null,
    barcodes: Array.isArray(line.barcodes) ? line.barcodes.filter((b) => b && typeof b.key === "string" && b.quantity > 0) : [],
  }));
}

/** A line can be updated with any partial fields. */
export function updateLine(line: PickLine, change: LineChange): PickLine {
  return { ...line, ...change };
}

export function inFull(line: PickLine): LineChange {
  return { pickState: "full", pickedQty: line.quantity, status: "Picked" };
}

/** Short keeps the current status (Pending stays Pending) until Done. */
export function short(_line: PickLine): LineChange {
  return { pickState: "short" };
}

export function unselect(_line: PickLine): LineChange {
  return { pickState: "unset", pickedQty: 0, status: "Pending", note: undefined, reason: undefined };
}

/** Done in short mode: clamp to 0..quantity; Picked when it reaches the quantity, otherwise Issue. */
export function shortDone(line: PickLine, picked: number | undefined, reason?: string): LineChange {
  const raw = picked ?? line.pickedQty;
  const pickedQty = Math.min(line.quantity, Math.max(0, Number.isFinite(raw) ? raw : 0));
  const complete = pickedQty >= line.quantity;
  return { pickedQty, status: complete ? "Picked" : "Issue", reason: complete ? undefined : (reason ?? line.reason) };
}

export function markAllPicked(lines: PickLine[]): PickLine[] {
  return lines.map((l) => updateLine(l, inFull(l)));
}

/** 'On Hand' is red when below the needed quantity, green otherwise (unknown: neutral). */
export function onHandTone(line: Pick<PickLine, "quantity" | "onHand">): "red" | "green" | "unknown" {
  if (line.onHand === null || line.onHand === undefined) return "unknown";
  return line.onHand < line.quantity ? "red" : "green";
}

export type PickProgress = { picked: number; short: number; unset: number; total: number; percent: number; fullyAccounted: boolean };

/** Bottom bar counts: Picked = pickState full, Short, Unset (the rest); percent = (full + short) / total. */
export function pickProgress(lines: PickLine[]): PickProgress {
  let picked = 0;
  let shortCount = 0;
  for (const l of lines) {
    if (l.pickState === "full") picked++;
    else if (l.pickState === "short") shortCount++;
  }
  const total = lines.length;
  return {
    picked,
    short: shortCount,
    unset: total - picked - shortCount,
    total,
    percent: total === 0 ? 0 : Math.round(((picked + shortCount) / total) * 100),
    fullyAccounted: picked + shortCount >= total,
  };
}

/**
 * The one progress figure beside the percent, in the header (issue 24: the header once counted status Picked
 * and disagreed with the bar as soon as a line was short): '5 of 12 lines · 4 picked · 1 short'.
 */
export function progressText(progress: Pick<PickProgress, "picked" | "short" | "total">): string {
  return `${progress.picked + progress.short} of ${progress.total} lines · ${progress.picked} picked · ${progress.short} short`;
}

export function saveSuccessMessage(pickedCount: number, total: number, issues: number): string {
  return `Saved. Lines picked: ${pickedCount}/${total}${issues > 0 ? ` • Issues: ${issues}` : ""}`;
}

/** What the screen says when an order cannot open for want of a sign-in (the gate is the way in). */
export const SIGN_IN_TO_OPEN = "Sign in, or enter the pick list code, to open this order.";

/**
 * An order that cannot open, in plain words for the person at the screen: no server hints (issue 24: "Make
 * sure the server is running…" told a picker behind the gate nothing they could act on). A whole sentence
 * (the client's words for no connection) stands alone.
 */
export function loadErrorMessage(error: string): string {
  const text = error.trim();
  if (/^not signed in\.?$/i.test(text)) return SIGN_IN_TO_OPEN;
  const warehouse = /^passcode not authorized for warehouse (.+)$/i.exec(text);
  if (warehouse) return `This pick list code is not for warehouse ${warehouse[1]}. Ask a manager for that warehouse's code.`;
  if (/not found\.?$/i.test(text)) return `${text.replace(/\.$/, "")}. Check the order number.`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** 'Picked X • Short Y' under the Short input. */
export function shortSummary(line: Pick<PickLine, "quantity">, picked: number | undefined): string {
  const p = Math.min(line.quantity, Math.max(0, picked ?? 0));
  return `Picked ${p} • Short ${Math.max(0, line.quantity - p)}`;
}

type StoredLine = Partial<PickLine> & { id?: string; sku?: string };

/** Locally saved lines are merged onto the fresh order lines by id, or by sku when the id is unknown. */
export function mergeLocalLines(lines: PickLine[], stored: StoredLine[] | null | undefined): PickLine[] {
  if (!stored?.length) return lines;
  const byId = new Map(stored.filter((s) => s.id).map((s) => [String(s.id), s]));
  const bySku = new Map(stored.filter((s) => s.sku).map((s) => [String(s.sku), s]));
  return lines.map((line) => {
    const saved = byId.get(line.id) ?? (line.sku ? bySku.get(line.sku) : undefined);
    if (!saved) return line;
    const merged: PickLine = { ...line };
    if (saved.status && (PICK_STATUSES as readonly string[]).includes(saved.status)) merged.status = saved.status;
    if (saved.pickState && (PICK_STATES as readonly string[]).includes(saved.pickState)) merged.pickState = saved.pickState;
    if (typeof saved.pickedQty === "number" && Number.isFinite(saved.pickedQty)) merged.pickedQty = Math.max(0, saved.pickedQty);
    if (typeof saved.note === "string" && saved.note) merged.note = saved.note;
    if (typeof saved.reason === "string" && saved.reason) merged.reason = saved.reason;
    if (typeof saved.rev === "number") merged.rev = saved.rev;
    if (typeof saved.by === "string") merged.by = saved.by;
    return merged;
  });
}

export type PickLogResult = z.output<typeof PickLogResultSchema>;

/** The latest 'pick-verified' entry (by `at`, else the last in the list). */
export function latestVerifiedLog(entries: PickLogEntry[] | null | undefined): PickLogEntry | null {
  let best: PickLogEntry | null = null;
  for (const e of entries ?? []) {
    if (e?.type !== "pick-verified") continue;
    if (!best || (e.at ?? "") >= (best.at ?? "")) best = e;
  }
  return best;
}

/**
 * Cross-device sync from the latest pick-verified log: picked ≥ expected > 0 gives full/Picked/expected;
 * 0 < picked < expected gives short/Issue/picked; otherwise the line is unchanged.
 */
export function mergeVerifiedLog(lines: PickLine[], entry: PickLogEntry | null): PickLine[] {
  const results = entry?.payload?.results ?? [];
  if (!results.length) return lines;
  const byKey = new Map<string, PickLogResult>();
  for (const r of results) {
    for (const k of [r.lineItemId, r.key, r.sku]) if (k !== null && k !== undefined && k !== "") byKey.set(String(k), r);
  }
  return lines.map((line) => {
    const r = byKey.get(line.id) ?? (line.sku ? byKey.get(line.sku) : undefined);
    if (!r) return line;
    const picked = Number(r.picked ?? r.quantityPicked ?? 0) || 0;
    const expected = Number(r.expected ?? 0) || 0;
    if (expected > 0 && picked >= expected) return { ...line, pickState: "full", status: "Picked", pickedQty: expected };
    if (picked > 0 && picked < expected) return { ...line, pickState: "short", status: "Issue", pickedQty: picked, ...(r.reason ? { reason: r.reason } : {}) };
    return line;
  });
}


function entryQty(entry: unknown): number | null {
  if (entry === null || entry === undefined) return null;
  if (typeof entry === "number") return Number.isFinite(entry) ? entry : null;
  if (typeof entry === "object" && "quantityOnHand" in entry) {
    const n = Number((entry as { quantityOnHand: unknown }).quantityOnHand);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * On hand per line: lineMap maps a line id to a key of data; skuMap maps a sku to a key or an entry;
 * data is keyed by product id. The first that resolves wins.
 */
export function mergeInventory(lines: PickLine[], summary: InventorySummary | null, productIds: Record<string, string> = {}): PickLine[] {
  if (!summary) return lines;
  const data = summary.data ?? {};
  const resolve = (ref: unknown): number | null => (typeof ref === "string" ? entryQty(data[ref]) : entryQty(ref));
  return lines.map((line) => {
    const candidates: unknown[] = [
      summary.lineMap?.[line.id],
      line.sku ? summary.skuMap?.[line.sku] : undefined,
      productIds[line.id] ? data[productIds[line.id]!] : undefined,
    ];
    for (const c of candidates) {
      const q = resolve(c);
      if (q !== null) return { ...line, onHand: q };
    }
    return line;
  });
}

/** A passcode user limited to warehouses that lack the order's location may not load it. */
export function passcodeLocationError(
  session: { email?: string | null; allowedLocations?: string[] | null } | null | undefined,
  location: string,
): string | null {
  if (!session?.email?.startsWith("picklist+")) return null;
  const allowed = session.allowedLocations ?? [];
  if (!allowed.length || allowed.includes(location)) return null;
  return `Passcode not authorized for warehouse ${location}`;
}

/** Visible lines: 'Hide picked' drops Picked lines; the count grows by 25 per 'Load more'. */
export function visibleLines(lines: PickLine[], hidePicked: boolean, visibleCount: number) {
  const filtered = hidePicked ? lines.filter((l) => l.status !== "Picked") : lines;
  return { shown: filtered.slice(0, visibleCount), hasMore: filtered.length > visibleCount, filteredCount: filtered.length };
}

export function orderTitle(orderNumber: string, customerName: string | null | undefined): string {
  return `Order #${orderNumber} — ${customerName?.trim() ? customerName : "—"}`;
}

export function locationLabel(location: string | null | undefined): string {
  return `Loc: ${location?.trim() ? location : "—"}`;
}

export const DEMO_ORDER: PickOrderHeader = { orderId: null, orderNumber: "SO-12345", customerName: "Acme Foods", location: "Main Warehouse" };

export function demoLines(): PickLine[] {
  return buildPickLines([
    { lineItemId: "demo-1", sku: "JAS-25", description: "Jasmine Rice 25 lb", quantity: 10 },
    { lineItemId: "demo-2", sku: "BAS-10", description: "Basmati Rice 10 lb", quantity: 6 },
    { lineItemId: "demo-3", sku: "SUS-50", description: "Sushi Rice 50 lb", quantity: 4 },
  ]).map((l, i) => ({ ...l, onHand: [24, 3, 8][i] ?? null, bin: ["B-02-1", "A-07-3", "A-01-2"][i] ?? null }));
}

/** The local store and release-status keys (per order number). */
export function localLinesKey(orderNumber: string) {
  return `picklist:${orderNumber}`;
}
export const RELEASE_STATUS_KEY = "picklist:release-status";
