// Warehouse workers as Order Tracking uses them: the assignment labels (options) and the worker list,
// filtered in SQL, and the admin panel's create, update and delete (audited, version-checked).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { locations, warehouseWorkers } from "../../db/schema";
import { DEFAULT_WORKER_ROLE, isValidEmail } from "~/domain/admin/rules";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors";
import { ALL_WORKERS_LABEL, ORDER_TYPES } from "~/domain/orders/constants";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";
import { diffFields, recordAudit, updateVersioned } from "~/lib/writes.server";

type Ctx = Pick<AppContext, "db">;
type AdminCtx = Pick<AppContext, "db" | "now">;

export type WorkerView = {
  _id: string;
  name: string;
  email: string;
  phoneNumber: string;
  role: string;
  locationIds: string[];
  orderTypes: string[];
  active: boolean;
  version: number;
};

/** Assignment labels for the edit stepper: active workers' names, then 'ALL'. */
export async function workerOptions(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: warehouseWorkers.name })
    .from(warehouseWorkers)
    .where(and(eq(warehouseWorkers.active, true), sql`trim(${warehouseWorkers.name}) <> ''`))
    .orderBy(asc(warehouseWorkers.name));
  const names = [...new Set(rows.map((r) => r.name.trim()))];
  return [...names, ALL_WORKERS_LABEL];
}

function likeContains(value: string) {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** GET /api/warehouse-workers?active=true&q= (and its CSV export). */
export const workersQuerySchema = z.object({
  active: z.enum(["true", "false", ""]).optional().transform((v) => (v === "true" ? true : v === "false" ? false : undefined)),
  q: z.string().trim().max(100).optional(),
});

/** The workers the list holds for a query: the list's and the CSV export's condition. */
export function workersWhere(opts: { active?: boolean; q?: string }) {
  const conditions = [];
  if (opts.active !== undefined) conditions.push(eq(warehouseWorkers.active, opts.active));
  if (opts.q) {
    const like = likeContains(opts.q);
    conditions.push(
      sql`(lower(${warehouseWorkers.name}) LIKE ${like} ESCAPE '\\' OR lower(${warehouseWorkers.email}) LIKE ${like} ESCAPE '\\' OR lower(${warehouseWorkers.phoneNumber}) LIKE ${like} ESCAPE '\\')`,
    );
  }
  return and(...conditions);
}

/** The list's order: by name, then id (the CSV export reads the list by keyset over the same keys). */
export const WORKER_SORT_KEYS = [
  { expr: warehouseWorkers.name, dir: "asc" },
  { expr: warehouseWorkers.id, dir: "asc" },
] as const;

export async function listWorkers(ctx: Ctx, opts: { active?: boolean; q?: string }): Promise<WorkerView[]> {
  const rows = await ctx.db
    .select()
    .from(warehouseWorkers)
    .where(workersWhere(opts))
    .orderBy(...WORKER_SORT_KEYS.map((k) => asc(k.expr)));
  return rows.map(workerView);
}

function workerView(w: typeof warehouseWorkers.$inferSelect): WorkerView {
  return {
    _id: String(w.id),
    name: w.name,
    email: w.email,
    phoneNumber: w.phoneNumber,
    role: w.role,
    locationIds: w.locationIds ?? [],
    orderTypes: w.orderTypes ?? [],
    active: !!w.active,
    version: w.version,
  };
}

// ---------------------------------------------------------------- admin CRUD (spec 002 §7)

const WORKER_FIELDS = ["name", "email", "phoneNumber", "role", "locationIds", "orderTypes", "active"] as const;

export const workerBodySchema = z
  .object({
    name: z.string().trim().max(120).optional(),
    email: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === "" || isValidEmail(v), "Enter a valid email address")
      .optional(),
    phoneNumber: z.string().trim().max(40).optional(),
    role: z.string().trim().max(60).optional(),
    locationIds: z.array(z.string().trim().min(1).max(64)).max(200).optional(),
    orderTypes: z.array(z.enum(ORDER_TYPES)).max(ORDER_TYPES.length).optional(),
    active: z.boolean().optional(),
    version: z.number().int().min(1).optional(),
    _id: z.string().max(20).optional(),
  })
  .strict();
export type WorkerBody = z.infer<typeof workerBodySchema>;

async function checkLocations(ctx: Ctx, ids: string[] | undefined) {
  if (!ids?.length) return;
  const unique = [...new Set(ids)];
  const known = await ctx.db.select({ id: locations.id }).from(locations).where(inArray(locations.id, unique));
  const missing = unique.find((id) => !known.some((k) => k.id === id));
  if (missing) throw new ValidationError(`Unknown location: ${missing}`, { locationIds: [`Unknown location: ${missing}`] });
}

function cleanBody(body: WorkerBody) {
  const out: Partial<typeof warehouseWorkers.$inferInsert> = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.email !== undefined) out.email = body.email;
  if (body.phoneNumber !== undefined) out.phoneNumber = body.phoneNumber;
  if (body.role !== undefined) out.role = body.role || DEFAULT_WORKER_ROLE;
  if (body.locationIds !== undefined) out.locationIds = [...new Set(body.locationIds)];
  if (body.orderTypes !== undefined) out.orderTypes = [...new Set(body.orderTypes)];
  if (body.active !== undefined) out.active = body.active;
  return out;
}

export async function createWorker(ctx: AdminCtx, actor: Viewer, body: WorkerBody): Promise<WorkerView> {
  await checkLocations(ctx, body.locationIds);
  const at = ctx.now().toISOString();
  const values = { role: DEFAULT_WORKER_ROLE, ...cleanBody(body), createdAt: at, updatedAt: at };
  const [row] = await ctx.db.insert(warehouseWorkers).values(values).returning();
  await recordAudit(ctx.db, actor, at, {
    entityType: "worker",
    entityId: String(row!.id),
    action: "create",
    changes: WORKER_FIELDS.map((field) => ({ field, before: null, after: row![field] })),
  });
  return workerView(row!);
}

async function findWorker(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select().from(warehouseWorkers).where(eq(warehouseWorkers.id, id)).limit(1);
  if (!row) throw new NotFoundError("Worker not found");
  return row;
}

export async function updateWorker(ctx: AdminCtx, actor: Viewer, id: number, body: WorkerBody): Promise<WorkerView> {
  const before = await findWorker(ctx, id);
  if (body.version !== undefined && body.version !== before.version) {
    throw new ConflictError("Someone else changed this worker. The current values are loaded.", workerView(before));
  }
  await checkLocations(ctx, body.locationIds);
  const set = cleanBody(body);
  const changes = diffFields(before as unknown as Record<string, unknown>, set, WORKER_FIELDS);
  if (!changes.length) return workerView(before);
  const at = ctx.now().toISOString();
  const done = await updateVersioned(ctx.db, warehouseWorkers, before, { ...set, updatedAt: at }, {
    actor,
    at,
    input: { entityType: "worker", entityId: String(id), action: "update", changes },
  });
  if (!done) throw new ConflictError("Someone else changed this worker. The current values are loaded.", workerView(await findWorker(ctx, id)));
  return workerView(await findWorker(ctx, id));
}

export async function deleteWorker(ctx: AdminCtx, actor: Viewer, id: number) {
  const before = await findWorker(ctx, id);
  const at = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db.delete(warehouseWorkers).where(eq(warehouseWorkers.id, id)),
    recordAudit(ctx.db, actor, at, {
      entityType: "worker",
      entityId: String(id),
      action: "delete",
      changes: WORKER_FIELDS.map((field) => ({ field, before: before[field], after: null })),
    }),
  ]);
  return { success: true as const };
}
