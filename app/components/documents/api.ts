// Browser calls of the dock documents (spec 001 §7): pick list generate/regenerate/email/re-enable/status, BOL,
// Will Call, the delivery order link, warehouse capture. Each goes through the one client (apiFetch) with its
// contract (app/domain/documents/contract.ts): typed data, or an error in plain words with the server's field errors.
// The contracts load with the first call, not the first paint (decision 038). The dock's writes (BOL, Will Call,
// warehouse capture and its attachments) go through the floor's outbox: kept on the phone with no signal.
import { apiFetch, contractOf } from "~/lib/api-client";
import { sendThroughOutbox } from "~/lib/outbox-lazy";
import type { BolAnswer, BolRequest, PickListRequest, PickListStatus, WillCallRequest } from "~/domain/documents/contract";

export type { BolAnswer, PickListStatus };

const contract = contractOf(() => import("~/domain/documents/contract"));
const deliveryContract = contractOf(() => import("~/domain/delivery/contract"));

const order = (id: string | number) => `/api/order-trackers/${encodeURIComponent(String(id))}`;

/** Who asks for a pick list: printed on it ("printed by") and told to the server by name. */
export type PrintUser = { name: string; email: string };

function pickListBody(user: PrintUser, force?: boolean): PickListRequest {
  return { userName: user.name, userFirstName: user.name.split(/\s+/)[0] ?? "", userEmail: user.email, ...(force === undefined ? {} : { force }) };
}

/** The one place the pick list (release order) is asked for: the order detail, batch print and the check screen. */
export const pickListApi = {
  status: (id: string | number, signal?: AbortSignal) => apiFetch(`${order(id)}/release-order/status`, contract("PickListStatusAnswer"), { signal }),
  /** Generates it when none exists (or when forced) and answers its 5-minute link. */
  generate: (id: string | number, user: PrintUser, force?: boolean) =>
    apiFetch(`${order(id)}/release-order${force ? "?force=true" : ""}`, contract("PickListLinkAnswer"), { json: pickListBody(user, force) }),
  email: (id: string | number) => apiFetch(`${order(id)}/release-order/email`, contract("PickListEmailAnswer"), { json: {} }),
  enableEmail: (id: string | number) => apiFetch(`${order(id)}/release-order/email-enable`, contract("PickListEmailEnableAnswer"), { json: {} }),
};

export const bolApi = {
  get: (id: string | number, signal?: AbortSignal) => apiFetch(`${order(id)}/bol`, contract("BolAnswer"), { signal }),
  save: (id: string | number, form: BolRequest, key: string, orderNumber = String(id)) =>
    sendThroughOutbox({ path: `${order(id)}/bol`, json: form, idempotencyKey: key, label: `BOL for ${orderNumber}`, group: orderNumber }, contract("BolSavedAnswer")),
};

export const willCallApi = {
  latest: (id: string | number, signal?: AbortSignal) => apiFetch(`${order(id)}/will-call`, contract("WillCallLatestAnswer"), { signal }),
  generate: (id: string | number, body: WillCallRequest, key: string, orderNumber = String(id)) =>
    sendThroughOutbox({ path: `${order(id)}/will-call`, json: body, idempotencyKey: key, label: `Will Call for ${orderNumber}`, group: orderNumber }, contract("WillCallGeneratedAnswer")),
};

/** The delivery order PDF a completed delivery produced (spec 001 §7): 404 'Delivery Order not available' before. */
export const deliveryOrderApi = {
  link: (id: string | number) => apiFetch(`/api/delivery/${encodeURIComponent(String(id))}/do`, deliveryContract("DeliveryOrderAnswer")),
};

const capture = (id: string | number) => `/api/warehouse/${encodeURIComponent(String(id))}/capture`;

export const captureApi = {
  get: (id: string | number, signal?: AbortSignal) => apiFetch(capture(id), contract("CaptureAnswer"), { signal }),
  save: (id: string | number, form: FormData, key: string, orderNumber = String(id)) =>
    sendThroughOutbox({ path: capture(id), form, idempotencyKey: key, label: `Warehouse capture for ${orderNumber}`, group: orderNumber }, contract("CaptureSavedAnswer")),
  addAttachments: (id: string | number, form: FormData, key: string, orderNumber = String(id)) =>
    sendThroughOutbox({ path: `${capture(id)}/attachments`, form, idempotencyKey: key, label: `Capture attachments for ${orderNumber}`, group: orderNumber }, contract("CaptureAttachmentsAnswer")),
};

/** Batch print (issue 24): the selected orders' pick lists as one merged PDF's link, for the in-app viewer. */
export const pickListBatchApi = {
  merge: (orderNumbers: readonly string[], user: PrintUser) =>
    apiFetch("/api/order-trackers/pick-lists", contract("PickListBatchAnswer"), { json: { orderNumbers: [...orderNumbers], ...pickListBody(user) } }),
};
