// GET /api/picklists/{orderNumber}/room: a short-lived token for the order's live picking room (PartyKit),
// for pickers who may pick the order (findPickOrder). The room itself only relays; the database stays the truth.
// The token names the picker (from the session) and the order's lines, so the room trusts no message for either.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { PICK_GRANTS } from "~/domain/pick-list/grants";
import { ok, parseParams } from "~/lib/http.server";
import { roomAccess } from "~/lib/party.server";
import { apiRoute } from "~/lib/route.server";
import { actorName } from "~/lib/writes.server";
import { findPickOrder, pickLineIds } from "~/services/pick-list.server";
import type { RoomAccess } from "~/domain/picking/contract";

export const policy = policies.grant(...PICK_GRANTS);

const paramsSchema = z.object({
  orderNumber: z.string().trim().min(1, "Order number is required").max(64),
});

const route = apiRoute(policy, {
  async GET({ params, viewer, ctx }) {
    const { orderNumber } = parseParams(params, paramsSchema);
    // 403 for another warehouse's passcode, as docs/decisions/006-live-picking.md records for this call.
    const order = await findPickOrder(ctx, viewer, orderNumber, PICK_GRANTS, {
      passcodeStatus: 403,
    });
    const sub = viewer.kind === "passcode" ? `passcode:${viewer.passcodeId}` : `user:${viewer.userId}`;
    const access: RoomAccess = await roomAccess(ctx, order.orderNumber, { sub, name: actorName(viewer) }, await pickLineIds(ctx, order.id));
    return ok(access);
  },
});

export const loader = route.loader;
export const action = route.action;
