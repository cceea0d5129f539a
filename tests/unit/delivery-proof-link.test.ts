// The proof-of-delivery rules (decision 026): who may receive it, how often it may be sent and when the next
// send fits; and the Order Tracking search fields a viewer is offered, from the rule the list refuses by.
import { describe, expect, it } from "vitest";
import { searchFieldsFor } from "~/components/orders/search-bar";
import { chooseProofRecipient, PROOF_LINK_MESSAGES, proofLinkLimitMessage, proofLinkRate } from "~/domain/delivery/proof-link";
import { SEARCH_FIELDS } from "~/domain/orders/constants";

const ORDER = "orders@acme.example";
const RECORD = "accounts@acme.example";

describe("chooseProofRecipient", () => {
  it.each([
    ["no address asked: the order's", { typed: undefined, isAdmin: false, customerEmails: [ORDER, RECORD] }, { ok: true, to: ORDER, source: "customer" }],
    ["blank is no address", { typed: "   ", isAdmin: false, customerEmails: [ORDER] }, { ok: true, to: ORDER, source: "customer" }],
    ["no order e-mail: the record's", { typed: null, isAdmin: false, customerEmails: [RECORD] }, { ok: true, to: RECORD, source: "customer" }],
    ["the record's, asked for in other case", { typed: " Accounts@ACME.example ", isAdmin: false, customerEmails: [ORDER, RECORD] }, { ok: true, to: RECORD, source: "customer" }],
    ["a stranger, by the office", { typed: "stranger@example.net", isAdmin: false, customerEmails: [ORDER] }, { ok: false, status: 403, error: PROOF_LINK_MESSAGES.notCustomerAddress }],
    ["a stranger, by an admin", { typed: "stranger@example.net", isAdmin: true, customerEmails: [ORDER] }, { ok: true, to: "stranger@example.net", source: "typed" }],
    ["an admin typing the customer's", { typed: ORDER, isAdmin: true, customerEmails: [ORDER] }, { ok: true, to: ORDER, source: "customer" }],
    ["not an address", { typed: "acme", isAdmin: true, customerEmails: [ORDER] }, { ok: false, status: 400, error: PROOF_LINK_MESSAGES.invalidEmail, field: "email" }],
    ["a header smuggled in", { typed: "a@b.example>\r\nBcc: x@y.example", isAdmin: true, customerEmails: [] }, { ok: false, status: 400, error: PROOF_LINK_MESSAGES.invalidEmail, field: "email" }],
    ["no address anywhere", { typed: "", isAdmin: true, customerEmails: [] }, { ok: false, status: 400, error: PROOF_LINK_MESSAGES.noCustomerEmail }],
  ])("%s", (_name, input, expected) => {
    expect(chooseProofRecipient(input)).toEqual(expected);
  });
});

describe("proofLinkRate", () => {
  const now = new Date("2025-06-18T15:30:00.000Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  const limits = { perOrder: 3, perUser: 5, windowMs: 3600_000 };

  it.each([
    ["nothing sent", [], [], { allowed: true }],
    ["two of three for the order", [ago(5), ago(1)], [ago(5), ago(1)], { allowed: true }],
    ["three for the order: wait for the oldest", [ago(50), ago(20), ago(1)], [], { allowed: false, limit: "order", retryAfterSeconds: 600 }],
    ["an hour-old send no longer counts", [ago(60), ago(20), ago(1)], [], { allowed: true }],
    ["four for the order: until the oldest that keeps it full leaves", [ago(59), ago(40), ago(20), ago(1)], [], { allowed: false, limit: "order", retryAfterSeconds: 20 * 60 }],
    ["five by the sender", [], [ago(45), ago(30), ago(20), ago(10), ago(1)], { allowed: false, limit: "user", retryAfterSeconds: 15 * 60 }],
    ["both full: the longer wait", [ago(50), ago(20), ago(1)], [ago(30), ago(25), ago(20), ago(10), ago(1)], { allowed: false, limit: "user", retryAfterSeconds: 30 * 60 }],
    ["never less than a second", [ago(59.999), ago(20), ago(1)], [], { allowed: false, limit: "order", retryAfterSeconds: 1 }],
  ])("%s", (_name, byOrder, byUser, expected) => {
    expect(proofLinkRate(byOrder, byUser, now, limits)).toEqual(expected);
  });

  it("says which limit is full and when to try again", () => {
    expect(proofLinkLimitMessage({ allowed: false, limit: "order", retryAfterSeconds: 61 })).toBe("This order's proof of delivery was already e-mailed 3 times in the last hour. Try again in 2 minutes.");
    expect(proofLinkLimitMessage({ allowed: false, limit: "user", retryAfterSeconds: 5 })).toBe("You have e-mailed 20 proofs of delivery in the last hour, the most allowed. Try again in 1 minute.");
  });
});

describe("searchFieldsFor", () => {
  it.each([
    ["office (sees everything)", { payment: true, trucking: true, prices: true }, []],
    ["driver (no trucking)", { payment: true, trucking: false, prices: true }, ["truckingCompany"]],
    ["warehouse (no payment, trucking or prices)", { payment: false, trucking: false, prices: false }, ["paymentStatus", "truckingCompany"]],
  ])("%s", (_name, visibility, missing) => {
    expect(searchFieldsFor(visibility)).toEqual(SEARCH_FIELDS.filter((f) => !missing.includes(f)));
  });
});
