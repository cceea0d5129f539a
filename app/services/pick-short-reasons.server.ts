// Short-pick reasons (issue 13): the list pickers choose from (GET /api/picklists/short-reasons), and the
// admin screen's add, rename, action, activate/deactivate and reorder (/api/admin/short-reasons…), audited
// and version-checked. Verify refuses a reason that is not active; old pick logs keep the label they saved.
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { pickShortReasons } from "../../db/schema";
import { ConflictError, NotFoundError } from "~/domain/errors";
import {
  moveInOrder,
  SHORT_REASON_ACTIONS,
  SHORT_REASON_MAX_LENGTH,
  shortReasonLabelError,
  type ShortReason,
  type ShortReasonAction,
} from "~/domain/picking/short-reasons";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { diffFields, recordAudit, updateVersioned } from "~/lib/writes.server";

type Ctx = Pick<AppContext, "db">;
type AdminCtx = Pick<AppContext, "db" | "now">;

export type ShortReasonAdminView = ShortReason & { active: boolean; position: number; version: number };

function view(r: typeof pickShortReasons.$inferSelect): ShortReasonAdminView {
  return { id: r.id, label: r.label, action: r.action as ShortReasonAction, active: !!r.active, position: r.position, version: r.version };
}

/** The reasons in their order; `activeOnly` for pickers (and verify's check). */
export async function listShortReasons(ctx: Ctx, { activeOnly = true }: { activeOnly?: boolean } = {}): Promise<ShortReasonAdminView[]> {
  const rows = await ctx.db
    .select()
    .from(pickShortReasons)
    .where(activeOnly ? eq(pickShortReasons.active, true) : undefined)
    .orderBy(asc(pickShortReasons.position), asc(pickShortReasons.id));
  return rows.map(view);
}

/** What pickers get: id, label, action. */
export function pickerReasons(reasons: readonly ShortReasonAdminView[]): ShortReason[] {
  return reasons.map(({ id, label, action }) => ({ id, label, action }));
}

const label = z
  .string()
  .max(SHORT_REASON_MAX_LENGTH * 2)
  .superRefine((v, c) => {
    const error = shortReasonLabelError(v);
    if (error) c.addIssue({ code: "custom", message: error });
  })
  .transform((v) => v.trim());

export const createReasonSchema = z.object({ label, action: z.enum(SHORT_REASON_ACTIONS).default("none") }).strict();
export const updateReasonSchema = z
  .object({
    label: label.optional(),
    action: z.enum(SHORT_REASON_ACTIONS).optional(),
    active: z.boolean().optional(),
    move: z.enum(["up", "down"]).optional(),
    version: z.number().int().min(1).optional(),
  })
  .strict();

const FIELDS = ["label", "action", "active"] as const;

async function findReason(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select().from(pickShortReasons).where(eq(pickShortReasons.id, id)).limit(1);
  if (!row) throw new NotFoundError("Short reason not found");
  return row;
}

async function labelTaken(ctx: Ctx, text: string, exceptId?: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: pickShortReasons.id })
    .from(pickShortReasons)
    .where(and(sql`${pickShortReasons.label} = ${text} COLLATE NOCASE`, exceptId ? sql`${pickShortReasons.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!row;
}

function duplicate(text: string): ConflictError {
  return new ConflictError(`A short reason named '${text}' already exists.`);
}

export async function createShortReason(ctx: AdminCtx, actor: Viewer, body: z.infer<typeof createReasonSchema>): Promise<ShortReasonAdminView> {
  if (await labelTaken(ctx, body.label)) throw duplicate(body.label);
  const at = ctx.now().toISOString();
  const [max] = await ctx.db.select({ n: sql<number>`coalesce(max(${pickShortReasons.position}), -1)` }).from(pickShortReasons);
  let row: typeof pickShortReasons.$inferSelect | undefined;
  try {
    [row] = await ctx.db
      .insert(pickShortReasons)
      .values({ label: body.label, action: body.action, active: true, position: Number(max?.n ?? -1) + 1, createdAt: at, updatedAt: at })
      .returning();
  } catch (error) {
    // A concurrent add of the same label lost the race on the unique index.
    if (/UNIQUE/i.test(String((error as Error)?.message ?? error)) || /UNIQUE/i.test(String((error as { cause?: Error })?.cause?.message))) throw duplicate(body.label);
    throw error;
  }
  await recordAudit(ctx.db, actor, at, {
    entityType: "pick-short-reason",
    entityId: String(row!.id),
    action: "create",
    changes: FIELDS.map((field) => ({ field, before: null, after: row![field] })),
  });
  return view(row!);
}

/** Rename, change the action, (de)activate, or move up/down (a move swaps positions with the neighbour). */
export async function updateShortReason(ctx: AdminCtx, actor: Viewer, id: number, body: z.infer<typeof updateReasonSchema>): Promise<ShortReasonAdminView[]> {
  const before = await findReason(ctx, id);
  if (body.version !== undefined && body.version !== before.version) {
    throw new ConflictError("Someone else changed this reason. The current values are loaded.", view(before));
  }
  const at = ctx.now().toISOString();
  if (body.move) {
    const all = await listShortReasons(ctx, { activeOnly: false });
    const ids = moveInOrder(all.map((r) => r.id), id, body.move);
    const moved = ids.flatMap((rid, position) => (all.find((r) => r.id === rid)!.position === position ? [] : [{ rid, position }]));
    if (moved.length) {
      const statements: BatchItem<"sqlite">[] = moved.map(({ rid, position }) =>
        ctx.db.update(pickShortReasons).set({ position, updatedAt: at, version: sql`${pickShortReasons.version} + 1` }).where(eq(pickShortReasons.id, rid)),
      );
      statements.push(
        recordAudit(ctx.db, actor, at, { entityType: "pick-short-reason", entityId: String(id), action: "move", changes: [{ field: "position", before: before.position, after: ids.indexOf(id) }] }),
      );
      await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    }
  }
  const set: Partial<typeof pickShortReasons.$inferInsert> = {};
  if (body.label !== undefined) set.label = body.label;
  if (body.action !== undefined) set.action = body.action;
  if (body.active !== undefined) set.active = body.active;
  const changes = diffFields(before as unknown as Record<string, unknown>, set, FIELDS);
  if (changes.length) {
    if (set.label !== undefined && (await labelTaken(ctx, set.label, id))) throw duplicate(set.label);
    const current = body.move ? await findReason(ctx, id) : before;
    const done = await updateVersioned(ctx.db, pickShortReasons, current, { ...set, updatedAt: at }, {
      actor,
      at,
      input: { entityType: "pick-short-reason", entityId: String(id), action: "update", changes },
    });
    if (!done) throw new ConflictError("Someone else changed this reason. The current values are loaded.", view(await findReason(ctx, id)));
  }
  return listShortReasons(ctx, { activeOnly: false });
}

/** The active reasons by label (case-insensitive), for verify's check. */
export function reasonsByLabel(reasons: readonly ShortReason[]): Map<string, ShortReason> {
  return new Map(reasons.map((r) => [r.label.trim().toLowerCase(), r]));
}
