// The delivery wizard's state machine (app/domain/delivery/wizard.ts), by tables: steps per payment kind, what
// each event does to the step, the main button of each step, the footer, missing proof and the completion draft.
import { describe, expect, it } from "vitest";
import { DEFAULT_REQUIRED_PROOF, type RequiredProof } from "~/domain/delivery/rules";
import { completionDraft, currentStep, footerButtons, initialWizard, mainAction, missingProofOf, wizardReducer, type WizardEvent, type WizardState } from "~/domain/delivery/wizard";

const COD = "Cash On Delivery";
const PAID = "Paid: Check";

function run(start: WizardState, events: WizardEvent[]): WizardState {
  return events.reduce(wizardReducer, start);
}

function at(paymentStatus: string, step: number, extra: Partial<WizardState> = {}): WizardState {
  return { ...initialWizard({ paymentStatus, completed: false, remembered: null }), step, ...extra };
}

describe("where the wizard opens", () => {
  it.each<[string, string, boolean, number | null, number, string]>([
    ["a paid order, nothing remembered", PAID, false, null, 0, "out"],
    ["a paid order, step 2 remembered", PAID, false, 2, 2, "signature"],
    ["a paid order, the last step remembered but not completed", PAID, false, 3, 0, "out"],
    ["a paid order already completed", PAID, true, 1, 3, "document"],
    ["COD, step 1 remembered", COD, false, 1, 1, "cod"],
    ["COD, completed", COD, true, null, 4, "document"],
    ["COD, a nonsense remembered step", COD, false, 99, 0, "out"],
  ])("%s", (_name, paymentStatus, completed, remembered, step, name) => {
    const s = initialWizard({ paymentStatus, completed, remembered });
    expect(s.step).toBe(step);
    expect(currentStep(s)).toBe(name);
  });
});

describe("what each event does", () => {
  it.each<[string, WizardState, WizardEvent[], Partial<WizardState>]>([
    ["Skip moves on", at(PAID, 0), [{ type: "next" }], { step: 1 }],
    ["Skip stops at the last step", at(PAID, 3), [{ type: "next" }], { step: 3 }],
    ["Back stops at the first", at(PAID, 0), [{ type: "back" }], { step: 0 }],
    ["a saved (or queued) photo moves on", at(COD, 1), [{ type: "saved" }], { step: 2 }],
    ["busy, then settled", at(PAID, 0), [{ type: "start", busy: "out" }], { busy: "out" }],
    ["settled clears busy", at(PAID, 0, { busy: "out" }), [{ type: "settled" }], { busy: null }],
    ["the meta says completed: the last step", at(PAID, 1), [{ type: "metaLoaded", paymentStatus: PAID, completed: true }], { completed: true, step: 3 }],
    ["the meta says COD: five steps, the step kept", at(PAID, 1), [{ type: "metaLoaded", paymentStatus: COD, completed: false }], { paymentStatus: COD, step: 1 }],
    ["completed now: the delivery order step", at(COD, 3), [{ type: "completed" }], { completed: true, waitingCompletion: false, step: 4 }],
    ["completion queued on the phone: waiting, the last step", at(PAID, 2), [{ type: "completionQueued" }], { completed: false, waitingCompletion: true, step: 3 }],
    ["the queued completion went out later", at(PAID, 3, { waitingCompletion: true }), [{ type: "completionFlushed", ok: true }], { completed: true, waitingCompletion: false, step: 3 }],
    [
      "the queued completion was refused later: back to the signature step with the server's words",
      at(COD, 4, { waitingCompletion: true }),
      [{ type: "completionFlushed", ok: false, fieldErrors: { signedByName: ["Required"] } }],
      { waitingCompletion: false, step: 3, fieldErrors: { signedByName: ["Required"] } },
    ],
    ["a refusal keeps the step and shows the field errors", at(PAID, 2), [{ type: "refused", fieldErrors: { codCollectedCents: ["Must be at least 0"] } }], { step: 2, fieldErrors: { codCollectedCents: ["Must be at least 0"] } }],
    ["Help reverts: the signature step, not completed", at(COD, 4, { completed: true }), [{ type: "reverted" }], { completed: false, step: 3 }],
    ["editing a field clears its error only", at(PAID, 2, { fieldErrors: { signedByName: ["Required"], deliveryDate: ["Bad"] } }), [{ type: "edited", field: "signedByName" }], { fieldErrors: { deliveryDate: ["Bad"] } }],
    ["editing clears the field's nested errors", at(PAID, 2, { fieldErrors: { "deliveredLines.0.reason": ["Required"] } }), [{ type: "edited", field: "deliveredLines" }], { fieldErrors: {} }],
  ])("%s", (_name, start, events, expected) => {
    expect(run(start, events)).toMatchObject(expected);
  });

  it("editing a field without an error changes nothing (same state)", () => {
    const s = at(PAID, 2, { fieldErrors: { deliveryDate: ["Bad"] } });
    expect(wizardReducer(s, { type: "edited", field: "signedByName" })).toBe(s);
  });
});

