// The one description of the data: every entity of the three spec documents, in libSQL (SQLite) tables.
// Conventions: integer ids, money in integer cents, times as ISO-8601 UTC text, enumerations as the
// spec's exact strings, lists as JSON text, and a `version` on every mutable record (409 on a stale write).
// Each area's tables live in db/schema/<area>.ts; this module is the one namespace the app, drizzle() and
// drizzle-kit read, so every table is listed here once (docs/decisions/034-schema-and-seed-by-area.md).
export * from "./schema/access";
export * from "./schema/warehouses";
export * from "./schema/orders";
export * from "./schema/inventory";
export * from "./schema/picking";
export * from "./schema/audit";
export * from "./schema/files";
export * from "./schema/dock-and-delivery";
export * from "./schema/returns";
export * from "./schema/applications";
export * from "./schema/reports";
export * from "./schema/notifications";
export * from "./schema/quickbooks";
export * from "./schema/routes";
export type { Address } from "./schema/columns";
