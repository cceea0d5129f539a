// The R2 objects the app knows about: who owns each file, its kind, type, size and hash.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";

export const storedFiles = sqliteTable(
  "stored_files",
  {
    id: id(),
    key: text("key").notNull(),
    ownerType: text("owner_type").notNull(),
    ownerId: text("owner_id").notNull(),
    kind: text("kind").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("stored_files_key_uq").on(t.key), index("stored_files_owner_idx").on(t.ownerType, t.ownerId, t.kind)],
);
