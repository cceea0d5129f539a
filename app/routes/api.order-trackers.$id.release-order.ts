// GET or POST /api/order-trackers/{id}/release-order[?force=true]: the pick list PDF's 5-minute link. POST
// generates it first when none exists or when forced; GET only reads (404 before the first generation, 400
// with ?force=true) because a GET never writes (docs/decisions/010-trust-first.md).
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import type { PickListLink } from "~/domain/documents/contract";
import { ValidationError } from "~/domain/errors";
import { parseJsonBody, parseSearchParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { findPickOrder } from "~/services/pick-list.server";
import {
  ensurePickList,
  existingPickList,
  FORCE_NEEDS_POST,
  PRINT_DENIED,
  pickListBodySchema,
  pickListUrl,
} from "~/services/pick-list-documents.server";

export const policy = policies.grant("picklists:print");

const querySchema = z.object({ force: z.enum(["true", "false", "1", "0"]).optional() }).loose();
const forced = (value: string | undefined) => value === "true" || value === "1";

const route = apiRoute(
  policy,
  {
    async GET({ request, params, viewer, ctx }) {
      if (forced(parseSearchParams(request, querySchema).force)) throw new ValidationError(FORCE_NEEDS_POST);
      const order = await findPickOrder(ctx, viewer, params.id ?? "", ["picklists:print"]);
      const { fileKey, generatedAt } = await existingPickList(ctx, order);
      return {
        success: true,
        presignedUrl: await pickListUrl(ctx, order, fileKey),
        generatedAt,
        generated: false,
      } satisfies PickListLink;
    },
    async POST({ request, params, viewer, ctx }) {
      const { force } = parseSearchParams(request, querySchema);
      const body = await parseJsonBody(request, pickListBodySchema);
      const order = await findPickOrder(ctx, viewer, params.id ?? "", ["picklists:print"]);
      const result = await ensurePickList(ctx, viewer, order, {
        force: forced(force) || body.force === true,
        body,
      });
      return {
        success: true,
        presignedUrl: await pickListUrl(ctx, order, result.fileKey),
        generatedAt: result.generatedAt,
        generated: result.generated,
      } satisfies PickListLink;
    },
  },
  { deniedMessage: PRINT_DENIED }
);

export const loader = route.loader;
export const action = route.action;
