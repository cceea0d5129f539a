// GET /api/applications/{id}: one application with its history. PATCH {companyName, email, phoneNumber,
// ownerName, ownerNumber, status, remarks, decisionDate, addresses, version?}: the admin's edit → {success, data}.
import { policies } from "~/domain/access/policy";
import type { ApplicationView } from "~/domain/applications/contract";
import { hasGrant } from "~/domain/access/roles";
import { ForbiddenError } from "~/domain/errors";
import { applicationEditSchema, applicationParamsSchema } from "~/domain/applications/schemas";
import { ok, parseJsonBody, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { applicationHistory, editApplication, getApplication } from "~/services/applications.server";

export const policy = policies.grant("applications:view");

const route = apiRoute(policy, {
  async GET({ params, ctx }) {
    const { id } = parseParams(params, applicationParamsSchema);
    return ok({ ...(await getApplication(ctx, id)), history: await applicationHistory(ctx, id) });
  },
  async PATCH({ request, params, viewer, ctx }) {
    // Viewing is for the office; editing is the admin's (applications:edit), checked before the body is read.
    if (!hasGrant(viewer.grants, "applications:edit")) throw new ForbiddenError("Only an admin may edit an application.");
    const { id } = parseParams(params, applicationParamsSchema);
    return ok((await editApplication(ctx, viewer, id, await parseJsonBody(request, applicationEditSchema))) satisfies ApplicationView);
  },
});

export const loader = route.loader;
export const action = route.action;
