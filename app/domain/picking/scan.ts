// Scanning on the picking screen: which line a scanned code confirms and by how much, and what is refused and
// why (the message the picker hears and reads). Pure and client-safe. Loaded when the screen is idle, with the
// barcode rules (components/picking/scan-lazy.ts); the wedge detector (wedge.ts) and the pick path (pick-path.ts)
// are in the first paint.
import { barcodeKey, parseScan, type ScanRead } from "./barcodes";
import type { LineChange, PickLine } from "./lines";
import { quantitySent } from "./verify";

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
