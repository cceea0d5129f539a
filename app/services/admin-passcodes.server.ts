// Picklist passcodes for the admin panel (spec 002 §7): codes are stored as an HMAC only and never returned;
// a code too short or already in use is refused; deactivating or deleting a passcode ends its sessions at
// once; every change is audited.
import { desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { locations, passcodes, sessions } from "../../db/schema";
import { PASSCODE_CODE_MAX, PASSCODE_HOURS_MAX, PASSCODE_LABEL_MAX, passcodeCodeProblem } from "~/domain/admin/rules";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors";
import type { AppContext } from "~/lib/context.server";
import { hashPasscode } from "~/lib/crypto.server";
import type { Viewer } from "~/lib/session.server";
import { diffFields, recordAudit } from "~/lib/writes.server";

type Ctx = Pick<AppContext, "db" | "now" | "env">;
type Row = typeof passcodes.$inferSelect;

export type PasscodeView = {
  id: number;
  label: string;
  /** The last two characters, so an admin can tell codes apart; the code itself is never returned. */
  codeHint: string;
  active: boolean;
  usageCount: number;
  lastUsedAt: string | null;
  expiresAt: string | null;
  createdAt: string;
  createdBy: string | null;
  locations: string[];
};

function view(p: Row): PasscodeView {
  return {
    id: p.id,
    label: p.label,
    codeHint: p.codeHint,
    active: p.active,
    usageCount: p.usageCount,
    lastUsedAt: p.lastUsedAt,
    expiresAt: p.expiresAt,
    createdAt: p.createdAt,
    createdBy: p.createdBy,
    locations: p.locations ?? [],
  };
}

export async function listPasscodes(ctx: Ctx): Promise<PasscodeView[]> {
  const rows = await ctx.db.select().from(passcodes).orderBy(desc(passcodes.active), desc(passcodes.createdAt), desc(passcodes.id));
  return rows.map(view);
}

const locationList = z.array(z.string().trim().min(1).max(64)).max(200);

export const createPasscodeSchema = z
  .object({
    label: z.string().trim().min(1, "Label is required").max(PASSCODE_LABEL_MAX),
    code: z.string().trim().min(1, "Code is required").max(PASSCODE_CODE_MAX + 1),
    hoursValid: z.number().int("Valid hours must be a whole number").min(1).max(PASSCODE_HOURS_MAX).nullable().optional(),
    locations: locationList.default([]),
  })
  .strict();

export const idSchema = z.object({ id: z.number().int().positive() }).strict();
export const updatePasscodeSchema = z.object({ id: z.number().int().positive(), locations: locationList }).strict();

async function checkLocations(ctx: Ctx, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const known = await ctx.db.select({ id: locations.id }).from(locations).where(inArray(locations.id, unique));
  const missing = unique.find((id) => !known.some((k) => k.id === id));
  if (missing) throw new ValidationError(`Unknown location: ${missing}`, { locations: [`Unknown location: ${missing}`] });
  return unique;
}

async function find(ctx: Ctx, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(passcodes).where(eq(passcodes.id, id)).limit(1);
  if (!row) throw new NotFoundError("Passcode not found");
  return row;
}

export async function createPasscode(ctx: Ctx, actor: Viewer, body: z.infer<typeof createPasscodeSchema>): Promise<PasscodeView> {
  const problem = passcodeCodeProblem(body.code);
  if (problem) throw new ValidationError(problem, { code: [problem] });
  const locs = await checkLocations(ctx, body.locations);
  const codeHash = await hashPasscode(body.code, ctx.env.PASSCODE_PEPPER);
  const [taken] = await ctx.db.select({ id: passcodes.id }).from(passcodes).where(eq(passcodes.codeHash, codeHash)).limit(1);
  if (taken) throw new ConflictError("That code is already in use. Choose another code.");
  const now = ctx.now();
  const at = now.toISOString();
  const expiresAt = body.hoursValid ? new Date(now.getTime() + body.hoursValid * 3600_000).toISOString() : null;
  const [row] = await ctx.db
    .insert(passcodes)
    .values({ label: body.label, codeHash, codeHint: body.code.slice(-2), active: true, expiresAt, locations: locs, createdBy: actor.email, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ConflictError("That code is already in use. Choose another code.");
  await recordAudit(ctx.db, actor, at, {
    entityType: "passcode",
    entityId: String(row.id),
    action: "create",
    changes: [{ field: "passcode", before: null, after: { label: row.label, locations: locs, expiresAt } }],
  });
  return view(row);
}

async function setActive(ctx: Ctx, actor: Viewer, id: number, active: boolean): Promise<PasscodeView> {
  const before = await find(ctx, id);
  const at = ctx.now().toISOString();
  const writes = [
    ctx.db.update(passcodes).set({ active, updatedAt: at }).where(eq(passcodes.id, id)),
    recordAudit(ctx.db, actor, at, { entityType: "passcode", entityId: String(id), action: active ? "reactivate" : "deactivate", changes: [{ field: "active", before: before.active, after: active }] }),
  ];
  // Deactivating ends the passcode's sessions at once (loadSession also refuses an inactive code).
  if (!active) writes.push(ctx.db.delete(sessions).where(eq(sessions.passcodeId, id)) as never);
  await ctx.db.batch(writes as never);
  return view(await find(ctx, id));
}

export const deactivatePasscode = (ctx: Ctx, actor: Viewer, id: number) => setActive(ctx, actor, id, false);
export const reactivatePasscode = (ctx: Ctx, actor: Viewer, id: number) => setActive(ctx, actor, id, true);

export async function updatePasscodeLocations(ctx: Ctx, actor: Viewer, body: z.infer<typeof updatePasscodeSchema>): Promise<PasscodeView> {
  const before = await find(ctx, body.id);
  const locs = await checkLocations(ctx, body.locations);
  const at = ctx.now().toISOString();
  const changes = diffFields({ locations: before.locations }, { locations: locs }, ["locations"]);
  if (changes.length) {
    await ctx.db.batch([
      ctx.db.update(passcodes).set({ locations: locs, updatedAt: at }).where(eq(passcodes.id, body.id)),
      // Live sessions carry the list they were opened with; they follow the passcode at once.
      ctx.db.update(sessions).set({ allowedLocations: locs }).where(eq(sessions.passcodeId, body.id)),
      recordAudit(ctx.db, actor, at, { entityType: "passcode", entityId: String(body.id), action: "update-locations", changes }),
    ]);
  }
  return view(await find(ctx, body.id));
}

export async function deletePasscode(ctx: Ctx, actor: Viewer, id: number) {
  const before = await find(ctx, id);
  const at = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db.delete(sessions).where(eq(sessions.passcodeId, id)),
    ctx.db.delete(passcodes).where(eq(passcodes.id, id)),
    recordAudit(ctx.db, actor, at, {
      entityType: "passcode",
      entityId: String(id),
      action: "delete",
      changes: [{ field: "passcode", before: { label: before.label, active: before.active, locations: before.locations }, after: null }],
    }),
  ]);
  return { success: true as const };
}

/** GET /api/admin/locations: id, locationId and code of each warehouse (the screen uses the first 200). */
export async function adminLocations(ctx: Ctx) {
  const rows = await ctx.db.select().from(locations).orderBy(locations.name);
  return rows.map((l) => ({ id: l.id, locationId: l.id, code: l.id, name: l.name }));
}
