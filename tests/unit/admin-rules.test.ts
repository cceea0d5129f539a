// The admin panel's pure rules, table-driven (spec 002 §4, §5, §9).
import { describe, expect, it } from "vitest";
import {
  addChips,
  addRoutingKey,
  addTag,
  adminGuard,
  ageDays,
  canSubmitPasscode,
  changedGroups,
  changedUsers,
  chipsToSave,
  cleanTags,
  groupGrants,
  isEnabled,
  isValidEmail,
  needsRotation,
  passcodeCodeProblem,
  passcodeCreateBody,
  routingToSave,
  splitChips,
} from "~/domain/admin/rules";

describe("email chips", () => {
  it.each([
    ["a@b.co", true],
    ["first.last+tag@goldengrain.test", true],
    ["bad@", false],
    ["@x.com", false],
    ["x y@z.com", false],
    ["no-at.com", false],
    ["a@b", false],
  ])("%s valid: %s", (email, valid) => expect(isValidEmail(email)).toBe(valid));

  it.each([
    ["a@x.com, b@x.com; c@x.com", ["a@x.com", "b@x.com", "c@x.com"]],
    [" ; ,, ", []],
    ["  one@x.com  ", ["one@x.com"]],
  ])("splits %j", (text, out) => expect(splitChips(text)).toEqual(out));

  it("ignores duplicates (any case) and keeps invalid entries", () => {
    expect(addChips(["a@x.com"], "A@X.com; bad, c@x.com")).toEqual(["a@x.com", "bad", "c@x.com"]);
  });

  it("saves only entries with '@'", () => {
    expect(chipsToSave(["a@x.com", "bad", "bad@"])).toEqual(["a@x.com", "bad@"]);
  });
});

describe("email routing", () => {
  it.each([
    ["  NJ-WH ", { "NJ-WH": { enabled: true, to: [], cc: [] } }],
    ["", null],
    ["   ", null],
    ["ny-main", null],
  ])("adds key %j", (key, expected) => {
    const base = { "NY-MAIN": { enabled: false, to: ["a@x.com"], cc: [] } };
    const out = addRoutingKey(base, key);
    if (expected === null) expect(out).toBeNull();
    else expect(out).toEqual({ ...base, ...expected });
  });

  it.each([
    [{ enabled: false }, false],
    [{ enabled: true }, true],
    [{ enabled: null }, true],
    [{}, true],
    [undefined, true],
  ])("enabled of %j is %s", (entry, enabled) => expect(isEnabled(entry as never)).toBe(enabled));

  it("the saved body drops entries without '@'", () => {
    expect(routingToSave({ defaultCc: ["x", "a@x.com"], emailRouting: { K: { enabled: true, to: ["nope", "t@x.com"], cc: [] } } })).toEqual({
      defaultCc: ["a@x.com"],
      emailRouting: { K: { enabled: true, to: ["t@x.com"], cc: [] } },
    });
  });
});

describe("location groups", () => {
  it.each([
    [["east"], " west ", ["east", "west"]],
    [["east"], "EAST", null],
    [["east"], "  ", null],
  ])("%j + %j", (tags, raw, out) => expect(addTag(tags, raw)).toEqual(out));

  it("cleans and diffs", () => {
    expect(cleanTags([" a", "A", "", "b "])).toEqual(["a", "b"]);
    const saved = [{ id: "X", groups: ["a"] }, { id: "Y", groups: ["b"] }];
    expect(changedGroups(saved, [{ id: "X", groups: ["a"] }, { id: "Y", groups: ["b", "c"] }])).toEqual([{ id: "Y", groups: ["b", "c"] }]);
    expect(changedGroups(saved, saved)).toEqual([]);
  });
});

