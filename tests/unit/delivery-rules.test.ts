// The wizard's pure rules (spec 001 §4, §5, §9; issue 8): steps, the remembered and completed step, the phone's
// progress, Eastern Time and the delivery window, dates, required proof, delivered quantities, money, and the
// byte checks on photos and signatures.
import { describe, expect, it } from "vitest";
import {
  deliveredLineProblems,
  deliveryDateProblem,
  deliveryWindow,
  easternDay,
  formatAddress,
  initialStep,
  isCalendarDay,
  isCashOnDelivery,
  missingProof,
  missingProofMessage,
  parseDollars,
  signatureStepIndex,
  stepProgress,
  wizardSteps,
  type ProvidedProof,
  type RequiredProof,
} from "~/domain/delivery/rules";
import { decodePngDataUrl, polyglotProblem } from "~/domain/delivery/upload";

describe("wizard steps", () => {
  it.each([
    ["Cash On Delivery", ["out", "cod", "issue", "signature", "document"], 3],
    ["cash on delivery", ["out", "cod", "issue", "signature", "document"], 3],
    ["  CASH ON DELIVERY ", ["out", "cod", "issue", "signature", "document"], 3],
    ["Paid: Check", ["out", "issue", "signature", "document"], 2],
    ["Pay at delivery", ["out", "issue", "signature", "document"], 2],
    [null, ["out", "issue", "signature", "document"], 2],
  ])("%s → %j, Help returns to index %i", (payment, steps, signature) => {
    expect(wizardSteps(payment)).toEqual(steps);
    expect(signatureStepIndex(payment)).toBe(signature);
    expect(isCashOnDelivery(payment)).toBe(steps.length === 5);
  });

  it.each([
    [{ paymentStatus: "Paid", completed: true, remembered: 1 }, 3],
    [{ paymentStatus: "Cash On Delivery", completed: true, remembered: null }, 4],
    [{ paymentStatus: "Paid", completed: false, remembered: 2 }, 2],
    [{ paymentStatus: "Paid", completed: false, remembered: 3 }, 0], // the last step follows a completion only
    [{ paymentStatus: "Paid", completed: false, remembered: 9 }, 0],
    [{ paymentStatus: "Paid", completed: false, remembered: -1 }, 0],
    [{ paymentStatus: "Paid", completed: false, remembered: 1.5 }, 0],
    [{ paymentStatus: "Cash On Delivery", completed: false, remembered: 3 }, 3],
  ])("initial step of %j is %i", (input, step) => {
    expect(initialStep(input)).toBe(step);
  });

  it.each([
    [0, 4, "Step 1 of 4", 25],
    [3, 4, "Step 4 of 4", 100],
    [1, 5, "Step 2 of 5", 40],
    [9, 5, "Step 5 of 5", 100],
  ])("progress %i of %i", (index, total, label, percent) => {
    expect(stepProgress(index, total)).toEqual({ label, percent });
  });
});

describe("Eastern Time", () => {
  it.each([
    ["2025-06-18T03:30:00Z", "2025-06-17"], // 11:30 PM EDT the day before
    ["2025-06-18T04:30:00Z", "2025-06-18"],
    ["2025-01-10T04:30:00Z", "2025-01-09"], // EST: UTC-5
  ])("%s is %s in New York", (iso, day) => {
    expect(easternDay(new Date(iso))).toBe(day);
  });

  it.each([
    [null, "2025-06-18T15:30:00Z", "11:30 AM ET"],
    ["2025-06-18T13:05:00Z", "2025-06-18T15:30:00Z", "9:05 AM – 11:30 AM ET"],
    ["2025-06-17T13:05:00Z", "2025-06-18T15:30:00Z", "11:30 AM ET"], // another day
    ["2025-06-18T16:00:00Z", "2025-06-18T15:30:00Z", "11:30 AM ET"], // left after completing: not a window
  ])("window from %s to %s is %s", (out, done, text) => {
    expect(deliveryWindow(out, done)).toBe(text);
  });
});

describe("delivery date", () => {
  const now = new Date("2025-06-18T15:30:00Z");
  it.each([
    ["2025-06-18", null],
    ["2025-06-19", null],
    ["2025-05-20", null],
    ["2025-06-20", "deliveryDate cannot be in the future"],
    ["2025-05-01", "deliveryDate is more than 30 days ago"],
    ["2025-02-30", "deliveryDate must be a date as YYYY-MM-DD"],
    ["06/18/2025", "deliveryDate must be a date as YYYY-MM-DD"],
    ["2025-6-18", "deliveryDate must be a date as YYYY-MM-DD"],
    ["2025-06-18T00:00", "deliveryDate must be a date as YYYY-MM-DD"],
    ["", "deliveryDate must be a date as YYYY-MM-DD"],
  ])("%s → %s", (value, problem) => {
    expect(deliveryDateProblem(value, now)).toBe(problem);
  });
  it("calendar days", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2025-02-29")).toBe(false);
  });
});

