// GET or POST /api/warehouse/{id}/capture: an order's warehouse capture. GET answers {success, exists, data}
// (the assigned employee, and the office); POST (multipart signedByName, signature, attachments) saves it
// once (warehouse:capture, orders assigned to the employee): 409 when one exists.
import { policies } from "~/domain/access/policy";
import { CAPTURE_FORM_MAX_BYTES } from "~/domain/documents/capture";
import type { CaptureAnswer } from "~/domain/documents/contract";
import { parseFormData } from "~/lib/http.server";
import { idempotencyKeyOf } from "~/lib/idempotency.server";
import { apiRoute } from "~/lib/route.server";
import {
  getCapture,
  requireCaptureGrant,
  saveCapture,
} from "~/services/warehouse-capture.server";

export const policy = policies.grant("warehouse:capture", "orders:update");

const route = apiRoute(policy, {
  GET: async ({ params, viewer, ctx }) =>
    (await getCapture(ctx, viewer, params.id ?? "")) satisfies CaptureAnswer,
  async POST({ request, params, viewer, ctx, actedAt }) {
    // The office reads captures but may not save one: refused before the form is read, whatever it holds.
    requireCaptureGrant(viewer);
    const key = idempotencyKeyOf(request);
    const form = await parseFormData(request, CAPTURE_FORM_MAX_BYTES);
    return saveCapture(ctx, viewer, params.id ?? "", form, key, actedAt);
  },
});

export const loader = route.loader;
export const action = route.action;
