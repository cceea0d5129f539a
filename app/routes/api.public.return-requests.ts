// POST /api/public/return-requests: the customer's return request form (multipart: a JSON `payload` part, photos as
// `items.{i}.photos`), without signing in: rate limited per connection; a signed-in staff member is not limited.
// Answers 201 {success, reference, id}; any refusal writes nothing.
import { policies } from "~/domain/access/policy";
import type { PublicSubmitResult } from "~/domain/returns/contract";
import { apiRoute } from "~/lib/route.server";
import { clientKey } from "~/services/auth.server";
import { admitPublicSubmission, recordPublicSubmission } from "~/services/public-forms.server";
import { parseReturnForm, submitReturnRequest } from "~/services/returns.server";

export const policy = policies.public;

const route = apiRoute(policy, {
  async POST({ request, viewer, ctx }) {
    const staff = viewer?.kind === "user" ? viewer : null;
    const client = clientKey(ctx, request);
    if (!staff) await admitPublicSubmission(ctx, client, "return");
    const { input, photos } = await parseReturnForm(request);
    const created = await submitReturnRequest(ctx, input, photos, { source: staff ? "staff" : "public", actor: staff });
    if (!staff) await recordPublicSubmission(ctx, client, "return");
    return Response.json({ success: true, reference: created.returnID, id: created.id } satisfies PublicSubmitResult, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
