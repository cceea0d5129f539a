// Recent-activity lines for the home page, from audit events: who did what to which record.
import type { AuditChange } from "../../../db/schema";

export type AuditEventSummary = { action: string; entityType: string; entityId: string; changes: readonly AuditChange[] };

const ENTITY_LABELS: Record<string, string> = {
  order: "order",
  orders: "order",
  return: "return request",
  return_request: "return request",
  returnRequest: "return request",
  application: "customer application",
  customer_application: "customer application",
  stock_transfer_report: "stock transfer report",
  stockTransferReport: "stock transfer report",
  devanning_report: "devanning report",
  devanningReport: "devanning report",
  user: "user",
  passcode: "passcode",
  location: "location",
  worker: "worker",
};

/** 'paymentStatus' → 'payment status', 'order_type' → 'order type'. */
export function humanizeField(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
}

function humanizeAction(action: string): string {
  const a = humanizeField(action);
  if (a === "create" || a === "insert") return "created";
  if (a === "update") return "updated";
  if (a === "delete" || a === "remove") return "deleted";
  return a;
}

/** 'updated order SO-1042: payment status, trucking company' (at most three fields, then '+N more'). */
export function describeAuditEvent(event: AuditEventSummary): string {
  const entity = ENTITY_LABELS[event.entityType] ?? humanizeField(event.entityType);
  const head = `${humanizeAction(event.action)} ${entity} ${event.entityId}`.trim();
  const fields = [...new Set(event.changes.map((c) => humanizeField(c.field)))];
  if (!fields.length) return head;
  const shown = fields.slice(0, 3).join(", ");
  return `${head}: ${shown}${fields.length > 3 ? ` +${fields.length - 3} more` : ""}`;
}
