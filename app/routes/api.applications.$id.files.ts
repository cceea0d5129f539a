// GET /api/applications/{id}/files → {success, data: [{name, presignedUrl, error?}]}; POST multipart with
// repeated 'files' parts (images) → {success, files}. Every file is checked by its bytes before any is stored.
import { policies } from "~/domain/access/policy";
import type { FileRecord } from "~/domain/applications/contract";
import { applicationParamsSchema, MAX_APPLICATION_FILES } from "~/domain/applications/schemas";
import { ValidationError } from "~/domain/errors";
import { FORM_OVERHEAD_BYTES, ok, parseFormData, parseParams } from "~/lib/http.server";
import { apiRoute } from "~/lib/route.server";
import { applicationFiles, uploadApplicationFiles } from "~/services/applications.server";

export const policy = policies.grant("applications:view");

const MAX_BODY = MAX_APPLICATION_FILES * 10 * 1024 * 1024 + FORM_OVERHEAD_BYTES;

const route = apiRoute(policy, {
  async GET({ params, ctx }) {
    return ok((await applicationFiles(ctx, parseParams(params, applicationParamsSchema).id)) satisfies FileRecord[]);
  },
  async POST({ request, params, viewer, ctx }) {
    const { id } = parseParams(params, applicationParamsSchema);
    const form = await parseFormData(request, MAX_BODY);
    const files = form.getAll("files").filter((f): f is File => typeof f !== "string");
    if (form.getAll("files").some((f) => typeof f === "string")) throw new ValidationError("'files' parts must be files");
    return { success: true, files: (await uploadApplicationFiles(ctx, viewer, id, files)) satisfies FileRecord[] };
  },
});

export const loader = route.loader;
export const action = route.action;
