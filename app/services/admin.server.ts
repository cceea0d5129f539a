// The admin panel's users, roles, locations and RBAC debug (spec 002 §7). Every write is audited (who,
// what, before, after) through app/lib/writes.server.ts; users are version-checked (a second editor gets
// 409 with the current values); the last-admin guard runs before anything is written.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { locations, orders, roleGrants, roles, users, warehouseWorkers } from "../../db/schema";
import { adminGuard, ADMIN_USERS_PAGE_SIZE, cleanTags, groupGrants, ORDERS_SCOPE_LIMIT, sameList } from "~/domain/admin/rules";
import { ROLE_DEFINITIONS, WAREHOUSE_FLOOR_ROLE, type GrantKey } from "~/domain/access/roles";
import { ORDER_TYPES } from "~/domain/orders/constants";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/domain/errors";
import type { AppContext } from "~/lib/context.server";
import { memberAccess, memberViewer, type Viewer } from "~/lib/session.server";
import { diffFields, recordAudit, updateVersioned } from "~/lib/writes.server";
import { resolveOrderScope } from "./orders.server";
import { scopeFor } from "./scope.server";

type Ctx = Pick<AppContext, "db" | "now">;

export function likeContains(value: string) {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---------------------------------------------------------------- users

export type AdminUserView = {
  id: number;
  email: string;
  name: string;
  avatarUrl: string | null;
  roleId: string | null;
  locationIds: string[];
  orderTypes: string[];
  workerIds: number[];
  version: number;
};

type UserRow = typeof users.$inferSelect;

async function workerLinks(ctx: Ctx, emails: string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (!emails.length) return out;
  const lower = emails.map((e) => e.toLowerCase());
  const rows = await ctx.db
    .select({ id: warehouseWorkers.id, email: warehouseWorkers.email })
    .from(warehouseWorkers)
    .where(inArray(sql`lower(${warehouseWorkers.email})`, lower));
  for (const r of rows) {
    const key = r.email.toLowerCase();
    out.set(key, [...(out.get(key) ?? []), r.id]);
  }
  return out;
}

async function viewsOf(ctx: Ctx, rows: UserRow[]): Promise<AdminUserView[]> {
  const links = await workerLinks(ctx, rows.map((r) => r.email));
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    avatarUrl: u.avatarUrl,
    roleId: u.roleId,
    locationIds: u.locationIds ?? [],
    orderTypes: u.orderTypes ?? [],
    workerIds: links.get(u.email.toLowerCase()) ?? [],
    version: u.version,
  }));
}

export const usersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().trim().max(100).default(""),
});

/** The members the list holds for a search: the list's and the CSV export's condition. */
export function adminUsersWhere(query: { q: string }) {
  return query.q
    ? sql`(lower(${users.name}) LIKE ${likeContains(query.q)} ESCAPE '\\' OR lower(${users.email}) LIKE ${likeContains(query.q)} ESCAPE '\\')`
    : undefined;
}

/** The list's order: by name (the e-mail when there is none), then id; the CSV export reads it by keyset. */
export const ADMIN_USER_SORT_KEYS = [
  { expr: sql`lower(coalesce(nullif(${users.name}, ''), ${users.email}))`, dir: "asc" },
  { expr: users.id, dir: "asc" },
] as const;

export async function listAdminUsers(ctx: Ctx, query: z.infer<typeof usersQuerySchema>) {
  const where = adminUsersWhere(query);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(...ADMIN_USER_SORT_KEYS.map((k) => asc(k.expr)))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: sql<number>`count(*)` }).from(users).where(where),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    success: true as const,
    data: await viewsOf(ctx, rows),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
  };
}

const emailSchema = z.string().trim().min(3).max(254);
export const bulkUsersSchema = z
  .array(
    z
      .object({
        email: emailSchema,
        roleId: z.string().trim().min(1).max(64).nullable().optional(),
        locationIds: z.array(z.string().trim().min(1).max(64)).max(200).optional(),
        orderTypes: z.array(z.enum(ORDER_TYPES)).max(ORDER_TYPES.length).optional(),
        workerIds: z.array(z.number().int().positive()).max(50).optional(),
        version: z.number().int().min(1).optional(),
      })
      .strict(),
  )
  .min(1)
  .max(500);
