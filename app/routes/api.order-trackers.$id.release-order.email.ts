// POST /api/order-trackers/{id}/release-order/email: emails the pick list PDF to the warehouse's routing.
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import type { PickListEmailed } from "~/domain/documents/contract";
import { parseJsonBody } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { findPickOrder } from "~/services/pick-list.server";
import { EMAILED_OK, emailPickList, PRINT_DENIED } from "~/services/pick-list-documents.server";

export const policy = policies.grant("picklists:print");

// The spec does not show a body; the names some clients send are accepted and ignored.
const bodySchema = z.object({}).loose();

const route = apiRoute(
  policy,
  {
    async POST({ request, params, viewer, ctx }) {
      await parseJsonBody(request, bodySchema);
      const order = await findPickOrder(ctx, viewer, params.id ?? "", ["picklists:print"]);
      const sent = await emailPickList(ctx, viewer, order);
      return {
        success: true,
        message: EMAILED_OK,
        emailedAt: sent.emailedAt,
        emailEnabled: false,
      } satisfies PickListEmailed;
    },
  },
  { deniedMessage: PRINT_DENIED }
);

export const loader = route.loader;
export const action = route.action;
