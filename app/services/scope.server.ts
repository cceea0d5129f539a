// The one answer to "which rows may this viewer touch for this grant", for every area (DESIGN §4). An
// area turns the RowScope into a condition on its own columns (orders.server.ts: orderScopeWhere); the
// RBAC debug panel and the authorization tests call the same function.
import { sql } from "drizzle-orm";
import { warehouseWorkers } from "../../db/schema";
import { grantScope, PASSCODE_GRANTS, type GrantKey } from "~/domain/access/roles";
import { assigneePhrases } from "~/domain/orders/assignment";
import { DELIVERY_ORDER_TYPES } from "~/domain/orders/constants";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";

export type RowScope =
  | { kind: "all" }
  | { kind: "none" }
  /** Rows at these locations (null: every location), of these order types (null: every type). */
  | { kind: "location"; locations: string[] | null; orderTypes: string[] | null; passcode: boolean }
  /** Rows assigned to the viewer: the phrases of their linked worker records (assignment.ts). */
  | { kind: "assignment"; phrases: string[][] }
  /** Rows the viewer created. */
  | { kind: "own"; userId: number | null; email: string; name: string };

type Ctx = Pick<AppContext, "db">;

/**
 * The phrases naming a staff member in warehouse assignment labels. The link is data an admin controls:
 * their sign-in e-mail, and the name (and first name) of every worker record carrying that e-mail. The
 * member's own display name plays no part, so nothing a user can type widens what they see.
 */
export async function assignmentPhrases(ctx: Ctx, email: string, knownWorkerNames?: readonly string[]): Promise<string[][]> {
  if (!email) return [];
  const workers = knownWorkerNames
    ? knownWorkerNames.map((name) => ({ name }))
    : await ctx.db
        .select({ name: warehouseWorkers.name })
        .from(warehouseWorkers)
        .where(sql`lower(${warehouseWorkers.email}) = ${email.toLowerCase()}`);
  const names = workers.map((w) => w.name.trim()).filter(Boolean);
  return assigneePhrases({ email, name: "", workerNames: [...names, ...names.map((n) => n.split(/\s+/)[0] ?? "")] });
}

/** The viewer's rows for one grant. Holding the grant is the route policy's question; this is the rows'. */
export async function scopeFor(ctx: Ctx, viewer: Viewer, grant: GrantKey): Promise<RowScope> {
  if (viewer.isAdmin) return { kind: "all" };
  if (viewer.kind === "passcode") {
    if (!PASSCODE_GRANTS.some((g) => g.key === grant)) return { kind: "none" };
    const locations = viewer.allowedLocations;
    return { kind: "location", locations: locations.length ? [...locations] : null, orderTypes: null, passcode: true };
  }
  switch (grantScope(viewer.grants, grant)) {
    case "all":
      return { kind: "all" };
    case "location":
      return {
        kind: "location",
        locations: viewer.locationIds.length ? [...viewer.locationIds] : null,
        // A member's order types; none set means every delivery type (spec 001 §6, drivers).
        orderTypes: viewer.orderTypes.length ? [...viewer.orderTypes] : [...DELIVERY_ORDER_TYPES],
        passcode: false,
      };
    case "assignment": {
      const phrases = await assignmentPhrases(ctx, viewer.email, viewer.workerNames);
      return phrases.length ? { kind: "assignment", phrases } : { kind: "none" };
    }
    case "own":
      return { kind: "own", userId: viewer.userId, email: viewer.email, name: viewer.name };
    default:
      return { kind: "none" };
  }
}

/**
 * The rows of a call open to any of several grants: the union of the viewer's scopes for those they hold.
 * A warehouse employee's order grants all have the assignment scope, so every order door answers alike.
 */
export async function scopeForAny(ctx: Ctx, viewer: Viewer, grants: readonly GrantKey[]): Promise<RowScope[]> {
  const scopes = await Promise.all(grants.map((g) => scopeFor(ctx, viewer, g)));
  if (scopes.some((s) => s.kind === "all")) return [{ kind: "all" }];
  const useful = scopes.filter((s) => s.kind !== "none");
  return useful.length ? useful : [{ kind: "none" }];
}