export type BulkUserChange = z.infer<typeof bulkUsersSchema>[number];

const STALE_USER = "Someone else changed this user. The current values are loaded; review them and save again.";

async function adminEmails(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db
    .select({ email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(roles.isAdmin, true));
  return rows.map((r) => r.email);
}

async function usersByEmail(ctx: Ctx, emails: string[]): Promise<Map<string, UserRow>> {
  const rows = emails.length
    ? await ctx.db.select().from(users).where(inArray(sql`lower(${users.email})`, emails.map((e) => e.toLowerCase())))
    : [];
  return new Map(rows.map((u) => [u.email.toLowerCase(), u]));
}

/** PUT /api/admin/users/bulk: validates every change first (roles, locations, versions, admins), then writes. */
export async function saveUsers(ctx: Ctx, actor: Viewer, changes: BulkUserChange[]) {
  const seen = new Set<string>();
  for (const c of changes) {
    const key = c.email.toLowerCase();
    if (seen.has(key)) throw new ValidationError(`${c.email} appears more than once`);
    seen.add(key);
  }
  const current = await usersByEmail(ctx, changes.map((c) => c.email));
  const missing = changes.filter((c) => !current.has(c.email.toLowerCase()));
  if (missing.length) throw new NotFoundError(`No user with email ${missing[0]!.email}`);

  const roleIds = [...new Set(changes.flatMap((c) => (c.roleId ? [c.roleId] : [])))];
  const roleRows = roleIds.length ? await ctx.db.select().from(roles).where(inArray(roles.id, roleIds)) : [];
  const unknownRole = roleIds.find((r) => !roleRows.some((row) => row.id === r));
  if (unknownRole) throw new ValidationError(`Unknown role: ${unknownRole}`, { roleId: [`Unknown role: ${unknownRole}`] });

  const locationIds = [...new Set(changes.flatMap((c) => c.locationIds ?? []))];
  const known = locationIds.length ? await ctx.db.select({ id: locations.id }).from(locations).where(inArray(locations.id, locationIds)) : [];
  const unknownLocation = locationIds.find((l) => !known.some((k) => k.id === l));
  if (unknownLocation) throw new ValidationError(`Unknown location: ${unknownLocation}`, { locationIds: [`Unknown location: ${unknownLocation}`] });

  const workerIds = [...new Set(changes.flatMap((c) => c.workerIds ?? []))];
  const workers = workerIds.length ? await ctx.db.select().from(warehouseWorkers).where(inArray(warehouseWorkers.id, workerIds)) : [];
  const unknownWorker = workerIds.find((w) => !workers.some((k) => k.id === w));
  if (unknownWorker) throw new ValidationError(`Unknown worker: ${unknownWorker}`, { workerIds: [`Unknown worker: ${unknownWorker}`] });
  for (const id of workerIds) {
    const holders = changes.filter((c) => c.workerIds?.includes(id));
    if (holders.length > 1) throw new ValidationError(`Worker ${id} can be linked to one user only`);
  }

  // A second editor: the version they loaded is not the current one.
  const stale = changes.filter((c) => c.version !== undefined && c.version !== current.get(c.email.toLowerCase())!.version);
  if (stale.length) {
    throw new ConflictError(STALE_USER, await viewsOf(ctx, stale.map((c) => current.get(c.email.toLowerCase())!)));
  }

  const adminRole = new Map(roleRows.map((r) => [r.id, r.isAdmin]));
  const after = new Map<string, boolean>();
  for (const c of changes) if (c.roleId !== undefined) after.set(c.email, c.roleId ? adminRole.get(c.roleId) ?? false : false);
  const refusal = adminGuard(actor.email, await adminEmails(ctx), after);
  if (refusal) throw new ForbiddenError(refusal);

  const at = ctx.now().toISOString();
  const links = await workerLinks(ctx, changes.map((c) => c.email));
  for (const c of changes) {
    const before = current.get(c.email.toLowerCase())!;
    const set: Partial<UserRow> = {};
    if (c.roleId !== undefined) set.roleId = c.roleId;
    if (c.locationIds !== undefined) set.locationIds = [...new Set(c.locationIds)];
    if (c.orderTypes !== undefined) set.orderTypes = [...new Set(c.orderTypes)];
    const fieldChanges = diffFields(before as unknown as Record<string, unknown>, set, ["roleId", "locationIds", "orderTypes"]);
    if (fieldChanges.length) {
      const done = await updateVersioned(ctx.db, users, before, { ...set, updatedAt: at }, {
        actor,
        at,
        input: { entityType: "user", entityId: before.email, action: "update", changes: fieldChanges },
      });
      if (!done) {
        const [now] = await ctx.db.select().from(users).where(eq(users.id, before.id));
        throw new ConflictError(STALE_USER, await viewsOf(ctx, now ? [now] : []));
      }
    }
    if (c.workerIds !== undefined) await linkWorkers(ctx, actor, before.email, links.get(before.email.toLowerCase()) ?? [], c.workerIds, at);
  }
  const saved = await usersByEmail(ctx, changes.map((c) => c.email));
  return { success: true as const, data: await viewsOf(ctx, [...saved.values()]) };
}

/** The member's worker records are those carrying their e-mail (scope.server.ts: assignmentPhrases). */
async function linkWorkers(ctx: Ctx, actor: Viewer, email: string, before: number[], after: number[], at: string) {
  const add = after.filter((id) => !before.includes(id));
  const drop = before.filter((id) => !after.includes(id));
  if (!add.length && !drop.length) return;
  const rows = await ctx.db.select().from(warehouseWorkers).where(inArray(warehouseWorkers.id, [...add, ...drop]));
  for (const w of rows) {
    const nextEmail = add.includes(w.id) ? email : "";
    await ctx.db.batch([
      ctx.db
        .update(warehouseWorkers)
        .set({ email: nextEmail, updatedAt: at, version: sql`${warehouseWorkers.version} + 1` })
        .where(eq(warehouseWorkers.id, w.id)),
      recordAudit(ctx.db, actor, at, {
        entityType: "worker",
        entityId: String(w.id),
        action: add.includes(w.id) ? "link-user" : "unlink-user",
        changes: [{ field: "email", before: w.email, after: nextEmail }],
      }),
    ]);
  }
}

/** DELETE /api/admin/users/{email}: the member and their sessions; never yourself or the last admin. */
export async function removeUser(ctx: Ctx, actor: Viewer, email: string) {
  const user = (await usersByEmail(ctx, [email])).get(email.toLowerCase());
  if (!user) throw new NotFoundError(`No user with email ${email}`);
  if (user.email.toLowerCase() === actor.email.toLowerCase()) throw new ForbiddenError("You cannot remove yourself.");
  const refusal = adminGuard(actor.email, await adminEmails(ctx), new Map([[user.email, false]]));
  if (refusal) throw new ForbiddenError(refusal);
  const at = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db.delete(users).where(eq(users.id, user.id)),
    recordAudit(ctx.db, actor, at, {
      entityType: "user",
      entityId: user.email,
      action: "remove",
      changes: [{ field: "user", before: { roleId: user.roleId, locationIds: user.locationIds, orderTypes: user.orderTypes, name: user.name }, after: null }],
    }),
  ]);
  return { success: true as const };
}

