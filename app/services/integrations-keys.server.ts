// Integration keys (issue 21): the admin's list, create, scope, rotate and revoke (each audited; a secret is
// returned once, at creation or rotation, and only its SHA-256 is kept), and the bearer check of the
// integration routes: the key's row by its public id, the secret compared in constant time.
import { desc, eq, inArray, sql } from "drizzle-orm";
import { integrationKeys, locations } from "../../db/schema";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "~/domain/errors";
import {
  formatKey,
  lastUsedDue,
  maskedKey,
  parseKey,
  PUBLIC_ID_LENGTH,
  type CreateKeyInput,
  type IntegrationKind,
  type UpdateKeyInput,
} from "~/domain/integrations/keys";
import type { AppContext } from "~/lib/context.server";
import { randomToken, safeEqual, sha256Hex } from "~/lib/crypto.server";
import { diffFields, recordAudit, type Actor } from "~/lib/writes.server";
import type { Tx } from "./integrations-sync.server";

type Ctx = Pick<AppContext, "db" | "now">;
type Row = typeof integrationKeys.$inferSelect;

export type IntegrationKeyView = {
  id: number;
  publicId: string;
  label: string;
  sourceSystem: string;
  /** 'gg_live_<public id>_…<last four>': enough to tell keys apart, never the secret. */
  maskedKey: string;
  kinds: IntegrationKind[];
  /** Warehouse ids the key may write to; empty = every warehouse. */
  locations: string[];
  status: "active" | "revoked";
  createdAt: string;
  createdBy: string;
  rotatedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  lastUsedAt: string | null;
  version: number;
};

/** A new or rotated key: the only answer that carries the secret. */
export type IssuedKey = { key: IntegrationKeyView; secret: string };

/** Who calls with an authenticated key: the key's scope, the system whose ids its records carry, and its audit identity. */
export type IntegrationClient = {
  keyId: number;
  publicId: string;
  label: string;
  sourceSystem: string;
  kinds: string[];
  locations: string[];
  lastUsedAt: string | null;
  /** The hash the key was authenticated with: a batch re-checks it inside its transaction (rotation changes it). */
  secretHash: string;
  actor: Actor;
};

const ENTITY = "integration-key";

function view(row: Row): IntegrationKeyView {
  return {
    id: row.id,
    publicId: row.publicId,
    label: row.label,
    sourceSystem: row.sourceSystem,
    maskedKey: maskedKey(row.publicId, row.secretHint),
    kinds: row.kinds as IntegrationKind[],
    locations: row.locations,
    status: row.revokedAt ? "revoked" : "active",
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    rotatedAt: row.rotatedAt,
    revokedAt: row.revokedAt,
    revokedBy: row.revokedBy,
    lastUsedAt: row.lastUsedAt,
    version: row.version,
  };
}

export async function listIntegrationKeys(ctx: Ctx): Promise<IntegrationKeyView[]> {
  const rows = await ctx.db
    .select()
    .from(integrationKeys)
    .orderBy(sql`${integrationKeys.revokedAt} IS NOT NULL`, desc(integrationKeys.createdAt), desc(integrationKeys.id));
  return rows.map(view);
}

async function find(ctx: Ctx, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(integrationKeys).where(eq(integrationKeys.id, id)).limit(1);
  if (!row) throw new NotFoundError("Integration key not found");
  return row;
}

async function checkLocations(ctx: Ctx, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const known = new Set((await ctx.db.select({ id: locations.id }).from(locations).where(inArray(locations.id, unique))).map((r) => r.id));
  const missing = unique.find((id) => !known.has(id));
  if (missing) throw new ValidationError(`Unknown location: ${missing}`, { locations: [`Unknown location: ${missing}`] });
  return unique;
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** 12 characters of a 32-letter alphabet (60 random bits): unbiased, and unique by the table's index. */
function newPublicId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(PUBLIC_ID_LENGTH));
  return Array.from(bytes, (b) => ID_ALPHABET[b & 31]).join("");
}

async function newSecret(): Promise<{ secret: string; secretHash: string; secretHint: string }> {
  const secret = randomToken(32);
  return { secret, secretHash: await sha256Hex(secret), secretHint: secret.slice(-4) };
}

/** The admin's scope and label as the audit records them. */
function scopeOf(row: Pick<Row, "label" | "sourceSystem" | "kinds" | "locations">) {
  return { label: row.label, sourceSystem: row.sourceSystem, kinds: row.kinds, locations: row.locations };
}

