// Browser calls of the dock documents (spec 001 §7): pick list generate/regenerate/email/re-enable/status, BOL,
// Will Call, the delivery order link, warehouse capture. Each goes through the one client (apiFetch) with its
// contract (app/domain/documents/contract.ts): typed data, or an error in plain words with the server's field errors.
import { DeliveryOrderAnswer } from "~/domain/delivery/contract";
import { apiFetch } from "~/lib/api-client";
import {
  BolAnswer,
  BolSavedAnswer,
  CaptureAnswer,
  CaptureAttachmentsAnswer,
  CaptureSavedAnswer,
  PickListStatusAnswer,
  PickListEmailAnswer,
  PickListEmailEnableAnswer,
  PickListLinkAnswer,
  WillCallGeneratedAnswer,
  WillCallLatestAnswer,
  type BolRequest,
  type PickListRequest,
  type WillCallRequest,
} from "~/domain/documents/contract";

export type { BolAnswer, PickListStatus } from "~/domain/documents/contract";

const order = (id: string | number) => `/api/order-trackers/${encodeURIComponent(String(id))}`;

/** Who asks for a pick list: printed on it ("printed by") and told to the server by name. */
export type PrintUser = { name: string; email: string };

function pickListBody(user: PrintUser, force?: boolean): PickListRequest {
  return { userName: user.name, userFirstName: user.name.split(/\s+/)[0] ?? "", userEmail: user.email, ...(force === undefined ? {} : { force }) };
}

/** The one place the pick list (release order) is asked for: the order detail, batch print and the check screen. */
export const pickListApi = {
  status: (id: string | number, signal?: AbortSignal) => apiFetch(`${order(id)}/release-order/status`, PickListStatusAnswer, { signal }),
  /** Generates it when none exists (or when forced) and answers its 5-minute link. */
  generate: (id: string | number, user: PrintUser, force?: boolean) =>
    apiFetch(`${order(id)}/release-order${force ? "?force=true" : ""}`, PickListLinkAnswer, { json: pickListBody(user, force) }),
  email: (id: string | number) => apiFetch(`${order(id)}/release-order/email`, PickListEmailAnswer, { json: {} }),
  enableEmail: (id: string | number) => apiFetch(`${order(id)}/release-order/email-enable`, PickListEmailEnableAnswer, { json: {} }),
};

export const bolApi = {
  get: (id: string | number, signal?: AbortSignal) => apiFetch(`${order(id)}/bol`, BolAnswer, { signal }),
  save: (id: string | number, form: BolRequest, key: string) => apiFetch(`${order(id)}/bol`, BolSavedAnswer, { json: form, idempotencyKey: key }),
};

export const willCallApi = {
  latest: (id: string | number, signal?: AbortSignal) => apiFetch(`${order(id)}/will-call`, WillCallLatestAnswer, { signal }),
  generate: (id: string | number, body: WillCallRequest, key: string) => apiFetch(`${order(id)}/will-call`, WillCallGeneratedAnswer, { json: body, idempotencyKey: key }),
};

/** The delivery order PDF a completed delivery produced (spec 001 §7): 404 'Delivery Order not available' before. */
export const deliveryOrderApi = {
  link: (id: string | number) => apiFetch(`/api/delivery/${encodeURIComponent(String(id))}/do`, DeliveryOrderAnswer),
};

const capture = (id: string | number) => `/api/warehouse/${encodeURIComponent(String(id))}/capture`;

export const captureApi = {
  get: (id: string | number, signal?: AbortSignal) => apiFetch(capture(id), CaptureAnswer, { signal }),
  save: (id: string | number, form: FormData, key: string) => apiFetch(capture(id), CaptureSavedAnswer, { form, idempotencyKey: key }),
  addAttachments: (id: string | number, form: FormData, key: string) => apiFetch(`${capture(id)}/attachments`, CaptureAttachmentsAnswer, { form, idempotencyKey: key }),
};
