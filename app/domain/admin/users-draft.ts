// The Users screen's editing state (spec 002 §2) as one pure reducer: the loaded page, the saved copy and the
// draft of every member seen, the selection, and what a save sends (only changed members and fields). The screen
// renders it and dispatches; tests/unit/admin-users-draft.test.ts walks it with tables.
import type { AdminUser } from "./contract";
import { changedUsers, type UserChange } from "./rules";

export type UserDraft = Pick<AdminUser, "email" | "roleId" | "locationIds" | "orderTypes" | "workerIds" | "version">;
export type LocationMode = "set" | "add" | "remove";

export type UsersState = {
  rows: AdminUser[];
  page: number;
  pages: number;
  /** Every member seen, as stored and as edited, by email. */
  saved: Record<string, UserDraft>;
  draft: Record<string, UserDraft>;
  selected: string[];
};

export type UsersAction =
  | { type: "loaded"; page: number; pages: number; users: AdminUser[] }
  | { type: "edit"; email: string; patch: Partial<Omit<UserDraft, "email" | "version">> }
  | { type: "locations"; emails: string[]; mode: LocationMode; ids: string[] }
  | { type: "role"; emails: string[]; roleId: string | null }
  | { type: "discard" }
  | { type: "stored"; users: AdminUser[] }
  | { type: "removed"; emails: string[] }
  | { type: "select"; emails: string[]; on: boolean };

export function toDraft(u: AdminUser): UserDraft {
  return { email: u.email, roleId: u.roleId, locationIds: u.locationIds, orderTypes: u.orderTypes, workerIds: u.workerIds, version: u.version };
}

function byEmail(users: readonly AdminUser[]): Record<string, UserDraft> {
  return Object.fromEntries(users.map((u) => [u.email, toDraft(u)]));
}

function without<T>(map: Record<string, T>, emails: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(map).filter(([e]) => !emails.includes(e)));
}

export function initialUsers(users: AdminUser[], pages: number): UsersState {
  const saved = byEmail(users);
  return { rows: users, page: 1, pages, saved, draft: saved, selected: [] };
}

export function nextLocations(current: readonly string[], mode: LocationMode, ids: readonly string[]): string[] {
  if (mode === "set") return [...ids];
  if (mode === "add") return [...new Set([...current, ...ids])];
  return current.filter((l) => !ids.includes(l));
}

export function usersReducer(state: UsersState, action: UsersAction): UsersState {
  switch (action.type) {
    case "loaded": {
      // Newly loaded members join the saved copy; members being edited keep their draft.
      const fresh = byEmail(action.users);
      return { ...state, rows: action.users, page: action.page, pages: action.pages, saved: { ...fresh, ...state.saved }, draft: { ...fresh, ...state.draft } };
    }
    case "edit": {
      const cur = state.draft[action.email];
      return cur ? { ...state, draft: { ...state.draft, [action.email]: { ...cur, ...action.patch } } } : state;
    }
    case "locations": {
      const draft = { ...state.draft };
      for (const email of action.emails) {
        const cur = draft[email];
        if (cur) draft[email] = { ...cur, locationIds: nextLocations(cur.locationIds, action.mode, action.ids) };
      }
      return { ...state, draft };
    }
    case "role": {
      const draft = { ...state.draft };
      for (const email of action.emails) {
        const cur = draft[email];
        if (cur) draft[email] = { ...cur, roleId: action.roleId };
      }
      return { ...state, draft };
    }
    case "discard":
      return { ...state, draft: state.saved };
    case "stored": {
      // The server's rows (a save's answer, or a 409's current values) replace both copies.
      const fresh = byEmail(action.users);
      return {
        ...state,
        saved: { ...state.saved, ...fresh },
        draft: { ...state.draft, ...fresh },
        rows: state.rows.map((r) => action.users.find((u) => u.email === r.email) ?? r),
      };
    }
    case "removed":
      return {
        ...state,
        rows: state.rows.filter((r) => !action.emails.includes(r.email)),
        saved: without(state.saved, action.emails),
        draft: without(state.draft, action.emails),
        selected: state.selected.filter((e) => !action.emails.includes(e)),
      };
    case "select":
      return {
        ...state,
        selected: action.on ? [...new Set([...state.selected, ...action.emails])] : state.selected.filter((e) => !action.emails.includes(e)),
      };
  }
}

const sameIds = (a: readonly number[], b: readonly number[]) => [...a].sort().join(",") === [...b].sort().join(",");

/** What Save sends: changed members only, with only their changed fields (the worker link included) and version. */
export function userChanges(state: Pick<UsersState, "saved" | "draft">): (UserChange & { workerIds?: number[] })[] {
  const emails = Object.keys(state.draft).filter((e) => state.saved[e]);
  const out: (UserChange & { workerIds?: number[] })[] = changedUsers(
    emails.map((e) => state.saved[e]!),
    emails.map((e) => state.draft[e]!),
  ).map((c) => ({ ...c }));
  for (const e of emails) {
    const saved = state.saved[e]!;
    const draft = state.draft[e]!;
    if (sameIds(saved.workerIds, draft.workerIds)) continue;
    const existing = out.find((c) => c.email === e);
    if (existing) existing.workerIds = draft.workerIds;
    else out.push({ email: e, workerIds: draft.workerIds, version: saved.version });
  }
  return out;
}