// ---------------------------------------------------------------- roles

export async function listRoles(ctx: Ctx) {
  const [roleRows, grantRows] = await Promise.all([
    ctx.db.select().from(roles).orderBy(asc(roles.name)),
    ctx.db.select().from(roleGrants).orderBy(asc(roleGrants.key)),
  ]);
  return roleRows.map((r) => ({
    id: r.id,
    name: r.name,
    isAdmin: r.isAdmin,
    grants: grantRows.filter((g) => g.roleId === r.id).map((g) => ({ key: g.key, scope: g.scope })),
  }));
}

/** POST /api/admin/rbac/role/warehouse-employee/upsert: writes the canonical role back, audited. */
export async function upsertWarehouseEmployeeRole(ctx: Ctx, actor: Viewer) {
  const def = ROLE_DEFINITIONS[WAREHOUSE_FLOOR_ROLE];
  const [before] = await ctx.db.select().from(roles).where(eq(roles.id, def.id));
  const beforeGrants = await ctx.db.select({ key: roleGrants.key, scope: roleGrants.scope }).from(roleGrants).where(eq(roleGrants.roleId, def.id));
  const at = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db
      .insert(roles)
      .values({ id: def.id, name: def.name, isAdmin: def.isAdmin, updatedAt: at })
      .onConflictDoUpdate({ target: roles.id, set: { name: def.name, isAdmin: def.isAdmin, updatedAt: at, version: sql`${roles.version} + 1` } }),
    ctx.db.delete(roleGrants).where(eq(roleGrants.roleId, def.id)),
    ctx.db.insert(roleGrants).values(def.grants.map((g) => ({ roleId: def.id, key: g.key, scope: g.scope }))),
    recordAudit(ctx.db, actor, at, {
      entityType: "role",
      entityId: def.id,
      action: "upsert",
      changes: [
        { field: "name", before: before?.name ?? null, after: def.name },
        { field: "grants", before: beforeGrants, after: def.grants },
      ],
    }),
  ]);
  return { success: true as const, data: { id: def.id, name: def.name, isAdmin: def.isAdmin, grants: def.grants } };
}

