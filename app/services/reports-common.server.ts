// What both report services share: which reports a viewer may see for a grant (as SQL on the report's own
// columns), the grant check inside a route open to several, one page of a list, and signed links to a
// report's photos.
import { count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { devanningReports, locations, stockTransferReports, storedFiles } from "../../db/schema";
import { hasGrant, type GrantKey } from "~/domain/access/roles";
import { ForbiddenError, NotFoundError } from "~/domain/errors";
import type { AppContext } from "~/lib/context.server";
import { signFileUrl } from "~/lib/files.server";
import type { Viewer } from "~/lib/session.server";
import { scopeFor } from "./scope.server";

type Ctx = Pick<AppContext, "db">;

/** A route open to several grants (the list's GET and the form's POST share a path): each method names its own. */
export function requireGrant(viewer: Viewer, grant: GrantKey, message = "You do not have permission to do this."): void {
  if (!viewer.isAdmin && !hasGrant(viewer.grants, grant)) throw new ForbiddenError(message);
}

/**
 * The reports a viewer reaches for `grant`, as a condition: every report (scope all), the reports received at
 * the viewer's warehouses (location: by the location names, which is what a report records; a report type
 * without a location falls back to the viewer's own), the viewer's own submissions (own), or none.
 */
export async function reportScopeWhere(
  ctx: Ctx,
  viewer: Viewer,
  grant: GrantKey,
  columns: { location: SQLiteColumn | null; submittedBy: SQLiteColumn },
): Promise<SQL | undefined> {
  const scope = await scopeFor(ctx, viewer, grant);
  switch (scope.kind) {
    case "all":
      return undefined;
    case "location": {
      if (!columns.location) return eq(columns.submittedBy, viewer.email);
      if (scope.locations === null) return undefined;
      const rows = scope.locations.length
        ? await ctx.db.select({ name: locations.name }).from(locations).where(inArray(locations.id, scope.locations))
        : [];
      return rows.length ? inArray(columns.location, rows.map((r) => r.name)) : sql`0`;
    }
    case "own":
      return eq(columns.submittedBy, viewer.email);
    default:
      return sql`0`;
  }
}

/** Escapes LIKE wildcards so a search for '50%' finds the text '50%'. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A report list's order, newest submission first (the CSV export reads the list by keyset over the same keys). */
export function reportSortKeys(t: typeof devanningReports | typeof stockTransferReports): { expr: SQLiteColumn; dir: "desc" }[] {
  return [
    { expr: t.submittedAt, dir: "desc" },
    { expr: t.id, dir: "desc" },
  ];
}

/**
 * One page of a report list, newest submission first, with the paging facts both list calls answer. The rows
 * and the count read the same condition, so the total always matches what the pages hold.
 */
export async function reportPage<T extends typeof devanningReports | typeof stockTransferReports>(
  ctx: Ctx,
  t: T,
  where: SQL | undefined,
  q: { page: number; limit: number },
): Promise<{ rows: T["$inferSelect"][]; total: number; totalPages: number; page: number; limit: number }> {
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(t as typeof devanningReports).where(where).orderBy(...reportSortKeys(t).map((k) => desc(k.expr))).limit(q.limit).offset((q.page - 1) * q.limit),
    ctx.db.select({ n: count() }).from(t as typeof devanningReports).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows: rows as T["$inferSelect"][], total: n, totalPages: Math.max(1, Math.ceil(n / q.limit)), page: q.page, limit: q.limit };
}

/**
 * The signed link to one photo of a report type, after the caller's report check: the key must be a stored
 * file of that owner type whose report `visible` confirms; anything else is 404.
 */
export async function reportPhotoLink(
  ctx: AppContext,
  key: string,
  ownerType: string,
  visible: (reportId: number) => Promise<boolean>,
): Promise<{ presignedUrl: string; originalName: string }> {
  if (!key || key.length > 300) throw new NotFoundError("Photo not found");
  const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  const reportId = file && file.ownerType === ownerType ? Number(file.ownerId) : NaN;
  if (!file || !Number.isSafeInteger(reportId) || !(await visible(reportId))) throw new NotFoundError("Photo not found");
  return { presignedUrl: await signFileUrl(ctx, file.key, { filename: file.filename }), originalName: file.filename };
}
