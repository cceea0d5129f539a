// The append-only audit trail: who changed what, field by field (order history is read from it).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, jsonList } from "./columns";

export type AuditChange = { field: string; before: unknown; after: unknown };

export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: id(),
    /** When the server received the write (always the server's clock). */
    at: text("at").notNull(),
    /**
     * When the person acted, if a queued floor write said so (X-Acted-At, bounded: decision 040); null when
     * it is the receipt time. The order history sorts by `coalesce(acted_at, at)`.
     */
    actedAt: text("acted_at"),
    actorId: integer("actor_id"),
    actorEmail: text("actor_email").notNull().default(""),
    actorName: text("actor_name").notNull().default(""),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    changes: jsonList<AuditChange>("changes"),
  },
  (t) => [index("audit_entity_idx").on(t.entityType, t.entityId, t.at), index("audit_at_idx").on(t.at)],
);
