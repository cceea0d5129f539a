// The admin panel's people lists as CSV (GET /api/admin/users/export, /api/warehouse-workers/export): each list's
// own search and order (admin.server.ts, workers.server.ts), streamed by csv-export.server.ts.
import { sql } from "drizzle-orm";
import { locations, users, warehouseWorkers } from "../../db/schema";
import { roleLabel } from "~/domain/access/roles";
import type { AppContext } from "~/lib/context.server";
import { csvList } from "~/lib/csv";
import { ADMIN_USER_SORT_KEYS, adminUsersWhere } from "./admin.server";
import { csvExportResponse, tableChunks, type CsvColumn, type KeyValues } from "./csv-export.server";
import { WORKER_SORT_KEYS, workersWhere } from "./workers.server";

type Opts = { chunkRows?: number };

/** Location ids as names ('NY-MAIN' → 'NY Main - Hicksville'): a few rows, read once per export. */
async function locationNames(ctx: AppContext): Promise<(ids: readonly string[]) => string> {
  const rows = await ctx.db.select({ id: locations.id, name: locations.name }).from(locations);
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return (ids) => csvList(ids.map((id) => names.get(id) ?? id));
}

const userFields = {
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  locationIds: users.locationIds,
  orderTypes: users.orderTypes,
  lastSeenAt: users.lastSeenAt,
  // The worker records linked by e-mail (what the list shows as linked workers), by name.
  workers: sql<string | null>`(SELECT group_concat(${warehouseWorkers.name}, '; ') FROM ${warehouseWorkers} WHERE lower(${warehouseWorkers.email}) = lower(${users.email}))`,
};
type UserRow = Pick<typeof users.$inferSelect, Exclude<keyof typeof userFields, "workers">> & { workers: string | null } & KeyValues;

/** Every member of the admin Users list as searched (`q`), as a streamed CSV. Admins only (the route's policy). */
export async function exportAdminUsers(ctx: AppContext, query: { q: string }, opts: Opts = {}): Promise<Response> {
  const place = await locationNames(ctx);
  const columns: CsvColumn<UserRow>[] = [
    { header: "Name", value: (r) => r.name },
    { header: "Email", value: (r) => r.email },
    { header: "Role", value: (r) => roleLabel(r.roleId) },
    { header: "Locations", value: (r) => place(r.locationIds ?? []) },
    { header: "Order Types", value: (r) => csvList(r.orderTypes) },
    { header: "Linked Workers", value: (r) => r.workers },
    { header: "Last Seen At", value: (r) => r.lastSeenAt },
  ];
  const keys = [...ADMIN_USER_SORT_KEYS];
  const read = tableChunks<UserRow>(ctx.db, users, userFields, adminUsersWhere(query), keys);
  return csvExportResponse<UserRow>({ name: "users", now: ctx.now(), columns, keys, read, chunkRows: opts.chunkRows });
}

const workerFields = {
  id: warehouseWorkers.id,
  name: warehouseWorkers.name,
  email: warehouseWorkers.email,
  phoneNumber: warehouseWorkers.phoneNumber,
  role: warehouseWorkers.role,
  locationIds: warehouseWorkers.locationIds,
  orderTypes: warehouseWorkers.orderTypes,
  active: warehouseWorkers.active,
};
type WorkerRow = Pick<typeof warehouseWorkers.$inferSelect, keyof typeof workerFields> & KeyValues;

/** Every worker of the Workers list as filtered (`active`, `q`), as a streamed CSV. */
export async function exportWorkers(ctx: AppContext, query: { active?: boolean; q?: string }, opts: Opts = {}): Promise<Response> {
  const place = await locationNames(ctx);
  const columns: CsvColumn<WorkerRow>[] = [
    { header: "Worker ID", value: (r) => r.id },
    { header: "Name", value: (r) => r.name },
    { header: "Email", value: (r) => r.email },
    { header: "Phone", value: (r) => r.phoneNumber },
    { header: "Role", value: (r) => r.role },
    { header: "Locations", value: (r) => place(r.locationIds ?? []) },
    { header: "Order Types", value: (r) => csvList(r.orderTypes) },
    { header: "Active", value: (r) => (r.active ? "yes" : "no") },
  ];
  const keys = [...WORKER_SORT_KEYS];
  const read = tableChunks<WorkerRow>(ctx.db, warehouseWorkers, workerFields, workersWhere(query), keys);
  return csvExportResponse<WorkerRow>({ name: "warehouse-workers", now: ctx.now(), columns, keys, read, chunkRows: opts.chunkRows });
}
