// The Users screen's editing state, table-driven: loading pages keeps drafts, edits and bulk actions touch only
// their members, a save sends only what changed, the server's rows replace both copies, removal and selection.
import { describe, expect, it } from "vitest";
import type { AdminUser } from "~/domain/admin/contract";
import { initialUsers, nextLocations, userChanges, usersReducer, type UsersAction, type UsersState } from "~/domain/admin/users-draft";

function user(email: string, patch: Partial<AdminUser> = {}): AdminUser {
  return { id: 1, email, name: email.split("@")[0]!, avatarUrl: null, roleId: "sales-rep", locationIds: ["NY-MAIN"], orderTypes: [], workerIds: [], version: 3, ...patch };
}

const A = "a@x.test";
const B = "b@x.test";
const C = "c@x.test";
const start = (): UsersState => initialUsers([user(A), user(B)], 2);
const run = (actions: UsersAction[], state = start()) => actions.reduce(usersReducer, state);

describe("nextLocations", () => {
  it.each([
    ["set", ["NY-MAIN"], ["FL-DIST"], ["FL-DIST"]],
    ["add", ["NY-MAIN"], ["FL-DIST", "NY-MAIN"], ["NY-MAIN", "FL-DIST"]],
    ["remove", ["NY-MAIN", "FL-DIST"], ["NY-MAIN"], ["FL-DIST"]],
    ["remove, none held", [], ["NY-MAIN"], []],
  ] as const)("%s", (mode, current, ids, expected) => {
    expect(nextLocations(current, mode.split(",")[0] as "set" | "add" | "remove", ids)).toEqual(expected);
  });
});

describe("usersReducer and what a save sends", () => {
  it.each<[string, UsersAction[], ReturnType<typeof userChanges>]>([
    ["nothing edited: nothing to send", [], []],
    ["a role change sends the role and version only", [{ type: "edit", email: A, patch: { roleId: "admin" } }], [{ email: A, roleId: "admin", version: 3 }]],
    ["an edit back to the saved value sends nothing", [{ type: "edit", email: A, patch: { roleId: "admin" } }, { type: "edit", email: A, patch: { roleId: "sales-rep" } }], []],
    ["bulk role for two", [{ type: "role", emails: [A, B], roleId: null }], [{ email: A, roleId: null, version: 3 }, { email: B, roleId: null, version: 3 }]],
    ["bulk add locations", [{ type: "locations", emails: [B], mode: "add", ids: ["FL-DIST"] }], [{ email: B, locationIds: ["NY-MAIN", "FL-DIST"], version: 3 }]],
    ["linking a worker sends workerIds", [{ type: "edit", email: A, patch: { workerIds: [2] } }], [{ email: A, workerIds: [2], version: 3 }]],
    ["role and worker together", [{ type: "edit", email: A, patch: { roleId: "admin", workerIds: [2] } }], [{ email: A, roleId: "admin", version: 3, workerIds: [2] }]],
    ["discard drops every edit", [{ type: "edit", email: A, patch: { roleId: "admin" } }, { type: "discard" }], []],
    ["an unknown member is ignored", [{ type: "edit", email: C, patch: { roleId: "admin" } }], []],
    ["the server's rows become the saved copy", [{ type: "edit", email: A, patch: { roleId: "admin" } }, { type: "stored", users: [user(A, { roleId: "admin", version: 4 })] }], []],
    [
      "a 409's current rows replace the draft, other edits stay",
      [{ type: "edit", email: A, patch: { roleId: "admin" } }, { type: "edit", email: B, patch: { orderTypes: ["Freight"] } }, { type: "stored", users: [user(A, { version: 5 })] }],
      [{ email: B, orderTypes: ["Freight"], version: 3 }],
    ],
    ["a removed member is not sent", [{ type: "edit", email: A, patch: { roleId: "admin" } }, { type: "removed", emails: [A] }], []],
    [
      "a newly loaded page keeps the drafts of members being edited",
      [{ type: "edit", email: A, patch: { roleId: "admin" } }, { type: "loaded", page: 2, pages: 2, users: [user(A), user(C)] }],
      [{ email: A, roleId: "admin", version: 3 }],
    ],
  ])("%s", (_name, actions, expected) => {
    expect(userChanges(run(actions))).toEqual(expected);
  });

  it.each<[string, UsersAction[], Partial<UsersState>]>([
    ["select two", [{ type: "select", emails: [A, B], on: true }], { selected: [A, B] }],
    ["select twice keeps one", [{ type: "select", emails: [A], on: true }, { type: "select", emails: [A], on: true }], { selected: [A] }],
    ["unselect", [{ type: "select", emails: [A, B], on: true }, { type: "select", emails: [A], on: false }], { selected: [B] }],
    ["removal clears the selection and the row", [{ type: "select", emails: [A, B], on: true }, { type: "removed", emails: [A] }], { selected: [B], rows: [user(B)] }],
    ["a loaded page sets rows, page and pages", [{ type: "loaded", page: 2, pages: 3, users: [user(C)] }], { rows: [user(C)], page: 2, pages: 3 }],
  ])("%s", (_name, actions, expected) => {
    expect(run(actions)).toMatchObject(expected);
  });
});
