// The Devanning Report form's reducer (spec 002 §4, §5), table-driven: what each act does to the draft, the
// dirty flag, the shown errors, the banner and the submission's status; which errors show when; and which
// server field errors the form places next to a field.
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/reports/constants";
import { emptyDevanning, emptyProduct, type DevanningDraft } from "~/domain/reports/devanning";
import { devanningFormReducer, initialDevanningForm, visibleDevanningErrors, type DevanningFormAction, type DevanningFormState } from "~/domain/reports/devanning-form";
import { DEVANNING_PLACED, joinedFieldErrors, placedKeys, STOCK_TRANSFER_PLACED } from "~/domain/reports/server-errors";

const EMPTY = emptyDevanning("2025-06-18");
const NO_PHOTOS = { containerPhotos: 0, cargoPhotos: 0, damagedItemPhotos: 0, overallPhotos: 0 };
const fresh = (patch: Partial<DevanningFormState> = {}): DevanningFormState => ({ ...initialDevanningForm(EMPTY), ...patch });
const RESTORED: DevanningDraft = { ...EMPTY, cargoDetails: { ...EMPTY.cargoDetails, containerNumber: "MSKU1234567" } };

describe("devanningFormReducer", () => {
  it.each<[string, DevanningFormState, DevanningFormAction, Partial<DevanningFormState>]>([
    ["an edit changes the field, marks the form dirty and clears the server's errors", fresh({ serverErrors: { "cargoDetails.containerNumber": ["Taken"] } }), { type: "edit", section: "cargoDetails", field: "containerNumber", value: "MSKU1" }, { dirty: true, serverErrors: {} }],
    ["new products replace the list", fresh(), { type: "products", products: [emptyProduct("a"), emptyProduct("b")] }, { dirty: true }],
    ["a photo added or removed marks the form dirty", fresh(), { type: "photos-changed" }, { dirty: true }],
    ["touching a field remembers it", fresh(), { type: "touch", key: "cargoDetails.receivableSign" }, { touched: { "cargoDetails.receivableSign": true } }],
    ["a restored draft shows when it was saved and counts as unsent work", fresh(), { type: "restore", draft: RESTORED, savedAt: "2025-06-18T10:00:00Z" }, { draft: RESTORED, restoredAt: "2025-06-18T10:00:00Z", dirty: true }],
    ["Discard draft empties the form", fresh({ draft: RESTORED, dirty: true, restoredAt: "x", showErrors: true, touched: { a: true } }), { type: "start-over", initial: EMPTY }, { draft: EMPTY, dirty: false, restoredAt: null, showErrors: false, touched: {} }],
    ["a submit with errors shows every error and says so", fresh(), { type: "invalid" }, { showErrors: true, banner: { tone: "error", text: MESSAGES.devanningInvalid } }],
    ["sending clears the last banner", fresh({ banner: { tone: "error", text: "x" } }), { type: "sending" }, { status: "sending", banner: null }],
    ["no signal while sending: waiting", fresh({ status: "sending" }), { type: "waiting", waiting: true }, { status: "waiting" }],
    ["the signal is back: sending again", fresh({ status: "waiting" }), { type: "waiting", waiting: false }, { status: "sending" }],
    ["a late signal note after the answer changes nothing", fresh(), { type: "waiting", waiting: true }, { status: "idle" }],
    ["a photo that did not upload stops the submit with its message", fresh({ status: "sending" }), { type: "photo-failed", text: "Photos failed" }, { banner: { tone: "error", text: "Photos failed" } }],
    ["the server has it: an empty form and the success banner", fresh({ draft: RESTORED, dirty: true, status: "sending" }), { type: "submitted", initial: EMPTY }, { draft: EMPTY, dirty: false, banner: { tone: "success", text: MESSAGES.devanningSubmitted } }],
    ["refused: the server's field errors and reason, the draft kept", fresh({ draft: RESTORED, dirty: true }), { type: "refused", fieldErrors: { "containerInfo.sealNumber": ["Required"] }, text: "Submit failed." }, { draft: RESTORED, dirty: true, serverErrors: { "containerInfo.sealNumber": ["Required"] }, banner: { tone: "error", text: "Submit failed." } }],
    ["answered: idle again", fresh({ status: "waiting" }), { type: "settled" }, { status: "idle" }],
    ["the banner is dismissed", fresh({ banner: { tone: "success", text: "ok" } }), { type: "dismiss-banner" }, { banner: null }],
  ])("%s", (_name, state, action, expected) => {
    expect(devanningFormReducer(state, action)).toMatchObject(expected);
  });

  it("an edit writes into its own section only", () => {
    const next = devanningFormReducer(fresh(), { type: "edit", section: "containerInfo", field: "sealIntact", value: "yes" });
    expect(next.draft.containerInfo.sealIntact).toBe("yes");
    expect(next.draft.cargoDetails).toBe(EMPTY.cargoDetails);
  });
});

describe("visibleDevanningErrors", () => {
  it.each<[string, Partial<DevanningFormState>, string, string | undefined]>([
    ["an untouched field shows nothing before a submit", {}, "cargoDetails.receivableSign", undefined],
    ["a touched field shows its rule", { touched: { "cargoDetails.receivableSign": true } }, "cargoDetails.receivableSign", MESSAGES.receivableSign],
    ["after a refused submit every field shows", { showErrors: true }, "cargoDetails.containerNumber", MESSAGES.containerNumber],
    ["the server's words win for the same field", { showErrors: true, serverErrors: { "cargoDetails.containerNumber": ["Already reported", "today"] } }, "cargoDetails.containerNumber", "Already reported today"],
    ["a server error shows even untouched", { serverErrors: { "containerInfo.sealNumber": ["Required"] } }, "containerInfo.sealNumber", "Required"],
  ])("%s", (_name, patch, key, expected) => {
    expect(visibleDevanningErrors(fresh(patch), NO_PHOTOS)[key]).toBe(expected);
  });
});

describe("server field errors on the report forms", () => {
  it.each<[string, RegExp, string, boolean]>([
    ["a product's bags", DEVANNING_PLACED, "cargoDetails.products.2.bags", true],
    ["a photo group", DEVANNING_PLACED, "photos.damagedItemPhotos", true],
    ["the seal number", DEVANNING_PLACED, "containerInfo.sealNumber", true],
    ["a field the devanning form has no place for", DEVANNING_PLACED, "cargoDetails.managementSign", false],
    ["an item's quantity", STOCK_TRANSFER_PLACED, "items.0.quantity", true],
    ["the drawn signature", STOCK_TRANSFER_PLACED, "signatureDrawn", true],
    ["the whole data field", STOCK_TRANSFER_PLACED, "data", false],
  ])("%s", (_name, placed, key, shown) => {
    expect(placedKeys({ [key]: ["x"] }, placed)).toEqual(shown ? [key] : []);
  });

  it("joins a field's messages into one line", () => {
    expect(joinedFieldErrors({ a: ["Required", "Too long"], b: ["Enter a number"] })).toEqual({ a: "Required Too long", b: "Enter a number" });
    expect(joinedFieldErrors(undefined)).toEqual({});
  });
});
