// Email routing for pick list emails (spec 002 §7): the default CC and per-warehouse To/CC lists. Release
// orders read these tables at send time (pick-list-documents.server.ts), so a save applies to the next email.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { emailRouting, settings } from "../../db/schema";
import { invalidEmails, isEnabled, ROUTING_KEY_MAX, type RoutingConfig, type RoutingEntry } from "~/domain/admin/rules";
import { ValidationError } from "~/domain/errors";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { recordAudit } from "~/lib/writes.server";

type Ctx = Pick<AppContext, "db" | "now">;

export const DEFAULT_CC_KEY = "email.defaultCc";
const MAX_ADDRESSES = 50;

const list = z.array(z.string().trim().max(254)).max(MAX_ADDRESSES);
export const routingSchema = z
  .object({
    defaultCc: list.default([]),
    emailRouting: z
      .record(
        z.string().trim().min(1, "A routing key is empty").max(ROUTING_KEY_MAX),
        z.object({ enabled: z.boolean().nullable().optional(), to: list.default([]), cc: list.default([]) }).strict(),
      )
      .default({})
      .refine((r) => Object.keys(r).length <= 200, "At most 200 routing keys"),
  })
  .strict();

export async function getEmailRouting(ctx: Ctx): Promise<RoutingConfig> {
  const [rows, [cc]] = await Promise.all([
    ctx.db.select().from(emailRouting).orderBy(emailRouting.key),
    ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEFAULT_CC_KEY)).limit(1),
  ]);
  const parsed = z.array(z.string()).safeParse(cc?.value);
  const out: Record<string, RoutingEntry> = {};
  for (const r of rows) out[r.key] = { enabled: r.enabled, to: r.to ?? [], cc: r.cc ?? [] };
  return { defaultCc: parsed.success ? parsed.data : [], emailRouting: out };
}

function dedupe(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = v.toLowerCase();
    if (!v || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** PUT /api/admin/email-routing: replaces the whole configuration. Any invalid address refuses the save. */
export async function saveEmailRouting(ctx: Ctx, actor: Viewer, body: z.infer<typeof routingSchema>): Promise<RoutingConfig> {
  const fieldErrors: Record<string, string[]> = {};
  const defaultCc = dedupe(body.defaultCc);
  const badCc = invalidEmails(defaultCc);
  if (badCc.length) fieldErrors.defaultCc = badCc.map((e) => `Invalid email: ${e}`);
  const next: Record<string, RoutingEntry> = {};
  const keys = new Set<string>();
  for (const [rawKey, entry] of Object.entries(body.emailRouting)) {
    const key = rawKey.trim();
    if (keys.has(key.toLowerCase())) {
      fieldErrors[`emailRouting.${key}`] = [`Duplicate key: ${key}`];
      continue;
    }
    keys.add(key.toLowerCase());
    const to = dedupe(entry.to);
    const cc = dedupe(entry.cc);
    const bad = invalidEmails([...to, ...cc]);
    if (bad.length) fieldErrors[`emailRouting.${key}`] = bad.map((e) => `Invalid email: ${e}`);
    next[key] = { enabled: isEnabled(entry), to, cc };
  }
  const problems = Object.values(fieldErrors).flat();
  if (problems.length) throw new ValidationError(problems.slice(0, 5).join("; "), fieldErrors);

  const before = await getEmailRouting(ctx);
  const at = ctx.now().toISOString();
  const writes = [
    ctx.db.delete(emailRouting),
    ...(Object.keys(next).length
      ? [ctx.db.insert(emailRouting).values(Object.entries(next).map(([key, e]) => ({ key, enabled: e.enabled, to: e.to, cc: e.cc, updatedAt: at })))]
      : []),
    ctx.db
      .insert(settings)
      .values({ key: DEFAULT_CC_KEY, value: defaultCc, updatedAt: at })
      .onConflictDoUpdate({ target: settings.key, set: { value: defaultCc, updatedAt: at } }),
    recordAudit(ctx.db, actor, at, {
      entityType: "email_routing",
      entityId: "config",
      action: "update",
      changes: [
        ...(JSON.stringify(before.defaultCc) !== JSON.stringify(defaultCc) ? [{ field: "defaultCc", before: before.defaultCc, after: defaultCc }] : []),
        ...(JSON.stringify(before.emailRouting) !== JSON.stringify(next) ? [{ field: "emailRouting", before: before.emailRouting, after: next }] : []),
      ],
    }),
  ];
  await ctx.db.batch(writes as never);
  return { defaultCc, emailRouting: next };
}
