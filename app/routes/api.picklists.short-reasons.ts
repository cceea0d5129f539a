// GET /api/picklists/short-reasons: the active short-pick reasons, in order, for anyone who may pick (staff
// and passcode sessions, as verify). A static segment: it ranks above api.picklists.$orderNumber.*.
import { policies } from "~/domain/access/policy";
import { PICK_GRANTS } from "~/domain/pick-list/grants";
import { ok } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import {
  listShortReasons,
  pickerReasons,
} from "~/services/pick-short-reasons.server";
import type * as z from "zod/mini";
import type { ShortReasonsAnswer } from "~/domain/picking/contract";

export const policy = policies.grant(...PICK_GRANTS);

const route = apiRoute(policy, {
  GET: async ({ ctx }) =>
    ok(
      pickerReasons(
        await listShortReasons(ctx, { activeOnly: true })
      ) satisfies z.output<typeof ShortReasonsAnswer>
    ),
});

export const loader = route.loader;
export const action = route.action;
