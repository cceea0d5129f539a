// The pick verify payload (spec 002 §7) and its checks against the order's real lines. Pure: the service
// parses with the schema, runs checkPickedItems, and writes only when it returns results.
import { z } from "zod";
import { decimalInput } from "../numbers";

export const PICK_ITEM_STATUSES = ["Pending", "Picked", "Issue"] as const;
export type PickItemStatus = (typeof PICK_ITEM_STATUSES)[number];
export const DEFAULT_VERIFY_ACTOR = "user";

// Clients send numbers, some send numeric strings from inputs ('3'); '0x7', '1e3', negatives and anything
// else are a 400 (numbers.ts).
const quantity = decimalInput().pipe(z.number().min(0, "must not be negative"));

export const pickedItemSchema = z.object({
  lineItemId: z.string().trim().max(120).optional().nullable(),
  sku: z.string().trim().max(120).optional().nullable(),
  name: z.string().max(500).optional().nullable(),
  status: z.enum(PICK_ITEM_STATUSES).default("Pending"),
  quantity: quantity.optional(),
  quantityPicked: quantity.default(0),
  note: z.string().max(2000).optional().nullable(),
  /** Why the line is short (issue 13): an active short reason's label; checked by the service. */
  reason: z.string().trim().max(80, "reason must be at most 80 characters").optional().nullable(),
});

export const verifyBodySchema = z.object({
  pickedItems: z.array(pickedItemSchema).max(2000, "too many items"),
  // Spec 002 sends it; the server records the signed-in identity instead and never stores this value.
  actor: z.string().trim().max(200).optional().transform((v) => v || DEFAULT_VERIFY_ACTOR),
  note: z.string().max(2000).optional().transform((v) => v ?? ""),
});

export type VerifyBody = z.infer<typeof verifyBodySchema>;
export type PickedItem = z.infer<typeof pickedItemSchema>;
export type OrderLineForPick = { lineItemId: string; sku: string; quantity: number };

export type PickResult = {
  lineItemId: string;
  sku: string;
  key: string;
  picked: number;
  quantityPicked: number;
  expected: number;
  status: PickItemStatus;
  note: string;
  /** The short reason's label as saved (present only when the picker gave one). */
  reason?: string;
};
export type PickSummary = { pickedCount: number; issues: number; total: number };

export type PickCheck = { ok: true; results: PickResult[]; summary: PickSummary } | { ok: false; error: string };

/**
 * Matches every item to a line of the order (by lineItemId, or by SKU when the client had no id) and
 * rejects the whole payload on the first problem, so a bad save never writes a partial log.
 */
export function checkPickedItems(items: readonly PickedItem[], lines: readonly OrderLineForPick[]): PickCheck {
  const byId = new Map(lines.map((l) => [l.lineItemId, l]));
  const bySku = new Map<string, OrderLineForPick>();
  for (const l of lines) if (!bySku.has(l.sku)) bySku.set(l.sku, l);
  const seen = new Set<string>();
  const results: PickResult[] = [];
  for (const [i, item] of items.entries()) {
    const ref = item.lineItemId || item.sku || "";
    if (!ref) return { ok: false, error: `pickedItems.${i}: lineItemId or sku is required` };
    const line = item.lineItemId ? byId.get(item.lineItemId) : bySku.get(item.sku ?? "");
    if (!line) return { ok: false, error: `Unknown line item: ${ref}` };
    if (seen.has(line.lineItemId)) return { ok: false, error: `Line item listed twice: ${line.lineItemId}` };
    seen.add(line.lineItemId);
    const picked = item.quantityPicked;
    if (!Number.isInteger(picked)) return { ok: false, error: `quantityPicked for ${line.sku} must be a whole number` };
    if (picked > line.quantity) {
      return { ok: false, error: `quantityPicked for ${line.sku} (${picked}) exceeds the ordered quantity (${line.quantity})` };
    }
    results.push({
      lineItemId: line.lineItemId,
      sku: line.sku,
      key: line.lineItemId,
      picked,
      quantityPicked: picked,
      expected: line.quantity,
      status: item.status,
      note: item.note?.trim() ?? "",
      ...(item.reason ? { reason: item.reason } : {}),
    });
  }
  return { ok: true, results, summary: summarizePick(results, lines.length) };
}

export function summarizePick(results: readonly Pick<PickResult, "status">[], total: number): PickSummary {
  return {
    pickedCount: results.filter((r) => r.status === "Picked").length,
    issues: results.filter((r) => r.status === "Issue").length,
    total,
  };
}