export async function createIntegrationKey(ctx: Ctx, actor: Actor, input: CreateKeyInput): Promise<IssuedKey> {
  const locs = await checkLocations(ctx, input.locations);
  const { secret, secretHash, secretHint } = await newSecret();
  const at = ctx.now().toISOString();
  const publicId = newPublicId();
  const [row] = await ctx.db
    .insert(integrationKeys)
    .values({ publicId, label: input.label, sourceSystem: input.sourceSystem, secretHash, secretHint, kinds: input.kinds, locations: locs, createdBy: actor.email, createdAt: at, updatedAt: at })
    .returning();
  await recordAudit(ctx.db, actor, at, { entityType: ENTITY, entityId: publicId, action: "create", changes: [{ field: "key", before: null, after: scopeOf(row!) }] });
  return { key: view(row!), secret: formatKey(publicId, secret) };
}

function refuseRevoked(row: Row): void {
  if (row.revokedAt) throw new ConflictError("This key is revoked; create a new one instead", view(row));
}

/** Label and scope; the version the admin loaded must still be current (409 with the key as it is now). */
export async function updateIntegrationKey(ctx: Ctx, actor: Actor, id: number, input: UpdateKeyInput): Promise<IntegrationKeyView> {
  const before = await find(ctx, id);
  refuseRevoked(before);
  const next = {
    label: input.label ?? before.label,
    kinds: input.kinds ?? (before.kinds as IntegrationKind[]),
    locations: input.locations ? await checkLocations(ctx, input.locations) : before.locations,
  };
  const changes = diffFields({ label: before.label, kinds: before.kinds, locations: before.locations }, next, ["label", "kinds", "locations"]);
  if (!changes.length) return view(before);
  const at = ctx.now().toISOString();
  const version = input.version ?? before.version;
  const [result] = await ctx.db.batch([
    ctx.db
      .update(integrationKeys)
      .set({ ...next, updatedAt: at, version: sql`${integrationKeys.version} + 1` })
      .where(sql`${integrationKeys.id} = ${id} AND ${integrationKeys.version} = ${version} AND ${integrationKeys.revokedAt} IS NULL`),
    recordAuditIfChanged(ctx, actor, at, before.publicId, "update", changes),
  ]);
  if (result.rowsAffected !== 1) throw new ConflictError("This key was changed by someone else. The latest values have been loaded.", view(await find(ctx, id)));
  return view(await find(ctx, id));
}

/** The audit row, written only when the statement before it in the batch changed the key (a lost race records nothing). */
function recordAuditIfChanged(ctx: Ctx, actor: Actor, at: string, publicId: string, action: string, changes: { field: string; before: unknown; after: unknown }[]) {
  return ctx.db.run(sql`INSERT INTO audit_events (at, actor_id, actor_email, actor_name, entity_type, entity_id, action, changes)
    SELECT ${at}, ${actor.userId}, ${actor.email}, ${actor.name || actor.email}, ${ENTITY}, ${publicId}, ${action}, ${JSON.stringify(changes)}
    WHERE changes() = 1`);
}

/** A new secret for the same key and scope: the old secret stops working at once. */
export async function rotateIntegrationKey(ctx: Ctx, actor: Actor, id: number, expectedVersion?: number): Promise<IssuedKey> {
  const before = await find(ctx, id);
  refuseRevoked(before);
  const { secret, secretHash, secretHint } = await newSecret();
  const at = ctx.now().toISOString();
  const version = expectedVersion ?? before.version;
  const [result] = await ctx.db.batch([
    ctx.db
      .update(integrationKeys)
      .set({ secretHash, secretHint, rotatedAt: at, updatedAt: at, version: sql`${integrationKeys.version} + 1` })
      .where(sql`${integrationKeys.id} = ${id} AND ${integrationKeys.version} = ${version} AND ${integrationKeys.revokedAt} IS NULL`),
    recordAuditIfChanged(ctx, actor, at, before.publicId, "rotate", [{ field: "secret", before: `…${before.secretHint}`, after: `…${secretHint}` }]),
  ]);
  if (result.rowsAffected !== 1) throw new ConflictError("This key was changed by someone else. The latest values have been loaded.", view(await find(ctx, id)));
  return { key: view(await find(ctx, id)), secret: formatKey(before.publicId, secret) };
}

