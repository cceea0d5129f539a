// What the QuickBooks /api calls answer, as zod/mini schemas (spec 001 'Accounting customer' and the
// connection's status): the routes shape their answers by them, the integration tests parse real answers
// with them, and the screens read answers through them. Client-safe: the types here are the only copy.
import * as z from "zod/mini";
import { answer } from "~/domain/api-contract";

export const AccountingAddress = z.object({ line1: z.string(), city: z.string(), state: z.string(), postalCode: z.string() });

/** Spec 001, 'Accounting customer'. Balances are dollars, as QuickBooks reports them. */
export const AccountingCustomer = z.object({
  id: z.string(),
  displayName: z.string(),
  companyName: z.nullable(z.string()),
  givenName: z.nullable(z.string()),
  familyName: z.nullable(z.string()),
  primaryEmail: z.nullable(z.string()),
  primaryPhone: z.nullable(z.string()),
  balance: z.number(),
  balanceWithJobs: z.number(),
  taxable: z.boolean(),
  preferredDeliveryMethod: z.nullable(z.string()),
  meta: z.object({ created: z.nullable(z.string()), updated: z.nullable(z.string()) }),
  billAddr: z.nullable(AccountingAddress),
  shipAddr: z.nullable(AccountingAddress),
});

/** Spec 001, 'Customer balance result': all the order screen's balance lookup reads of a search answer. */
export const CustomerBalance = z.object({ displayName: z.string(), balance: z.number() });

/** The connection as an admin sees it (a viewer without admin:manage gets only `connected`). */
export const QboConnectionStatus = z.object({
  connected: z.boolean(),
  realmId: z.nullable(z.string()),
  connectedBy: z.nullable(z.string()),
  connectedAt: z.nullable(z.string()),
  accessTokenExpiresAt: z.nullable(z.string()),
  refreshTokenExpiresAt: z.nullable(z.string()),
  /** QuickBooks refused the refresh token at this time (revoked, expired): only a reconnect helps. */
  refusedAt: z.nullable(z.string()),
  refusedReason: z.nullable(z.string()),
});

// ---------------------------------------------------------------- one schema per call

/** GET /api/qb/customers?name&limit. */
export const CustomersAnswer = answer(z.array(AccountingCustomer));
/** GET /api/qb/customers?name&limit=5, as the order screen's balance lookup reads it. */
export const CustomerBalancesAnswer = answer(z.array(CustomerBalance));
/** GET /api/qb/customers/{id}. */
export const CustomerAnswer = answer(AccountingCustomer);
/** POST /api/qb/ensure-auth: the full status for admins, `{connected}` for everyone else. */
const EnsureAuthData = z.union([QboConnectionStatus, z.object({ connected: z.boolean() })]);
export const EnsureAuthAnswer = answer(EnsureAuthData);
export type EnsureAuthResult = z.output<typeof EnsureAuthData>;

/** The customers page loader's copy of a search answer: the data, or the failure as /api/qb/* would answer it. */
export type QboAnswer<T> = { success: true; data: T } | { success: false; error: string; code?: string; status?: number };
