// POST /api/order-trackers/pick-lists (issue 24): the selected orders' pick lists as ONE PDF for the in-app viewer
// (docs/decisions/041-batch-print-is-one-document.md). Same grant and scope per order as …/{id}/release-order.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { BATCH_PRINT_MAX, BATCH_PRINT_MESSAGES } from "~/domain/documents/batch-print";
import type { PickListBatchAnswer } from "~/domain/documents/contract";
import { parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { mergePickLists } from "~/services/pick-list-batch.server";
import { PRINT_DENIED, pickListBodySchema } from "~/services/pick-list-documents.server";

export const policy = policies.grant("picklists:print");

const bodySchema = pickListBodySchema.omit({ force: true }).extend({
  orderNumbers: z
    .array(z.string().trim().min(1).max(64))
    .min(1, BATCH_PRINT_MESSAGES.none)
    .max(BATCH_PRINT_MAX, BATCH_PRINT_MESSAGES.tooMany),
});

const route = apiRoute(
  policy,
  {
    async POST({ request, viewer, ctx }) {
      const { orderNumbers, ...names } = await parseJsonBody(request, bodySchema);
      const batch = await mergePickLists(ctx, viewer, orderNumbers, names);
      return { success: true, ...batch } satisfies PickListBatchAnswer & { success: true };
    },
  },
  { deniedMessage: PRINT_DENIED },
);

export const loader = route.loader;
export const action = route.action;
