// Scanning on the picking screen: which line a scanned code confirms and by how much, what is refused and
// why (the message the picker hears and reads), a keyboard-wedge scanner told apart from typing, and the
// pick path (bins in the warehouse's aisle order). Pure and client-safe.
import { barcodeKey, parseScan, type ScanRead } from "./barcodes";
import { quantitySent, type LineChange, type PickLine } from "./lines";

export type ScanLine = Pick<PickLine, "id" | "sku" | "name" | "quantity" | "pickState" | "pickedQty" | "status" | "barcodes">;

export type ScanOutcome =
  | { ok: true; lineId: string; units: number; picked: number; change: LineChange; message: string }
  | { ok: false; reason: "unknown" | "over" | "done" | "claimed"; lineId: string | null; message: string };

/** How many units one read confirms on a line: a case code its case quantity, a count in the code multiplies. */
function unitsFor(line: ScanLine, read: ScanRead): number | null {
  const perCode = barcodeKey(line.sku) === read.key ? 1 : line.barcodes.find((b) => b.key === read.key)?.quantity;
  if (!perCode) return null;
  return perCode * (read.count ?? 1);
}

const label = (line: ScanLine) => line.sku || line.name || "this line";

/**
 * Applies one scan to an order's lines. The code must be on the order (its SKU, or one of its barcodes);
 * among lines with that product the first one still open wins (a line held by another picker is skipped,
 * and refused when it is the only one). One unit more than needed is refused and nothing changes.
 */
export function applyScan(lines: readonly ScanLine[], raw: string, opts: { orderNumber: string; heldBy?: (lineId: string) => string | null }): ScanOutcome {
  const read = parseScan(raw);
  const shown = raw.trim() || raw;
  const matches = lines.map((line) => ({ line, units: unitsFor(line, read) })).filter((m): m is { line: ScanLine; units: number } => m.units !== null);
  if (!matches.length) return { ok: false, reason: "unknown", lineId: null, message: `${shown} is not on order ${opts.orderNumber}. Nothing changed.` };
  const open = matches.filter((m) => !(m.line.status === "Picked" && m.line.pickState === "full"));
  if (!open.length) {
    const line = matches[0]!.line;
    return { ok: false, reason: "done", lineId: line.id, message: `${label(line)} is already picked in full (${line.quantity}). Nothing changed.` };
  }
  const free = open.filter((m) => !opts.heldBy?.(m.line.id));
  if (!free.length) {
    const line = open[0]!.line;
    return { ok: false, reason: "claimed", lineId: line.id, message: `${opts.heldBy!(line.id)} is picking ${label(line)}. Nothing changed.` };
  }
  const { line, units } = free[0]!;
  const before = line.pickState === "full" ? line.quantity : quantitySent(line);
  const picked = before + units;
  if (picked > line.quantity) {
    return {
      ok: false,
      reason: "over",
      lineId: line.id,
      message: `${label(line)} needs ${line.quantity}; this scan would make ${picked}. Nothing changed.`,
    };
  }
  const change: LineChange =
    picked === line.quantity ? { pickState: "full", pickedQty: line.quantity, status: "Picked" } : { pickState: "unset", pickedQty: picked, status: "Pending" };
  const message = picked === line.quantity ? `${label(line)} picked in full (${picked}/${line.quantity}).` : `${label(line)} +${units} (${picked}/${line.quantity}).`;
  return { ok: true, lineId: line.id, units, picked, change, message };
}

// ---------------------------------------------------------------- keyboard-wedge scanners

/** A scanner types a whole code within a few milliseconds per key; a person takes far longer per key. */
export const WEDGE_KEY_GAP_MS = 80;
export const WEDGE_MIN_LENGTH = 3;

export type WedgeState = { buffer: string; lastAt: number };
export const WEDGE_START: WedgeState = { buffer: "", lastAt: -Infinity };

/**
 * Feeds one keydown to the wedge detector: printable keys build the code while they come fast, Enter (or
 * Tab, which some scanners send) ends it. A slow key starts a new buffer, so typing is never a scan.
 */
export function feedWedge(state: WedgeState, key: string, at: number): { state: WedgeState; scan: string | null } {
  const fast = at - state.lastAt <= WEDGE_KEY_GAP_MS;
  if (key === "Enter" || key === "Tab") {
    const scan = fast && state.buffer.length >= WEDGE_MIN_LENGTH ? state.buffer : null;
    return { state: WEDGE_START, scan };
  }
  if (key.length !== 1) return { state, scan: null };
  return { state: { buffer: (fast ? state.buffer : "") + key, lastAt: at }, scan: null };
}

// ---------------------------------------------------------------- bins and the pick path

/** Splits a bin into text and number parts ('A-03-2' → ['a', 3, 2]) so A-10 comes after A-9. */
function binParts(bin: string): (string | number)[] {
  return (bin.toLowerCase().match(/\d+|[a-z]+/g) ?? []).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Compares two bins in walking order: aisle, then bay, then level; lines without a bin go last. */
export function compareBins(a: string | null | undefined, b: string | null | undefined): number {
  if (!a?.trim() || !b?.trim()) return !a?.trim() && !b?.trim() ? 0 : !a?.trim() ? 1 : -1;
  const pa = binParts(a);
  const pb = binParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    if (typeof x === typeof y) return x < y ? -1 : 1;
    return typeof x === "number" ? -1 : 1;
  }
  return 0;
}

export type LineSort = "path" | "order";
export const LINE_SORTS: readonly { value: LineSort; label: string }[] = [
  { value: "path", label: "Pick path" },
  { value: "order", label: "Order" },
];

/** The lines in pick-path order (stable: equal bins keep the order's sequence), or as the order lists them. */
export function sortLines<T extends { bin: string | null }>(lines: readonly T[], sort: LineSort): T[] {
  if (sort === "order") return [...lines];
  return lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => compareBins(a.line.bin, b.line.bin) || a.i - b.i)
    .map(({ line }) => line);
}
