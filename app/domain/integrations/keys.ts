// Integration keys (issue 21): how a key reads ('gg_live_<public id>_<secret>'), what it may send (data kinds
// and warehouses), and the admin form's rules. Client-safe and pure: the admin screen and the server share it.
import { z } from "zod";

import { DEFAULT_SOURCE_SYSTEM, INTEGRATION_KINDS, KIND_LABELS, type IntegrationKind } from "./kinds";

export { DEFAULT_SOURCE_SYSTEM, INTEGRATION_KINDS, KIND_LABELS, type IntegrationKind } from "./kinds";

export const KEY_PREFIX = "gg_live_";
/** The visible id: 12 lowercase letters and digits, unique, finds the key's row. */
export const PUBLIC_ID_LENGTH = 12;
/** 32 random bytes, base64url: 43 characters. */
export const SECRET_LENGTH = 43;
export const KEY_LABEL_MAX = 80;
export const SOURCE_SYSTEM_MAX = 40;

const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}([a-z0-9]{${PUBLIC_ID_LENGTH}})_([A-Za-z0-9_-]{${SECRET_LENGTH}})$`);

export function formatKey(publicId: string, secret: string): string {
  return `${KEY_PREFIX}${publicId}_${secret}`;
}

/** The public id and secret of a presented key, or null when it is not one (wrong shape, length or prefix). */
export function parseKey(presented: string): { publicId: string; secret: string } | null {
  const m = KEY_PATTERN.exec(presented.trim());
  return m ? { publicId: m[1]!, secret: m[2]! } : null;
}

/** What the admin list shows of a key: its prefix and the secret's last four characters. */
export function maskedKey(publicId: string, secretHint: string): string {
  return `${KEY_PREFIX}${publicId}_…${secretHint}`;
}

/**
 * The key of an `Authorization: Bearer <key>` header, or null (absent, another scheme). Only this header
 * counts: never a cookie, a query string or the body, so a browser's ambient credentials never open the API.
 */
export function bearerOf(header: string | null): string | null {
  if (!header) return null;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return m ? m[1]! : null;
}

export type KeyScope = { kinds: readonly string[]; locations: readonly string[] };

export function allowsKind(scope: Pick<KeyScope, "kinds">, kind: IntegrationKind): boolean {
  return scope.kinds.includes(kind);
}

/** No warehouses listed: every warehouse. */
export function allowsLocation(scope: Pick<KeyScope, "locations">, locationId: string): boolean {
  return scope.locations.length === 0 || scope.locations.includes(locationId);
}

export function scopeLabel(scope: KeyScope): string {
  const kinds = INTEGRATION_KINDS.filter((k) => scope.kinds.includes(k)).map((k) => KIND_LABELS[k]);
  return `${kinds.join(", ") || "Nothing"} · ${scope.locations.length ? scope.locations.join(", ") : "every warehouse"}`;
}

/** last_used_at is written at most once a minute per key: a busy system does not turn every call into a write. */
export const LAST_USED_THROTTLE_MS = 60_000;

export function lastUsedDue(lastUsedAt: string | null, now: Date): boolean {
  if (!lastUsedAt) return true;
  const last = Date.parse(lastUsedAt);
  return !Number.isFinite(last) || now.getTime() - last >= LAST_USED_THROTTLE_MS;
}

// ---------------------------------------------------------------- the admin forms

const kindList = z
  .array(z.enum(INTEGRATION_KINDS, { message: `A kind is one of ${INTEGRATION_KINDS.join(", ")}` }))
  .min(1, "Choose at least one kind of data")
  .max(INTEGRATION_KINDS.length)
  .transform((kinds) => INTEGRATION_KINDS.filter((k) => kinds.includes(k)));
const locationList = z.array(z.string().trim().min(1).max(64)).max(200);
const label = z.string().trim().min(1, "Label is required").max(KEY_LABEL_MAX, `A label has at most ${KEY_LABEL_MAX} characters`);

export const createKeySchema = z
  .object({
    label,
    sourceSystem: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9-]*$/, "The system is lowercase letters, digits and dashes, e.g. 'inventory'")
      .max(SOURCE_SYSTEM_MAX)
      .default(DEFAULT_SOURCE_SYSTEM),
    kinds: kindList,
    locations: locationList.default([]),
  })
  .strict();
export type CreateKeyInput = z.infer<typeof createKeySchema>;

export const updateKeySchema = z
  .object({
    label: label.optional(),
    kinds: kindList.optional(),
    locations: locationList.optional(),
    version: z.number().int().min(1).optional(),
  })
  .strict();
export type UpdateKeyInput = z.infer<typeof updateKeySchema>;

/** The {id} of /api/integrations/keys/{id}/…: a positive whole number, else the path is not found. */
export const keyParams = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/, "Invalid key id").transform(Number) });

export const rotateKeySchema = z.object({ version: z.number().int().min(1).optional() }).strict();
