// GET /api/picklists/{orderNumber}/room: a short-lived token for the order's live picking room (PartyKit),
// for pickers allowed on the order's warehouse. The room itself only relays; the database stays the truth.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../db/schema";
import { grantScope } from "~/domain/access/roles";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { fail, ok, parseParams } from "~/lib/http.server";
import { roomAccess } from "~/lib/party.server";
import type { Viewer } from "~/lib/session.server";

export const policy = policies.grant("picklists:pick");

const params = z.object({ orderNumber: z.string().trim().min(1, "Order number is required").max(64) });

/** Passcodes are limited to their warehouses (none listed = all); location-scoped staff to theirs. */
function warehouseAllowed(viewer: Viewer, location: string) {
  if (viewer.isAdmin) return true;
  if (viewer.kind === "passcode") return !viewer.allowedLocations.length || viewer.allowedLocations.includes(location);
  return grantScope(viewer.grants, "picklists:pick") !== "location" || viewer.locationIds.includes(location);
}

export async function loader({ request, context, params: raw }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  const { orderNumber } = parseParams(raw, params);
  const ctx = context.app;
  const [order] = await ctx.db
    .select({ orderNumber: orders.orderNumber, location: orders.warehouseLocation })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  if (!order) fail(404, "Order not found");
  if (!warehouseAllowed(viewer, order.location)) {
    if (viewer.kind === "passcode") fail(403, `Passcode not authorized for warehouse ${order.location}`);
    fail(404, "Order not found");
  }
  const sub = viewer.kind === "passcode" ? `passcode:${viewer.passcodeId}` : `user:${viewer.userId}`;
  return ok(await roomAccess(ctx, order.orderNumber, { sub, name: viewer.name || viewer.email }));
}
