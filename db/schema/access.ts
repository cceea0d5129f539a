// Identity and access: roles and grants, users, sessions, passcodes, integration keys, sign-in failures, idempotency keys.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, jsonList, updatedAt, version } from "./columns";

export const roles = sqliteTable("roles", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  isAdmin: bool("is_admin").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

export const roleGrants = sqliteTable(
  "role_grants",
  {
    roleId: text("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    scope: text("scope", { enum: ["all", "location", "assignment", "own"] }).notNull().default("all"),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.key] })],
);

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    avatarUrl: text("avatar_url"),
    roleId: text("role_id").references(() => roles.id, { onDelete: "set null" }),
    locationIds: jsonList("location_ids"),
    orderTypes: jsonList("order_types"),
    lastSeenAt: text("last_seen_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the random 256-bit token held in the cookie: a leaked table does not leak sessions.
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["user", "passcode"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    passcodeId: integer("passcode_id").references(() => passcodes.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    picture: text("picture"),
    allowedLocations: jsonList("allowed_locations"),
    tokenExp: text("token_exp"),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_expires_idx").on(t.expiresAt), index("sessions_user_idx").on(t.userId)],
);

export const passcodes = sqliteTable(
  "passcodes",
  {
    id: id(),
    label: text("label").notNull(),
    // HMAC of the code: lookups stay indexed, the code itself is never stored.
    codeHash: text("code_hash").notNull(),
    codeHint: text("code_hint").notNull().default(""),
    active: bool("active").notNull().default(true),
    usageCount: integer("usage_count").notNull().default(0),
    lastUsedAt: text("last_used_at"),
    expiresAt: text("expires_at"),
    locations: jsonList("locations"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("passcodes_code_uq").on(t.codeHash)],
);

/**
 * Integration keys (issue 21): how the company's systems call /api/integrations/*. The secret is shown once;
 * only its SHA-256 is kept. `publicId` is the visible part of the key and finds the row; `kinds` and
 * `locations` are its scope (no locations = every warehouse); `sourceSystem` names whose ids records carry.
 */
export const integrationKeys = sqliteTable(
  "integration_keys",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    label: text("label").notNull(),
    sourceSystem: text("source_system").notNull(),
    secretHash: text("secret_hash").notNull(),
    /** The secret's last four characters, so an admin can tell a rotated key from the one before. */
    secretHint: text("secret_hint").notNull(),
    kinds: jsonList("kinds"),
    locations: jsonList("locations"),
    createdBy: text("created_by").notNull().default(""),
    rotatedAt: text("rotated_at"),
    revokedAt: text("revoked_at"),
    revokedBy: text("revoked_by"),
    lastUsedAt: text("last_used_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("integration_keys_public_uq").on(t.publicId)],
);

export const authFailures = sqliteTable(
  "auth_failures",
  {
    id: id(),
    clientKey: text("client_key").notNull(),
    at: text("at").notNull(),
  },
  (t) => [index("auth_failures_client_idx").on(t.clientKey, t.at)],
);

export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    status: integer("status").notNull(),
    body: text("body").notNull(),
    /** SHA-256 of the request that produced the result: the same key with another request is a 422. */
    fingerprint: text("fingerprint").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
