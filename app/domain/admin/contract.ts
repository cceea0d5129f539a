// The admin screens' /api calls as zod/mini schemas (client-safe, a few KB in a page): the routes shape their
// answers by them, the integration tests parse real answers with them, and the screens read answers through
// them (app/lib/api-client.ts), so a renamed server field fails a test instead of a screen.
import * as z from "zod/mini";
import { answer } from "~/domain/api-contract";
import { SHORT_REASON_ACTIONS } from "~/domain/picking/short-reasons";

// ---------------------------------------------------------------- users

export const AdminUser = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  roleId: z.nullable(z.string()),
  locationIds: z.array(z.string()),
  orderTypes: z.array(z.string()),
  workerIds: z.array(z.number()),
  version: z.number(),
});
export type AdminUser = z.output<typeof AdminUser>;

/** GET /api/admin/users: one page of members and how many pages there are. */
export const AdminUsersPage = z.object({
  data: z.array(AdminUser),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
});
export type AdminUsersPage = z.output<typeof AdminUsersPage>;

/** PUT /api/admin/users/bulk: the saved members as they are now (a 409 carries the current rows as its data). */
export const SavedUsers = answer(z.array(AdminUser));
export const SavedUsersData = z.array(AdminUser);

/** One member's change as the bulk save takes it: only what changed, with the version it started from. */
export const UserChange = z.object({
  email: z.string(),
  roleId: z.optional(z.nullable(z.string())),
  locationIds: z.optional(z.array(z.string())),
  orderTypes: z.optional(z.array(z.string())),
  workerIds: z.optional(z.array(z.number())),
  version: z.optional(z.number()),
});
export type UserChange = z.output<typeof UserChange>;

// ---------------------------------------------------------------- workers

export const Worker = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  role: z.string(),
  locationIds: z.array(z.string()),
  orderTypes: z.array(z.string()),
  active: z.boolean(),
  version: z.number(),
});
export type Worker = z.output<typeof Worker>;
export const WorkerAnswer = answer(Worker);
export const WorkersAnswer = answer(z.array(Worker));

/** GET /lookups: the order types, at the top level or under data. */
export const Lookups = z.looseObject({ orderType: z.optional(z.array(z.string())), data: z.optional(z.looseObject({ orderType: z.optional(z.array(z.string())) })) });

// ---------------------------------------------------------------- locations, email routing

export const RoutingEntry = z.object({ enabled: z.boolean(), to: z.array(z.string()), cc: z.array(z.string()) });
export type RoutingEntry = z.output<typeof RoutingEntry>;
export const RoutingConfig = z.object({ defaultCc: z.array(z.string()), emailRouting: z.record(z.string(), RoutingEntry) });
export type RoutingConfig = z.output<typeof RoutingConfig>;
export const RoutingAnswer = answer(RoutingConfig);

export const AdminLocation = z.object({ id: z.string(), locationId: z.string(), code: z.string(), name: z.string() });
export type AdminLocation = z.output<typeof AdminLocation>;
export const AdminLocationsAnswer = answer(z.array(AdminLocation));

// ---------------------------------------------------------------- short reasons

export const ShortReason = z.object({
  id: z.number(),
  label: z.string(),
  action: z.enum(SHORT_REASON_ACTIONS),
  active: z.boolean(),
  position: z.number(),
  version: z.number(),
});
export type ShortReason = z.output<typeof ShortReason>;
export const ShortReasonAnswer = answer(ShortReason);
export const ShortReasonsAnswer = answer(z.array(ShortReason));

// ---------------------------------------------------------------- products and barcodes

export const ProductBarcode = z.object({ id: z.number(), code: z.string(), key: z.string(), kind: z.enum(["unit", "case"]), quantity: z.number() });
export const Product = z.object({ sku: z.string(), description: z.string(), bin: z.nullable(z.string()), onHand: z.number(), barcodes: z.array(ProductBarcode) });
export type Product = z.output<typeof Product>;
export const ProductAnswer = answer(Product);
/** GET /api/admin/products: a page of SKUs (the page fields at the top level, beside success). */
export const ProductPage = z.object({ data: z.array(Product), total: z.number(), page: z.number(), pageSize: z.number() });
export type ProductPage = z.output<typeof ProductPage>;

// ---------------------------------------------------------------- picklist passcodes

export const Passcode = z.object({
  id: z.number(),
  label: z.string(),
  codeHint: z.string(),
  active: z.boolean(),
  usageCount: z.number(),
  lastUsedAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
  locations: z.array(z.string()),
});
export type Passcode = z.output<typeof Passcode>;
export const PasscodeAnswer = answer(Passcode);
export const PasscodesAnswer = answer(z.array(Passcode));