describe("required proof", () => {
  const all: RequiredProof = { receiverName: true, signature: true, photo: true, codPhoto: true };
  const none: ProvidedProof = { receiverName: false, signature: false, photo: false, codPhoto: false, cashOnDelivery: false };
  it.each([
    [all, none, ["receiverName", "signature", "photo"]], // no COD photo asked of a non-COD order
    [all, { ...none, cashOnDelivery: true }, ["receiverName", "signature", "photo", "codPhoto"]],
    [all, { receiverName: true, signature: true, photo: true, codPhoto: true, cashOnDelivery: true }, []],
    [{ receiverName: false, signature: false, photo: false, codPhoto: false }, none, []],
  ] as [RequiredProof, ProvidedProof, string[]][])("%j with %j misses %j", (required, provided, missing) => {
    expect(missingProof(required, provided)).toEqual(missing);
  });
  it.each([
    [["signature"], "Missing proof: signature"],
    [["signature", "photo"], "Missing proof: signature and photo"],
    [["receiverName", "signature", "codPhoto"], "Missing proof: receiver name, signature and COD photo"],
  ] as const)("%j → %s", (missing, text) => {
    expect(missingProofMessage(missing)).toBe(text);
  });
});

describe("delivered quantities", () => {
  const lines = [
    { id: 1, sku: "JAS-25", quantity: 10 },
    { id: 2, sku: "BAS-10", quantity: 4 },
  ];
  it.each([
    [[{ lineId: 1, delivered: 10 }], []],
    [[{ lineId: 1, delivered: 8, reason: "torn" }], []],
    [[{ lineId: 1, delivered: 8 }], ["Give a reason for the shortfall on JAS-25"]],
    [[{ lineId: 1, delivered: 8, reason: "  " }], ["Give a reason for the shortfall on JAS-25"]],
    [[{ lineId: 1, delivered: 11 }], ["Delivered quantity of JAS-25 is more than the 10 ordered"]],
    [[{ lineId: 1, delivered: -1 }], ["Delivered quantity of JAS-25 must be a whole number of 0 or more"]],
    [[{ lineId: 1, delivered: 2.5, reason: "x" }], ["Delivered quantity of JAS-25 must be a whole number of 0 or more"]],
    [[{ lineId: 3, delivered: 1 }], ["Line 3 is not on this order"]],
    [[{ lineId: 2, delivered: 4 }, { lineId: 2, delivered: 4 }], ["Line BAS-10 is listed twice"]],
  ])("%j → %j", (input, problems) => {
    expect(deliveredLineProblems(input, lines)).toEqual(problems);
  });

  it.each([
    ["120", 12_000],
    ["120.5", 12_050],
    ["$1,200.55", 120_055],
    ["0", 0],
    ["12.345", null],
    ["-5", null],
    ["1e3", null],
    ["", null],
    ["abc", null],
  ])("dollars %s → %s cents", (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it("formats the address as one line", () => {
    expect(formatAddress([" 12 Main St ", "", "Hicksville, NY 11801"])).toBe("12 Main St, Hicksville, NY 11801");
  });
});

describe("bytes of photos and signatures", () => {
  const PNG_B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
  const png = Uint8Array.from(atob(PNG_B64), (c) => c.charCodeAt(0));
  const enc = (s: string) => new TextEncoder().encode(s);
  it.each([
    ["a plain PNG", png, null],
    ["PNG + script", new Uint8Array([...png, ...enc("<script>x</script>")]), "The file contains markup or script"],
    ["PNG + HTML (any case)", new Uint8Array([...png, ...enc("<HtMl>")]), "The file contains markup or script"],
    ["PNG + PDF", new Uint8Array([...png, ...enc("%PDF-1.7")]), "The file carries an embedded PDF"],
    ["PNG + ZIP", new Uint8Array([...png, 0x50, 0x4b, 0x03, 0x04]), "The file carries an embedded archive"],
  ])("%s", (_name, bytes, problem) => {
    expect(polyglotProblem(bytes)).toBe(problem);
  });

  it.each([
    [`data:image/png;base64,${PNG_B64}`, true],
    [`data:image/jpeg;base64,${PNG_B64}`, false],
    [`data:image/png;base64,${btoa("GIF89a-not-a-png-at-all-really-no-no")}`, false],
    [`data:image/png;base64,${PNG_B64.slice(1)}`, false],
    ["javascript:alert(1)", false],
    [`DATA:image/png;base64,${PNG_B64}`, false],
    [` data:image/png;base64,${PNG_B64}`, false],
  ])("%s is a PNG data URL: %s", (value, ok) => {
    expect(decodePngDataUrl(value, 1024) !== null).toBe(ok);
  });

  it("bounds the decoded size", () => {
    expect(decodePngDataUrl(`data:image/png;base64,${PNG_B64}`, 40)).toBeNull();
  });
});
