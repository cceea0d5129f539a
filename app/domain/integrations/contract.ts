// The integration keys' admin calls (/api/integrations/keys*) as zod/mini schemas: the routes shape their
// answers by them, the integration test parses real answers with them, the Integrations screen reads through them.
import * as z from "zod/mini";
import { answer } from "~/domain/api-contract";
import { INTEGRATION_KINDS } from "./kinds";

export const IntegrationKey = z.object({
  id: z.number(),
  publicId: z.string(),
  label: z.string(),
  sourceSystem: z.string(),
  maskedKey: z.string(),
  kinds: z.array(z.enum(INTEGRATION_KINDS)),
  locations: z.array(z.string()),
  status: z.enum(["active", "revoked"]),
  createdAt: z.string(),
  createdBy: z.string(),
  rotatedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  revokedBy: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
  version: z.number(),
});
export type IntegrationKey = z.output<typeof IntegrationKey>;

/** A new or rotated key: the only answer that carries the secret. */
export const IssuedKey = z.object({ key: IntegrationKey, secret: z.string() });
export type IssuedKey = z.output<typeof IssuedKey>;

export const IntegrationKeyAnswer = answer(IntegrationKey);
export const IntegrationKeysAnswer = answer(z.array(IntegrationKey));
export const IssuedKeyAnswer = answer(IssuedKey);
