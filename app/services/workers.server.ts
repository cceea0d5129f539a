// Warehouse workers as Order Tracking uses them: the assignment labels (options) and the worker list,
// filtered in SQL. Admin CRUD of workers lives with the admin panel.
import { and, asc, eq, sql } from "drizzle-orm";
import { warehouseWorkers } from "../../db/schema";
import { ALL_WORKERS_LABEL } from "~/domain/orders/constants";
import type { AppContext } from "~/lib/context.server";

type Ctx = Pick<AppContext, "db">;

export type WorkerView = {
  _id: string;
  name: string;
  email: string;
  phoneNumber: string;
  role: string;
  locationIds: string[];
  orderTypes: string[];
  active: boolean;
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

export async function listWorkers(ctx: Ctx, opts: { active?: boolean; q?: string }): Promise<WorkerView[]> {
  const conditions = [];
  if (opts.active !== undefined) conditions.push(eq(warehouseWorkers.active, opts.active));
  if (opts.q) {
    const like = likeContains(opts.q);
    conditions.push(
      sql`(lower(${warehouseWorkers.name}) LIKE ${like} ESCAPE '\\' OR lower(${warehouseWorkers.email}) LIKE ${like} ESCAPE '\\')`,
    );
  }
  const rows = await ctx.db
    .select()
    .from(warehouseWorkers)
    .where(and(...conditions))
    .orderBy(asc(warehouseWorkers.name), asc(warehouseWorkers.id));
  return rows.map((w) => ({
    _id: String(w.id),
    name: w.name,
    email: w.email,
    phoneNumber: w.phoneNumber,
    role: w.role,
    locationIds: w.locationIds ?? [],
    orderTypes: w.orderTypes ?? [],
    active: !!w.active,
  }));
}
