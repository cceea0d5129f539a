// Who a verified company identity becomes at sign-in (decision 029), table-driven.
import { describe, expect, it } from "vitest";
import { signInDecision, type SignInFacts } from "~/domain/access/sign-in";

describe("signInDecision", () => {
  it.each<[string, SignInFacts, ReturnType<typeof signInDecision>]>([
    ["a member with a role", { member: { roleId: "sales-rep" }, removed: false, listedAdmin: false }, "session"],
    ["a listed member who already has a role keeps it (never demoted)", { member: { roleId: "sales-rep" }, removed: false, listedAdmin: true }, "session"],
    ["a listed admin keeps admin", { member: { roleId: "admin" }, removed: false, listedAdmin: true }, "session"],
    ["an unknown account", { member: null, removed: false, listedAdmin: false }, "waiting"],
    ["a member without a role", { member: { roleId: null }, removed: false, listedAdmin: false }, "waiting"],
    ["an unknown listed account", { member: null, removed: false, listedAdmin: true }, "grant-admin"],
    ["a listed member without a role", { member: { roleId: null }, removed: false, listedAdmin: true }, "grant-admin"],
    ["a removed account", { member: null, removed: true, listedAdmin: false }, "removed"],
    ["a removed account, even when listed", { member: null, removed: true, listedAdmin: true }, "removed"],
  ])("%s → %s", (_label, facts, decision) => expect(signInDecision(facts)).toBe(decision));
});
