// GET /submit-feedback?companyID&feedback=positive|negative (spec 000 §7, sent after a decision); POST takes
// the same query. Recorded in the application's history. A GET that records must not be forgeable from another
// site: a cross-site or same-site fetch (Sec-Fetch-Site) is refused, and the call needs applications:decide.
import type * as z from "zod/mini";
import { policies } from "~/domain/access/policy";
import type { FeedbackAnswer } from "~/domain/applications/contract";
import { feedbackQuerySchema } from "~/domain/applications/schemas";
import { ForbiddenError } from "~/domain/errors";
import { parseSearchParams } from "~/lib/http.server";
import { apiRoute, type RouteArgs } from "~/lib/route.server";
import type { Viewer } from "~/lib/session.server";
import { recordFeedback } from "~/services/applications.server";

export const policy = policies.grant("applications:decide");

async function submit({ request, viewer, ctx }: RouteArgs<Viewer>) {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw new ForbiddenError("Feedback is accepted from this app only");
  const { companyID, feedback } = parseSearchParams(request, feedbackQuerySchema);
  const data: z.output<typeof FeedbackAnswer> = await recordFeedback(ctx, viewer, companyID, feedback);
  return { success: true, data };
}

const route = apiRoute(policy, { GET: submit, POST: submit });

export const loader = route.loader;
export const action = route.action;