/**
 * POST /api/admin/rbac/cache/flush. Sessions read the role and its grants from the database on every
 * request (session.server.ts), so there is no grant cache to go stale; the call says so truthfully.
 */
export function flushRbacCache(ctx: Ctx) {
  return {
    success: true as const,
    data: { flushed: 0, cached: false, at: ctx.now().toISOString(), message: "Grants are read from the database on every request; nothing was cached." },
  };
}

// ---------------------------------------------------------------- locations

export async function listLocations(ctx: Ctx) {
  const [rows, counts] = await Promise.all([
    ctx.db.select().from(locations).orderBy(asc(locations.name)),
    ctx.db
      .select({ id: sql<string>`j.value`, n: sql<number>`count(*)` })
      .from(sql`${users}, json_each(${users.locationIds}) AS j`)
      .groupBy(sql`j.value`),
  ]);
  const byId = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((l) => ({ id: l.id, name: l.name, groups: l.groups ?? [], usersCount: byId.get(l.id) ?? 0, lastSynced: l.lastSynced, version: l.version }));
}

export const groupsSchema = z
  .array(z.object({ id: z.string().trim().min(1).max(64), groups: z.array(z.string().max(40)).max(50) }).strict())
  .min(1)
  .max(500);

/** PUT /api/warehouses/locations/groups: only the given locations; tags cleaned; audited. */
export async function saveLocationGroups(ctx: Ctx, actor: Viewer, body: z.infer<typeof groupsSchema>) {
  const ids = body.map((b) => b.id);
  if (new Set(ids).size !== ids.length) throw new ValidationError("A location appears more than once");
  const rows = await ctx.db.select().from(locations).where(inArray(locations.id, ids));
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw new NotFoundError(`Unknown location: ${missing}`);
  const at = ctx.now().toISOString();
  const writes = [];
  for (const b of body) {
    const before = rows.find((r) => r.id === b.id)!;
    const groups = cleanTags(b.groups);
    if (sameList(before.groups ?? [], groups)) continue;
    writes.push(
      ctx.db.update(locations).set({ groups, updatedAt: at, version: sql`${locations.version} + 1` }).where(eq(locations.id, b.id)),
      recordAudit(ctx.db, actor, at, { entityType: "location", entityId: b.id, action: "update-groups", changes: [{ field: "groups", before: before.groups, after: groups }] }),
    );
  }
  if (writes.length) await ctx.db.batch(writes as never);
  return { success: true as const, updated: writes.length / 2 };
}

// ---------------------------------------------------------------- RBAC debug

