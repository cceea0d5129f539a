// POST /api/public/applications: the new-customer application (multipart: a JSON `payload` part, documents as
// repeated `files`), without signing in: rate limited per connection; the staff's New Customer is not limited.
// Answers 201 {success, reference, id}; any refusal writes nothing.
import { policies } from "~/domain/access/policy";
import type { PublicSubmitResult } from "~/domain/returns/contract";
import { apiRoute } from "~/lib/route.server";
import { parseApplicationForm, submitApplication } from "~/services/applications.server";
import { clientKey } from "~/services/auth.server";
import { admitPublicSubmission, recordPublicSubmission } from "~/services/public-forms.server";

export const policy = policies.public;

const route = apiRoute(policy, {
  async POST({ request, viewer, ctx }) {
    const staff = viewer?.kind === "user" ? viewer : null;
    const client = clientKey(ctx, request);
    if (!staff) await admitPublicSubmission(ctx, client, "application");
    const { input, documents } = await parseApplicationForm(request);
    const created = await submitApplication(ctx, input, documents, { source: staff ? "staff" : "public", actor: staff });
    if (!staff) await recordPublicSubmission(ctx, client, "application");
    return Response.json({ success: true, reference: created.reference, id: created.id } satisfies PublicSubmitResult, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
