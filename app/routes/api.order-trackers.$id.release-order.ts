// GET or POST /api/order-trackers/{id}/release-order[?force=true]: the pick list PDF's 5-minute link,
// generated first when none exists or when forced. `id` is the order id or its order number (batch print).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { methodNotAllowed, parseJsonBody, parseSearchParams } from "~/lib/http.server";
import { findPickOrder } from "~/services/picklists.server";
import { asPrintDenied, ensureReleaseOrder, releaseOrderBodySchema, releaseOrderUrl, type ReleaseOrderBody } from "~/services/release-orders.server";
import type { AppContext } from "~/lib/context.server";
import type { Viewer } from "~/lib/session.server";

export const policy = policies.grant("picklists:print");

const querySchema = z.object({ force: z.enum(["true", "false", "1", "0"]).optional() }).loose();

async function respond(ctx: AppContext, viewer: Viewer, ref: string, force: boolean, body?: ReleaseOrderBody) {
  const order = await findPickOrder(ctx, viewer, ref, ["picklists:print"]);
  const { fileKey, generatedAt, generated } = await ensureReleaseOrder(ctx, viewer, order, { force, body });
  return Response.json({ success: true, presignedUrl: await releaseOrderUrl(ctx, order, fileKey), generatedAt, generated });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy).catch(asPrintDenied);
  const { force } = parseSearchParams(request, querySchema);
  return respond(context.app, viewer, params.id ?? "", force === "true" || force === "1");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await authorize(request, context, policy).catch(asPrintDenied);
  if (request.method !== "POST") methodNotAllowed(["GET", "POST"]);
  const { force } = parseSearchParams(request, querySchema);
  const body = await parseJsonBody(request, releaseOrderBodySchema);
  return respond(context.app, viewer, params.id ?? "", force === "true" || force === "1" || body.force === true, body);
}
