// The edit stepper's state machine (app/domain/orders/edit-state.ts), table by table: typing, steps, the Paid
// Method choice, saving, a 409 and a refusal with field errors.
import { describe, expect, it } from "vitest";
import { editReducer, initialEditState, isDirty, placedKeys, previewStatus, stepErrors, stepOfField, type EditAction, type EditBase, type EditState } from "~/domain/orders/edit-state";
import { stepsFor } from "~/domain/orders/stepper";

const row: EditBase = { paymentStatus: "Net 30", orderType: "Freight", warehouseAssignment: ["Kevin Chen"], truckingCompany: "Estes", notes: "", orderStatus: "Picking", version: 3 };
const start = initialEditState(row);
const withTrucking = stepsFor(true);
const withoutTrucking = stepsFor(false);

function run(actions: EditAction[], from: EditState = start): EditState {
  return actions.reduce(editReducer, from);
}

describe("transitions", () => {
  it.each<[string, EditAction[], Partial<EditState>]>([
    ["starts on Payment, from the order", [], { step: "payment", version: 3, saving: false, alert: null, fieldErrors: {}, paidOpen: false }],
    ["goes to a step", [{ type: "goto", step: "notes" }], { step: "notes" }],
    ["opens Select Paid Method", [{ type: "openPaid" }], { paidOpen: true }],
    ["a Paid variant is chosen", [{ type: "openPaid" }, { type: "closePaid", variant: "Paid: Zelle" }], { paidOpen: false, form: { ...start.form, paymentStatus: "Paid: Zelle" } }],
    ["no variant keeps the previous payment", [{ type: "openPaid" }, { type: "closePaid" }], { paidOpen: false, form: start.form }],
    ["no variant and no payment falls back to N/A", [{ type: "set", patch: { paymentStatus: " " } }, { type: "openPaid" }, { type: "closePaid" }], { form: { ...start.form, paymentStatus: "N/A" } }],
    ["saving clears the last alert and errors", [{ type: "failed", message: "x", fieldErrors: { notes: ["Use at most 5000 characters"] }, steps: withTrucking }, { type: "saving" }], { saving: true, alert: null, fieldErrors: {} }],
    ["saved stops saving", [{ type: "saving" }, { type: "saved" }], { saving: false }],
    ["a 409 without a row keeps the form and says why", [{ type: "set", patch: { notes: "mine" } }, { type: "saving" }, { type: "conflict", message: "Changed by someone else", row: null }], { saving: false, alert: "Changed by someone else", form: { ...start.form, notes: "mine" } }],
    [
      "a 409 with the current row restarts the form from it, on Payment",
      [{ type: "goto", step: "notes" }, { type: "set", patch: { notes: "mine" } }, { type: "conflict", message: "Changed", row: { ...row, notes: "theirs", version: 4 } }],
      { step: "payment", version: 4, alert: "Changed", form: { ...start.form, notes: "theirs" } },
    ],
    [
      "a refusal keeps what was typed and shows the first step with an error",
      [{ type: "goto", step: "notes" }, { type: "set", patch: { notes: "x".repeat(5001) } }, { type: "saving" }, { type: "failed", message: "Fix them", fieldErrors: { truckingCompany: ["Use at most 120 characters"], notes: ["Use at most 5000 characters"] }, steps: withTrucking }],
      { step: "trucking", saving: false, alert: "Fix them", form: { ...start.form, notes: "x".repeat(5001) } },
    ],
    [
      "a refusal with no step's field stays on the step",
      [{ type: "goto", step: "notes" }, { type: "failed", message: "Refused", fieldErrors: { version: ["Must be at least 1"] }, steps: withTrucking }],
      { step: "notes", alert: "Refused" },
    ],
    [
      "without the Trucking step, its error does not move the stepper there",
      [{ type: "goto", step: "notes" }, { type: "failed", message: "Refused", fieldErrors: { truckingCompany: ["Required"] }, steps: withoutTrucking }],
      { step: "notes" },
    ],
    [
      "changing a field drops the server's complaint about it, and only it",
      [{ type: "failed", message: "x", fieldErrors: { truckingCompany: ["Required"], notes: ["Too long"] }, steps: withTrucking }, { type: "set", patch: { truckingOther: "Blue Star" } }],
      { fieldErrors: { notes: ["Too long"] }, alert: "x" },
    ],
    [
      "fixing the last field with an error takes the summary away too",
      [{ type: "failed", message: "Fix them", fieldErrors: { notes: ["Too long"] }, steps: withTrucking }, { type: "set", patch: { notes: "short" } }],
      { fieldErrors: {}, alert: null },
    ],
    [
      "a 409's reason stays while typing",
      [{ type: "conflict", message: "Changed", row: null }, { type: "set", patch: { notes: "again" } }],
      { alert: "Changed" },
    ],
    [
      "an assignment item's error goes when the assignment changes",
      [{ type: "failed", message: "x", fieldErrors: { "warehouseAssignment.1": ["Required"] }, steps: withTrucking }, { type: "set", patch: { warehouseAssignment: ["ALL"] } }],
      { fieldErrors: {} },
    ],
  ])("%s", (_name, actions, expected) => {
    expect(run(actions)).toMatchObject(expected);
  });
});

describe("field errors by step", () => {
  it.each<[string, ReturnType<typeof stepOfField>]>([
    ["paymentStatus", "payment"],
    ["orderType", "orderType"],
    ["warehouseAssignment", "assignment"],
    ["warehouseAssignment.0", "assignment"],
    ["truckingCompany", "trucking"],
    ["notes", "notes"],
    ["assignedBy", null],
    ["version", null],
  ])("%s → %s", (key, step) => {
    expect(stepOfField(key)).toBe(step);
  });

  const errors = { warehouseAssignment: ["Assign at least one"], "warehouseAssignment.2": ["Required"], assignedBy: ["Use at most 200 characters"], truckingCompany: ["Required"] };
  it.each<[string, readonly ReturnType<typeof stepsFor>[number][], string[]]>([
    ["with Trucking", withTrucking, ["warehouseAssignment", "warehouseAssignment.2", "truckingCompany"]],
    ["without Trucking (its error is listed above the buttons)", withoutTrucking, ["warehouseAssignment", "warehouseAssignment.2"]],
  ])("placed keys %s", (_name, steps, keys) => {
    expect(placedKeys(errors, steps)).toEqual(keys);
  });

  it("a step's messages join its own and its items'", () => {
    expect(stepErrors(errors, "assignment")).toEqual(["Assign at least one", "Required"]);
    expect(stepErrors(errors, "notes")).toBeUndefined();
  });
});

describe("derived", () => {
  it.each<[string, EditAction[], boolean]>([
    ["as loaded", [], false],
    ["a note typed", [{ type: "set", patch: { notes: "x" } }], true],
    ["typed and typed back", [{ type: "set", patch: { notes: "x" } }, { type: "set", patch: { notes: "" } }], false],
    ["restarted by a 409", [{ type: "set", patch: { notes: "x" } }, { type: "conflict", message: "m", row }], false],
  ])("dirty: %s → %s", (_name, actions, dirty) => {
    expect(isDirty(run(actions))).toBe(dirty);
  });

  it("the status preview follows the form (a payment issue turns it Pending Payment)", () => {
    expect(previewStatus(run([{ type: "set", patch: { paymentStatus: "Cash On Delivery" } }]))).toBe("Pending Payment");
  });
});
