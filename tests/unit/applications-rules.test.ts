// Customer applications' pure rules: Completed shown and matched as Pending, the decision's transitions,
// feedback values, the Location column, the QuickBooks customer built from an application, the schemas.
import { describe, expect, it } from "vitest";
import { checkDecision, displayStatus, feedbackFor, locationOf, qboCustomerFromApplication, statusesMatching, storedStatusesFor } from "~/domain/applications/rules";
import { applicationEditSchema, applicationListQuerySchema, decisionBodySchema, feedbackQuerySchema } from "~/domain/applications/schemas";

describe("statuses", () => {
  it.each([
    ["Pending", "Pending"],
    ["Completed", "Pending"],
    ["Approved", "Approved"],
    ["Declined", "Declined"],
  ])("%s is shown as %s", (stored, shown) => {
    expect(displayStatus(stored)).toBe(shown);
  });
  it.each([
    ["pending", ["Pending", "Completed"]],
    ["approved", ["Approved"]],
    ["declined", ["Declined"]],
    ["completed", []],
  ])("the filter %s matches %j", (filter, stored) => {
    expect(storedStatusesFor(filter)).toEqual(stored);
  });
  it.each([
    ["PEND", ["Pending", "Completed"]],
    ["ed", ["Approved", "Declined"]],
    ["complete", []],
  ])("the search %s matches %j", (text, stored) => {
    expect(statusesMatching(text)).toEqual(stored);
  });
  it.each([
    ["Pending", true],
    ["Completed", true],
    ["Approved", false],
    ["Declined", false],
  ])("a %s application may be decided: %s", (status, ok) => {
    expect(checkDecision(status).ok).toBe(ok);
  });
  it("feedback is positive for an approval, negative for a decline", () => {
    expect(feedbackFor("Approved")).toBe("positive");
    expect(feedbackFor("Declined")).toBe("negative");
  });
});

describe("location and the QuickBooks customer", () => {
  it("the Location column is street and city of the first address", () => {
    expect(locationOf([{ street: "1 Main St", city: "Newark", state: "NJ" }, { street: "2 B", city: "X", state: "Y" }])).toBe("1 Main St, Newark");
    expect(locationOf([])).toBe("");
  });
  it("approval sends the company, owner, contacts and billing address", () => {
    expect(
      qboCustomerFromApplication({ companyName: " Lotus Leaf ", ownerName: "Grace Mei Ho", email: "g@l.example", phoneNumber: "718", addresses: [{ street: "88 Canal St", street2: "Fl 2", city: "New York", state: "NY", postalCode: "10002" }] }),
    ).toEqual({
      DisplayName: "Lotus Leaf",
      CompanyName: "Lotus Leaf",
      GivenName: "Grace",
      FamilyName: "Mei Ho",
      PrimaryEmailAddr: { Address: "g@l.example" },
      PrimaryPhone: { FreeFormNumber: "718" },
      BillAddr: { Line1: "88 Canal St, Fl 2", City: "New York", CountrySubDivisionCode: "NY", PostalCode: "10002" },
    });
    expect(qboCustomerFromApplication({ companyName: "A", ownerName: "", email: "", phoneNumber: "", addresses: [] })).toEqual({ DisplayName: "A", CompanyName: "A" });
  });
});

describe("schemas", () => {
  it.each([
    [{}, true],
    [{ status: "pending" }, true],
    [{ status: "Completed" }, false],
    [{ searchBy: "decisionDate", search: "2025-06-18" }, true],
    [{ searchBy: "decisionDate", search: "June" }, false],
    [{ sort: "location", dir: "asc" }, true],
    [{ sort: "email" }, false],
  ])("list query %j parses: %s", (q, ok) => {
    expect(applicationListQuerySchema.safeParse(q).success).toBe(ok);
  });
  it.each([
    [{ status: "Approved" }, true],
    [{ status: "Completed" }, false],
    [{ status: "Approved", decisionDate: "2025-06-18T10:00:00.000Z" }, true],
    [{ status: "Approved", decisionDate: "tomorrow" }, false],
  ])("decision %j parses: %s", (body, ok) => {
    expect(decisionBodySchema.safeParse(body).success).toBe(ok);
  });
  it.each([
    [{ companyName: "A", status: "Completed" }, true],
    [{ companyName: "", status: "Pending" }, false],
    [{ companyName: "A", status: "Maybe" }, false],
    [{ companyName: "A", status: "Pending", email: "not-an-email" }, false],
    [{ companyName: "A", status: "Pending", decisionDate: "" }, true],
    [{ companyName: "A", status: "Pending", addresses: [{ street: "1", city: "c", state: "s" }] }, false],
  ])("edit %j parses: %s", (body, ok) => {
    expect(applicationEditSchema.safeParse(body).success).toBe(ok);
  });
  it.each([
    [{ companyID: "58", feedback: "positive" }, true],
    [{ companyID: "", feedback: "positive" }, false],
    [{ companyID: "58", feedback: "great" }, false],
  ])("feedback %j parses: %s", (q, ok) => {
    expect(feedbackQuerySchema.safeParse(q).success).toBe(ok);
  });
});
