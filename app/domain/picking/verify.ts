// What Save sends (spec 002 §6): each line's status and the quantity picked. Pure and client-safe; loaded with the
// pick list's calls, not with its first paint.
import type * as z from "zod/mini";
import type { VerifyItem as VerifyItemSchema, VerifyRequest } from "./contract";
import type { PickLine } from "./lines";

/** The quantity sent on save: the full quantity when pickState is full, otherwise max(0, picked). */
export function quantitySent(line: Pick<PickLine, "pickState" | "quantity" | "pickedQty">): number {
  return line.pickState === "full" ? line.quantity : Math.max(0, line.pickedQty || 0);
}

export type VerifyItem = z.output<typeof VerifyItemSchema>;

export function verifyPayload(lines: PickLine[], actor = "user", note = ""): VerifyRequest {
  return {
    pickedItems: lines.map((l) => ({
      lineItemId: l.id,
      sku: l.sku,
      name: l.name,
      status: l.status,
      quantity: l.quantity,
      quantityPicked: quantitySent(l),
      note: l.note ?? "",
      ...(l.reason && l.status === "Issue" ? { reason: l.reason } : {}),
    })),
    actor,
    note,
  };
}
