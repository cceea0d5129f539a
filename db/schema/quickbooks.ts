// The accounting system: the one QuickBooks Online connection.
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, updatedAt } from "./columns";

/** The one QuickBooks connection. Both tokens are AES-GCM ciphertext ('v1.<iv>.<data>', key QBO_TOKEN_KEY), never plain. */
export const qboConnections = sqliteTable("qbo_connections", {
  id: id(),
  realmId: text("realm_id").notNull(),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token").notNull(),
  accessTokenExpiresAt: text("access_token_expires_at").notNull(),
  refreshTokenExpiresAt: text("refresh_token_expires_at"),
  /** E-mail of the admin who completed the connect flow, and when. */
  connectedBy: text("connected_by"),
  connectedAt: text("connected_at"),
  /** Set when QuickBooks refused the refresh token (revoked or expired): only a reconnect helps. */
  refusedAt: text("refused_at"),
  refusedReason: text("refused_reason"),
  updatedAt: updatedAt(),
});
