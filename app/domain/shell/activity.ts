// Recent activity on the home page, from audit events: one sentence per event ('Alice Admin emailed the pick
// list for SO-100301') and the link that opens its record.
import type { AuditChange } from "../../../db/schema";
import { orderOpenHref } from "~/domain/tasks/floor";

export type AuditEventSummary = { action: string; entityType: string; entityId: string; changes: readonly AuditChange[] };

export type ActivityEvent = AuditEventSummary & { actorName?: string | null; actorEmail?: string | null };

export type ActivityLine = { actor: string; sentence: string; href: string | null };

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

function entityLabel(entityType: string): string {
  return ENTITY_LABELS[entityType] ?? humanizeField(entityType);
}

/** 'updated order SO-1042: payment status, trucking company' (at most three fields, then '+N more'). */
export function describeAuditEvent(event: AuditEventSummary): string {
  const head = `${humanizeAction(event.action)} ${entityLabel(event.entityType)} ${event.entityId}`.trim();
  const fields = [...new Set(event.changes.map((c) => humanizeField(c.field)))];
  if (!fields.length) return head;
  const shown = fields.slice(0, 3).join(", ");
  return `${head}: ${shown}${fields.length > 3 ? ` +${fields.length - 3} more` : ""}`;
}

// ---------------------------------------------------------------- sentences

/** Short names of order fields in a sentence ('updated SO-1: payment, assignment and status'). */
const ORDER_FIELD_NAMES: Record<string, string> = {
  paymentStatus: "payment",
  orderStatus: "status",
  orderType: "order type",
  truckingCompany: "trucking company",
  warehouseAssignment: "assignment",
  notes: "notes",
};

/** What an order action did, when the action alone says it (release orders are the pick list documents). */
const ORDER_ACTIONS: Record<string, (id: string) => string> = {
  "release-order.generate": (id) => `generated the pick list for ${id}`,
  "release-order.regenerate": (id) => `regenerated the pick list for ${id}`,
  "release-order.email": (id) => `emailed the pick list for ${id}`,
  "release-order.email-enable": (id) => `re-enabled emailing the pick list for ${id}`,
};

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join(", ");
  if (value === null || value === undefined) return "";
  return String(value).trim();
}

/** 'a', 'a and b', 'a, b and c'. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** One change of an order as a clause: 'set the payment of SO-1 to Net 30'. */
function orderChangeClause(id: string, change: AuditChange): string {
  const after = valueText(change.after);
  switch (change.field) {
    case "orderStatus":
      return after === "Picked" ? `picked ${id}` : after ? `moved ${id} to ${after}` : `cleared the status of ${id}`;
    case "paymentStatus":
      return after ? `set the payment of ${id} to ${after}` : `cleared the payment of ${id}`;
    case "truckingCompany":
      return after ? `set the trucking company of ${id} to ${after}` : `cleared the trucking company of ${id}`;
    case "warehouseAssignment":
      return after ? `assigned ${id} to ${after}` : `unassigned ${id}`;
    case "orderType":
      return after ? `changed the order type of ${id} to ${after}` : `cleared the order type of ${id}`;
    case "notes":
      return `updated the notes on ${id}`;
    default:
      return `updated the ${humanizeField(change.field)} of ${id}`;
  }
}

function orderSentence(event: AuditEventSummary): string {
  const id = event.entityId;
  const byAction = ORDER_ACTIONS[event.action];
  if (byAction) return byAction(id);
  const action = humanizeField(event.action);
  if (action === "create" || action === "insert") return `created ${id}`;
  if (action === "delete" || action === "remove") return `deleted ${id}`;
  const changes = event.changes;
  if (changes.length === 1) return orderChangeClause(id, changes[0]!);
  if (changes.length > 1) {
    const names = [...new Set(changes.map((c) => ORDER_FIELD_NAMES[c.field] ?? humanizeField(c.field)))];
    return `updated ${id}: ${joinWords(names)}`;
  }
  return action === "update" ? `updated ${id}` : `${action} ${id}`;
}

/** The screen of the record an event is about: the order opened in Order Tracking, a return, an application. */
export function activityHref(entityType: string, entityId: string): string | null {
  const label = ENTITY_LABELS[entityType];
  if (!entityId) return null;
  if (label === "order") return orderOpenHref(entityId);
  if (label === "return request") return `/return-forms#return-${encodeURIComponent(entityId)}`;
  if (label === "customer application") return `/customer-applications#app-${encodeURIComponent(entityId)}`;
  return null;
}

/**
 * An audit event as a sentence that starts with who did it ('Alice Admin emailed the pick list for
 * SO-100301', 'Sam Sales updated SO-100302: payment, assignment and status'), and the link to its record.
 * The changes given are the ones the reader may see (the service leaves hidden fields out).
 */
export function describeActivity(event: ActivityEvent): ActivityLine {
  const actor = (event.actorName ?? "").trim() || (event.actorEmail ?? "").trim() || "System";
  const what = entityLabel(event.entityType) === "order" ? orderSentence(event) : describeAuditEvent(event);
  return { actor, sentence: `${actor} ${what}`, href: activityHref(event.entityType, event.entityId) };
}
