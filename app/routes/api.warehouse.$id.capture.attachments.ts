// POST /api/warehouse/{id}/capture/attachments (multipart, repeated 'attachments'): more photos or PDFs for a
// saved capture; answers {success, count}.
import { policies } from "~/domain/access/policy";
import { CAPTURE_FORM_MAX_BYTES } from "~/domain/documents/capture";
import { parseFormData } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import { addCaptureAttachments } from "~/services/warehouse-capture.server";

export const policy = policies.grant("warehouse:capture");

const route = apiRoute(policy, {
  async POST({ request, params, viewer, ctx, actedAt }) {
    const key = idempotencyKeyOf(request);
    const form = await parseFormData(request, CAPTURE_FORM_MAX_BYTES);
    return addCaptureAttachments(ctx, viewer, params.id ?? "", form, key, actedAt);
  },
});

export const loader = route.loader;
export const action = route.action;