async function targetUser(ctx: Ctx, email: string): Promise<UserRow> {
  const user = (await usersByEmail(ctx, [email])).get(email.toLowerCase());
  if (!user) throw new NotFoundError(`No user with email ${email}`);
  return user;
}

async function viewerFor(ctx: Ctx, user: UserRow): Promise<Viewer> {
  return memberViewer(ctx, user, { sessionId: "rbac-debug", passcodeId: null, picture: user.avatarUrl, sessionExp: "", tokenExp: null });
}

/** GET /api/admin/rbac/debug/effective-grants?email=: what the member's next request will load. */
export async function effectiveGrants(ctx: Ctx, email: string) {
  const user = await targetUser(ctx, email);
  const access = await memberAccess(ctx, user.roleId);
  const viewer = await viewerFor(ctx, user);
  const scopes: Record<string, unknown> = {};
  for (const g of access.grants) scopes[g.key] = await scopeFor(ctx, viewer, g.key);
  return {
    success: true as const,
    data: {
      email: user.email,
      name: user.name,
      roleId: access.roleId,
      roleName: access.roleName,
      isAdmin: access.isAdmin,
      allowedLocs: user.locationIds ?? [],
      orderTypes: user.orderTypes ?? [],
      linkedWorkers: (await workerLinks(ctx, [user.email])).get(user.email.toLowerCase()) ?? [],
      grants: access.grants,
      groups: groupGrants(access.grants),
      scopes,
    },
  };
}

export const scopeTestSchema = z.object({
  email: emailSchema,
  limit: z.coerce.number().int().min(1).max(ORDERS_SCOPE_LIMIT).default(ORDERS_SCOPE_LIMIT),
});

/**
 * GET /api/admin/rbac/debug/orders-scope-test?email=&limit=200: runs the product's own order scope
 * (resolveOrderScope, the function every order door uses) for the member and lists what it lets through.
 * `leakedLocations`: warehouses of returned orders outside the member's assigned locations, when the scope
 * is per location (an empty list is the expected answer).
 */
export async function ordersScopeTest(ctx: Ctx, query: z.infer<typeof scopeTestSchema>) {
  const user = await targetUser(ctx, query.email);
  const viewer = await viewerFor(ctx, user);
  const grant: GrantKey = "orders:view";
  const rowScope = await scopeFor(ctx, viewer, grant);
  const scope = await resolveOrderScope(ctx, viewer, [grant]);
  const held = viewer.grants.some((g) => g.key === grant) || viewer.isAdmin;
  const where = held ? scope.where : sql`0`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ orderNumber: orders.orderNumber, warehouseLocation: orders.warehouseLocation, orderType: orders.orderType, warehouseAssignment: orders.warehouseAssignment })
      .from(orders)
      .where(where)
      .orderBy(asc(orders.id))
      .limit(query.limit),
    ctx.db.select({ n: sql<number>`count(*)` }).from(orders).where(where),
  ]);
  const seenLocations = [...new Set(rows.map((r) => r.warehouseLocation))].sort();
  const allowed = user.locationIds ?? [];
  const leakedLocations = rowScope.kind === "location" && allowed.length ? seenLocations.filter((l) => !allowed.includes(l)) : [];
  return {
    success: true as const,
    data: {
      email: user.email,
      roleId: viewer.roleId,
      grant,
      holdsGrant: held,
      scope: rowScope.kind === "all" ? "@all" : rowScope.kind === "location" ? "@location" : `@${rowScope.kind}`,
      rowScope,
      allowedLocs: allowed,
      allowedOrderTypes: scope.allowedOrderTypes,
      total: Number(count?.n ?? 0),
      returned: rows.length,
      limit: query.limit,
      locations: seenLocations,
      leakedLocations,
      sample: rows.slice(0, 20),
    },
  };
}

/** Every admin check of the services, for calls whose route policy is wider (the worker list). */
export function requireAdmin(viewer: Viewer) {
  if (viewer.kind !== "user" || !viewer.isAdmin) throw new ForbiddenError("Admins only");
}

