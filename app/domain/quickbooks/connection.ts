// The QuickBooks connection as an admin sees it: connected or not, by whom, when, when the tokens expire,
// and whether only a reconnect helps; plus the connect flow's outcome codes. Client-safe.
import type * as z from "zod/mini";
import type { QboConnectionStatus as StatusSchema } from "./contract";

/** The connection's status; its schema (./contract.ts) is the one definition. */
export type QboConnectionStatus = z.output<typeof StatusSchema>;

export const NOT_CONNECTED: QboConnectionStatus = {
  connected: false,
  realmId: null,
  connectedBy: null,
  connectedAt: null,
  accessTokenExpiresAt: null,
  refreshTokenExpiresAt: null,
  refusedAt: null,
  refusedReason: null,
};

export type QboConnectionState = "not-connected" | "needs-reconnect" | "connected";

/** An access token that lapsed is no trouble (it is refreshed on the next call); a refused or lapsed refresh token is. */
export function connectionState(status: QboConnectionStatus, now: Date): QboConnectionState {
  if (!status.connected) return "not-connected";
  if (status.refusedAt) return "needs-reconnect";
  const refreshEnds = status.refreshTokenExpiresAt ? Date.parse(status.refreshTokenExpiresAt) : NaN;
  if (Number.isFinite(refreshEnds) && refreshEnds <= now.getTime()) return "needs-reconnect";
  return "connected";
}

const EASTERN = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** A moment in the company's zone, 'Jun 18, 2025, 11:30 AM EDT': the same text on the server and the browser. */
export function formatEastern(iso: string | null | undefined): string {
  if (!iso) return "—";
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? EASTERN.format(new Date(ms)) : iso;
}

/** Where the connect flow's callback sends the admin: `/quickbooks-customers?qbo=<outcome>`. */
export const CONNECT_OUTCOMES = ["connected", "denied", "expired", "invalid", "failed"] as const;
export type ConnectOutcome = (typeof CONNECT_OUTCOMES)[number];

export const CONNECT_OUTCOME_MESSAGES: Record<ConnectOutcome, { tone: "success" | "error"; text: string }> = {
  connected: { tone: "success", text: "QuickBooks is connected." },
  denied: { tone: "error", text: "QuickBooks was not connected: the connection was cancelled on the QuickBooks page." },
  expired: { tone: "error", text: "QuickBooks was not connected: the connect link expired. Start again with Connect QuickBooks." },
  invalid: { tone: "error", text: "QuickBooks was not connected: the answer did not come from a connect flow this session started. Start again with Connect QuickBooks." },
  failed: { tone: "error", text: "QuickBooks was not connected: QuickBooks did not accept the authorization. Start again with Connect QuickBooks." },
};

export function isConnectOutcome(value: unknown): value is ConnectOutcome {
  return typeof value === "string" && (CONNECT_OUTCOMES as readonly string[]).includes(value);
}

/** The tab that finished the connect flow tells the app's other tabs on this channel, so they retry. */
export const QBO_CHANNEL = "golden-grain-qbo";
export const QBO_CONNECT_PATH = "/api/qb/oauth/start";