describe("the main button and the footer of each step", () => {
  it.each<[string, number, string | null, string | null, boolean, boolean]>([
    [PAID, 0, "markOut", "Mark Out for Delivery", false, true],
    [PAID, 1, "uploadIssue", "Upload Issue Photo", true, true],
    [PAID, 2, "complete", "Complete Delivery", true, false],
    [PAID, 3, null, null, false, false],
    [COD, 1, "uploadCod", "Upload COD Photo", true, true],
    [COD, 2, "uploadIssue", "Upload Issue Photo", true, true],
    [COD, 3, "complete", "Complete Delivery", true, false],
  ])("%s, step %i → %s", (paymentStatus, step, run, label, back, skip) => {
    const s = at(paymentStatus, step);
    const action = mainAction(currentStep(s));
    expect(action?.run ?? null).toBe(run);
    expect(action?.label ?? null).toBe(label);
    expect(footerButtons(s)).toEqual({ back, skip });
  });
});

describe("missing proof per payment kind and required proof", () => {
  const none = { receiver: "", signed: false, photos: { cod: 0, issue: 0 }, sent: { cod: 0, issue: 0 }, cashOnDelivery: false };
  const all: RequiredProof = { receiverName: true, signature: true, photo: true, codPhoto: true };
  it.each<[string, RequiredProof | undefined, Partial<typeof none>, string[]]>([
    ["no meta yet: nothing asked", undefined, {}, []],
    ["the default asks a receiver name", DEFAULT_REQUIRED_PROOF, {}, ["receiverName"]],
    ["a blank name is no name", DEFAULT_REQUIRED_PROOF, { receiver: "   " }, ["receiverName"]],
    ["everything, a paid order: no COD photo asked", all, {}, ["receiverName", "signature", "photo"]],
    ["everything, COD: the COD photo too", all, { cashOnDelivery: true }, ["receiverName", "signature", "photo", "codPhoto"]],
    ["a photo sent from this phone counts", all, { receiver: "Ann", signed: true, sent: { cod: 0, issue: 1 } }, []],
    ["an issue photo is not a COD photo", all, { receiver: "Ann", signed: true, cashOnDelivery: true, photos: { cod: 0, issue: 2 } }, ["codPhoto"]],
    ["the server's COD photo counts", all, { receiver: "Ann", signed: true, cashOnDelivery: true, photos: { cod: 1, issue: 0 } }, []],
  ])("%s", (_name, required, have, missing) => {
    expect(missingProofOf(required, { ...none, ...have })).toEqual(missing);
  });
});

describe("the completion draft", () => {
  const lines = [
    { id: 1, quantity: 10 },
    { id: 2, quantity: 4 },
  ];
  const base = { missing: [] as const, lines, delivered: {}, cashOnDelivery: false, collected: "" };
  it.each<[string, Partial<Parameters<typeof completionDraft>[0]>, ReturnType<typeof completionDraft>]>([
    ["nothing changed: no lines sent", {}, { ok: true, deliveredLines: [] }],
    ["a line equal to its quantity is not sent", { delivered: { 1: { count: "10", reason: "" } } }, { ok: true, deliveredLines: [] }],
    ["a shortfall with a reason", { delivered: { 1: { count: "8", reason: " torn " } } }, { ok: true, deliveredLines: [{ lineId: 1, delivered: 8, reason: "torn" }] }],
    [
      "a shortfall without a reason, next to its line",
      { delivered: { 2: { count: "3", reason: "" } } },
      { ok: false, message: "Give a whole delivered count and a reason for each shortfall", fieldErrors: { "line.2": ["Give the count delivered and a reason for the shortfall"] } },
    ],
    ["missing proof names it, the name next to its field", { missing: ["receiverName", "signature"] }, { ok: false, message: "Missing proof: receiver name, signature", fieldErrors: { signedByName: ["Required"] } }],
    ["a missing signature has no field error of its own", { missing: ["signature"] }, { ok: false, message: "Missing proof: signature", fieldErrors: {} }],
    ["COD cash as an amount", { cashOnDelivery: true, collected: "$1,200.50" }, { ok: true, deliveredLines: [], codCollectedCents: 120050 }],
    ["COD cash that is not an amount", { cashOnDelivery: true, collected: "lots" }, { ok: false, message: "Enter the cash collected as an amount, e.g. 120.50", fieldErrors: { codCollectedCents: ["Enter an amount, e.g. 120.50"] } }],
    ["cash typed on a paid order is ignored", { cashOnDelivery: false, collected: "lots" }, { ok: true, deliveredLines: [] }],
  ])("%s", (_name, input, expected) => {
    expect(completionDraft({ ...base, ...input })).toEqual(expected);
  });
});