/** The key stops working at once and for good; it stays listed with who revoked it and when. */
export async function revokeIntegrationKey(ctx: Ctx, actor: Actor, id: number): Promise<IntegrationKeyView> {
  const before = await find(ctx, id);
  if (before.revokedAt) return view(before);
  const at = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db
      .update(integrationKeys)
      .set({ revokedAt: at, revokedBy: actor.email, updatedAt: at, version: sql`${integrationKeys.version} + 1` })
      .where(sql`${integrationKeys.id} = ${id} AND ${integrationKeys.revokedAt} IS NULL`),
    recordAuditIfChanged(ctx, actor, at, before.publicId, "revoke", [{ field: "revokedAt", before: null, after: at }]),
  ]);
  return view(await find(ctx, id));
}

// ---------------------------------------------------------------- the bearer check

/** 401 for a key that does not open the API; the header tells a client which scheme to use. */
export class IntegrationAuthError extends DomainError {
  constructor(message: string) {
    super(401, message, {}, { "WWW-Authenticate": 'Bearer realm="integrations"' });
  }
}

const NO_KEY = "Send the integration key as 'Authorization: Bearer <key>'";
const BAD_KEY = "Invalid integration key";
/** Compared against when no key row matches, so an unknown id costs the same hash and compare as a known one. */
const DUMMY_HASH = "0".repeat(64);

/**
 * The caller of an integration route, from its bearer key: a key of the wrong shape, an unknown public id or a
 * wrong secret are all 'Invalid integration key'; a right secret of a revoked key says it was revoked.
 */
export async function authenticateIntegrationKey(ctx: Pick<AppContext, "db" | "env">, presented: string | null): Promise<IntegrationClient> {
  if (!presented) throw new IntegrationAuthError(NO_KEY);
  const parsed = parseKey(presented);
  if (!parsed) throw new IntegrationAuthError(BAD_KEY);
  const [row] = await ctx.db.select().from(integrationKeys).where(eq(integrationKeys.publicId, parsed.publicId)).limit(1);
  const hash = await sha256Hex(parsed.secret);
  const matches = safeEqual(hash, row?.secretHash ?? DUMMY_HASH);
  if (!row || !matches) throw new IntegrationAuthError(BAD_KEY);
  if (row.revokedAt) throw new IntegrationAuthError("This integration key has been revoked");
  return {
    keyId: row.id,
    publicId: row.publicId,
    label: row.label,
    sourceSystem: row.sourceSystem,
    kinds: row.kinds,
    locations: row.locations,
    lastUsedAt: row.lastUsedAt,
    secretHash: row.secretHash,
    // The audit names the key (and so the system) for every record it writes; there is no member behind it.
    actor: { userId: null, email: `integration+${row.publicId}@${ctx.env.COMPANY_DOMAIN}`, name: `${row.label} (integration key)` },
  };
}

/**
 * The key as it is now, read inside a batch's transaction before anything is written: the bearer check ran
 * before the body was read and the batch queued, and an admin may have acted since. Revoked or rotated → 401,
 * as the next call would get; its kinds or warehouses changed → 409 (send again under the new scope). Either
 * way the transaction ends and nothing of the batch is written.
 */
export async function confirmIntegrationKey(tx: Tx, client: Pick<IntegrationClient, "keyId" | "secretHash" | "kinds" | "locations">): Promise<void> {
  const [row] = await tx
    .select({ secretHash: integrationKeys.secretHash, revokedAt: integrationKeys.revokedAt, kinds: integrationKeys.kinds, locations: integrationKeys.locations })
    .from(integrationKeys)
    .where(eq(integrationKeys.id, client.keyId))
    .limit(1);
  if (!row || row.revokedAt) throw new IntegrationAuthError("This integration key has been revoked");
  if (!safeEqual(row.secretHash, client.secretHash)) throw new IntegrationAuthError(BAD_KEY);
  if (JSON.stringify(row.kinds) !== JSON.stringify(client.kinds) || JSON.stringify(row.locations) !== JSON.stringify(client.locations)) {
    throw new ConflictError("This integration key's scope changed while the batch was on its way; nothing was written. Send the batch again.");
  }
}

/** Records the key's use, at most once a minute (LAST_USED_THROTTLE_MS); only after a batch was accepted. */
export async function touchIntegrationKey(ctx: Ctx, client: Pick<IntegrationClient, "keyId" | "lastUsedAt">): Promise<void> {
  const now = ctx.now();
  if (!lastUsedDue(client.lastUsedAt, now)) return;
  await ctx.db.update(integrationKeys).set({ lastUsedAt: now.toISOString() }).where(eq(integrationKeys.id, client.keyId));
}