describe("users save", () => {
  const saved = [
    { email: "a@x.com", roleId: "sales-rep", locationIds: ["NY"], orderTypes: [], version: 3 },
    { email: "b@x.com", roleId: null, locationIds: [], orderTypes: ["Freight"], version: 1 },
  ];
  it.each([
    ["nothing changed", saved, []],
    [
      "only the role",
      [{ ...saved[0]!, roleId: "admin" }, saved[1]!],
      [{ email: "a@x.com", roleId: "admin", version: 3 }],
    ],
    [
      "locations reordered is no change; order types changed",
      [{ ...saved[0]!, locationIds: ["NY"] }, { ...saved[1]!, orderTypes: [] }],
      [{ email: "b@x.com", orderTypes: [], version: 1 }],
    ],
    [
      "role to (none)",
      [{ ...saved[0]!, roleId: null }, saved[1]!],
      [{ email: "a@x.com", roleId: null, version: 3 }],
    ],
  ])("%s", (_name, draft, out) => expect(changedUsers(saved, draft)).toEqual(out));

  it.each([
    ["demoting yourself", "me@x", ["me@x", "b@x"], [["me@x", false]], "You cannot remove your own admin role."],
    ["demoting the last other admin", "me@x", ["b@x"], [["b@x", false]], "At least one admin must remain."],
    ["demoting one of two", "me@x", ["me@x", "b@x"], [["b@x", false]], null],
    ["promoting someone", "me@x", ["me@x"], [["c@x", true]], null],
    ["case-insensitive self", "Me@X", ["me@x", "b@x"], [["ME@x", false]], "You cannot remove your own admin role."],
  ] as const)("%s", (_n, actor, admins, after, out) => {
    expect(adminGuard(actor, admins, new Map(after as unknown as [string, boolean][]))).toBe(out);
  });
});

describe("effective permissions", () => {
  it("groups by the part before the colon with scope labels", () => {
    expect(
      groupGrants([
        { key: "orders:view", scope: "assignment" },
        { key: "home:view", scope: "all" },
        { key: "orders:update", scope: "location" },
        { key: "returns:view", scope: "own" },
      ]),
    ).toEqual([
      { area: "orders", grants: [{ key: "orders:view", action: "view", scope: "assignment", scopeLabel: "Assignment" }, { key: "orders:update", action: "update", scope: "location", scopeLabel: "Per location" }] },
      { area: "home", grants: [{ key: "home:view", action: "view", scope: "all", scopeLabel: "All" }] },
      { area: "returns", grants: [{ key: "returns:view", action: "view", scope: "own", scopeLabel: "Own" }] },
    ]);
  });
});

describe("passcodes", () => {
  it.each([
    ["12345", "Code must be at least 6 characters"],
    ["123456", null],
    ["RICE-2468", null],
    ["has space", "Code may contain letters, digits and symbols only (no spaces)"],
    ["x".repeat(65), "Code must be at most 64 characters"],
  ])("code %j", (code, problem) => expect(passcodeCodeProblem(code)).toBe(problem));

  const now = new Date("2025-06-18T00:00:00Z");
  it.each([
    [{ active: true, createdAt: "2025-05-19T00:00:00Z" }, false], // 30 days: not older than 30
    [{ active: true, createdAt: "2025-05-18T00:00:00Z" }, true], // 31 days
    [{ active: true, createdAt: "2025-05-01T00:00:00Z" }, true],
    [{ active: false, createdAt: "2025-01-01T00:00:00Z" }, false],
    [{ active: true, createdAt: "2025-06-10T00:00:00Z" }, false],
  ])("rotate %j → %s", (p, out) => expect(needsRotation(p, now)).toBe(out));

  it("age in whole days", () => {
    expect(ageDays("2025-06-16T12:00:00Z", now)).toBe(1);
    expect(ageDays("2025-07-01T00:00:00Z", now)).toBe(0);
  });

  it.each([
    [{ label: " L ", code: " C0DE12 ", hours: "", locations: [] }, { label: "L", code: "C0DE12", locations: [] }],
    [{ label: "L", code: "C", hours: " 8 ", locations: ["NY"] }, { label: "L", code: "C", hoursValid: 8, locations: ["NY"] }],
  ])("create body %j", (form, body) => expect(passcodeCreateBody(form)).toEqual(body));

  it.each([
    [{ label: "", code: "x" }, false],
    [{ label: "x", code: "  " }, false],
    [{ label: "x", code: "y" }, true],
  ])("submit enabled %j → %s", (f, out) => expect(canSubmitPasscode(f)).toBe(out));
});
