// The edit stepper (spec 001 §4–§5): steps with and without trucking, when each step is valid, and which steps are reachable.
import { describe, expect, it } from "vitest";
import { canReachStep, firstInvalidStep, isStepValid, stepsFor, truckingFields, truckingValue, type StepperForm } from "~/domain/orders/stepper";

const complete: StepperForm = {
  paymentStatus: "Paid: Zelle",
  orderType: "Freight",
  warehouseAssignment: ["Kevin Chen"],
  truckingChoice: "Estes",
  truckingOther: "",
  notes: "",
};

describe("stepsFor", () => {
  it.each<[string, boolean, string]>([
    ["one who may set trucking", true, "Payment,Order Type,Assignment,Trucking,Notes"],
    ["one who may not", false, "Payment,Order Type,Assignment,Notes"],
  ])("%s walks through %s", (_who, editTrucking, labels) => {
    const steps = stepsFor(editTrucking);
    expect(steps.map((s) => s.label).join(",")).toBe(labels);
    expect(steps.map((s) => s.number)).toEqual(steps.map((_, i) => i + 1));
  });

  it("Notes is step 5 with trucking and step 4 without", () => {
    expect(stepsFor(true).at(-1)).toMatchObject({ key: "notes", number: 5 });
    expect(stepsFor(false).at(-1)).toMatchObject({ key: "notes", number: 4 });
  });
});

describe("isStepValid", () => {
  it.each<[string, Partial<StepperForm>, boolean]>([
    ["payment", { paymentStatus: "" }, false],
    ["payment", { paymentStatus: "N/A" }, false],
    ["payment", { paymentStatus: " n/a " }, false],
    ["payment", { paymentStatus: "Paid" }, false],
    ["payment", { paymentStatus: "Paid: Cash" }, true],
    ["payment", { paymentStatus: "Net 30" }, true],
    ["payment", { paymentStatus: "Cash On Delivery" }, true],
    ["orderType", { orderType: "" }, false],
    ["orderType", { orderType: "  " }, false],
    ["orderType", { orderType: "Will Call" }, true],
    ["assignment", { warehouseAssignment: [] }, false],
    ["assignment", { warehouseAssignment: [" "] }, false],
    ["assignment", { warehouseAssignment: ["ALL"] }, true],
    ["trucking", { truckingChoice: "" }, false],
    ["trucking", { truckingChoice: "Other", truckingOther: "" }, false],
    ["trucking", { truckingChoice: "Other", truckingOther: "  " }, false],
    ["trucking", { truckingChoice: "Other", truckingOther: "n/a" }, false],
    ["trucking", { truckingChoice: "Other", truckingOther: "Not Applicable" }, false],
    ["trucking", { truckingChoice: "Other", truckingOther: "Blue Star Freight" }, true],
    ["trucking", { truckingChoice: "RIST" }, true],
    ["notes", { notes: "" }, true],
  ])("%s with %j → %s", (step, patch, valid) => {
    expect(isStepValid(step as never, { ...complete, ...patch })).toBe(valid);
  });
});

describe("firstInvalidStep and canReachStep", () => {
  const admin = stepsFor(true);
  const rep = stepsFor(false);

  it.each<[string, Partial<StepperForm>, string | null]>([
    ["complete form", {}, null],
    ["no payment", { paymentStatus: "N/A" }, "payment"],
    ["no payment and no type", { paymentStatus: "", orderType: "" }, "payment"],
    ["no type", { orderType: "" }, "orderType"],
    ["no assignment", { warehouseAssignment: [] }, "assignment"],
    ["no trucking", { truckingChoice: "none" }, "trucking"],
  ])("admin: %s → %s", (_, patch, expected) => {
    expect(firstInvalidStep(admin, { ...complete, ...patch })).toBe(expected);
  });

  it("a sales rep is never blocked by trucking (the step does not exist)", () => {
    expect(firstInvalidStep(rep, { ...complete, truckingChoice: "" })).toBeNull();
  });

  it.each<[string, Partial<StepperForm>, boolean]>([
    ["payment", { paymentStatus: "" }, true],
    ["orderType", { paymentStatus: "" }, false],
    ["orderType", {}, true],
    ["assignment", { orderType: "" }, false],
    ["trucking", { warehouseAssignment: [] }, false],
    ["notes", { truckingChoice: "" }, false],
    ["notes", {}, true],
  ])("admin can reach %s with %j → %s", (target, patch, reachable) => {
    expect(canReachStep(admin, target as never, { ...complete, ...patch })).toBe(reachable);
  });

  it("a step the role does not have is unreachable", () => {
    expect(canReachStep(rep, "trucking", complete)).toBe(false);
  });
});

describe("trucking values", () => {
  it.each([
    ["", { truckingChoice: "", truckingOther: "" }],
    ["N/A", { truckingChoice: "", truckingOther: "" }],
    ["not set", { truckingChoice: "", truckingOther: "" }],
    ["Estes", { truckingChoice: "Estes", truckingOther: "" }],
    ["Blue Star Freight", { truckingChoice: "Other", truckingOther: "Blue Star Freight" }],
    ["Other", { truckingChoice: "Other", truckingOther: "" }],
  ])("stored %j opens as %j", (stored, fields) => {
    expect(truckingFields(stored)).toEqual(fields);
  });

  it.each([
    [{ truckingChoice: "Other", truckingOther: "  Blue Star " }, "Blue Star"],
    [{ truckingChoice: "EDL", truckingOther: "ignored" }, "EDL"],
    [{ truckingChoice: "none", truckingOther: "" }, ""],
  ])("%j saves as %j", (fields, value) => {
    expect(truckingValue(fields)).toBe(value);
  });
});
