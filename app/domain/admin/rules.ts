// The admin panel's pure rules (spec 002 §4, §5 and §9): chip inputs, tags, passcode codes and the
// 'Rotate' badge, users' changed fields, the last-admin guard and the effective-permissions grouping.
// Client-safe: the screens and the services apply the same rules.
import type { Grant, Scope } from "~/domain/access/roles";
import type { RoutingConfig, RoutingEntry } from "./contract";

export const ADMIN_USERS_PAGE_SIZE = 25;
export const PASSCODE_ROTATE_DAYS = 30;
export const PASSCODE_LOCATIONS_LIMIT = 200;
export const ORDERS_SCOPE_LIMIT = 200;
export const PASSCODE_CODE_MIN = 6;
export const PASSCODE_CODE_MAX = 64;
export const PASSCODE_LABEL_MAX = 80;
export const PASSCODE_HOURS_MAX = 24 * 365;
export const DEFAULT_WORKER_ROLE = "Warehouse Staff";
export const ROUTING_KEY_MAX = 100;
export const TAG_MAX = 40;
export const EMAIL_MAX = 254;

export const SCOPE_LABELS: Record<Scope, string> = { all: "All", location: "Per location", assignment: "Assignment", own: "Own" };

/** Messages the screens show (spec 002 §2 and §8). */
export const ADMIN_TEXT = {
  notAdmin: "You must be an admin to view this panel.",
  noGrants: "No grants defined for this role.",
  noRole: "Role not set or not found.",
  selectOne: "Select one user to preview.",
  usersUpdated: "Users updated",
  usersRemoved: "Selected users removed",
  userRemoved: "User removed",
  noChangesToSave: "No changes to save",
  groupsSaved: "Location groups saved",
  saveFailed: "Save failed",
  noChanges: "No changes",
  workersSaved: "Workers saved",
  deleted: "Deleted",
  updateFailed: "Update failed",
  createFailed: "Create failed",
  deleteFailed: "Delete failed",
  saved: "Saved",
  noPasscodes: "No passcodes found.",
} as const;

// ---------------------------------------------------------------- e-mail chips

const EMAIL_RE = /^[^\s@,;<>()[\]\\"]+@[^\s@,;<>()[\]\\"]+\.[^\s@,;<>()[\]\\".]{2,}$/;

/** An entry is valid if it looks like an e-mail address (local@domain.tld, no spaces). */
export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_RE.test(value);
}

/** Typed text → chips: split on comma or semicolon, trimmed, empties dropped. */
export function splitChips(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Adds entries to a chip list; duplicates (case-insensitive) are ignored, invalid ones kept (shown red). */
export function addChips(current: readonly string[], text: string): string[] {
  const out = [...current];
  const seen = new Set(out.map((c) => c.toLowerCase()));
  for (const chip of splitChips(text)) {
    if (seen.has(chip.toLowerCase())) continue;
    seen.add(chip.toLowerCase());
    out.push(chip);
  }
  return out;
}

/** On save only entries containing '@' are sent. */
export function chipsToSave(chips: readonly string[]): string[] {
  return chips.filter((c) => c.includes("@"));
}

/** The entries of a saved list that are not e-mail addresses (the server refuses the list with them). */
export function invalidEmails(list: readonly string[]): string[] {
  return list.filter((e) => !isValidEmail(e));
}

// ---------------------------------------------------------------- email routing

// The answer of /api/admin/email-routing, typed once by its contract.
export type { RoutingConfig, RoutingEntry };

/** A new key: trimmed; ignored if empty or already present; starts enabled with empty To and CC. */
export function addRoutingKey(routing: Record<string, RoutingEntry>, raw: string): Record<string, RoutingEntry> | null {
  const key = raw.trim();
  if (!key || key.length > ROUTING_KEY_MAX) return null;
  if (Object.keys(routing).some((k) => k.toLowerCase() === key.toLowerCase())) return null;
  return { ...routing, [key]: { enabled: true, to: [], cc: [] } };
}

/** Enabled is true unless explicitly false. */
export function isEnabled(entry: { enabled?: boolean | null } | undefined): boolean {
  return entry?.enabled !== false;
}

/** The body the screen sends: only '@' entries of every list. */
export function routingToSave(config: RoutingConfig): RoutingConfig {
  const emailRouting: Record<string, RoutingEntry> = {};
  for (const [key, entry] of Object.entries(config.emailRouting)) {
    emailRouting[key] = { enabled: isEnabled(entry), to: chipsToSave(entry.to), cc: chipsToSave(entry.cc) };
  }
  return { defaultCc: chipsToSave(config.defaultCc), emailRouting };
}

// ---------------------------------------------------------------- location groups

/** A group tag: trimmed; empty or duplicate (case-insensitive) ignored. Returns null when nothing changes. */
export function addTag(tags: readonly string[], raw: string): string[] | null {
  const tag = raw.trim().slice(0, TAG_MAX);
  if (!tag || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return null;
  return [...tags, tag];
}

/** Cleans a group list the server stores: trimmed, no empties, no duplicates. */
export function cleanTags(tags: readonly string[]): string[] {
  let out: string[] = [];
  for (const t of tags) out = addTag(out, t) ?? out;
  return out;
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Only changed groups are sent ('No changes' when none). */
export function changedGroups(saved: readonly { id: string; groups: string[] }[], draft: readonly { id: string; groups: string[] }[]) {
  const before = new Map(saved.map((l) => [l.id, l.groups]));
  return draft.filter((l) => !sameList(before.get(l.id) ?? [], l.groups)).map((l) => ({ id: l.id, groups: l.groups }));
}

// ---------------------------------------------------------------- users

export type AdminUserDraft = { email: string; roleId: string | null; locationIds: string[]; orderTypes: string[]; version?: number };
export type UserChange = { email: string; roleId?: string | null; locationIds?: string[]; orderTypes?: string[]; version?: number };

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join("\u0000") === [...b].sort().join("\u0000");

/** Only changed users, and only their changed fields among roleId, locationIds and orderTypes, with email. */
export function changedUsers(saved: readonly AdminUserDraft[], draft: readonly AdminUserDraft[]): UserChange[] {
  const before = new Map(saved.map((u) => [u.email, u]));
  const out: UserChange[] = [];
  for (const u of draft) {
    const b = before.get(u.email);
    if (!b) continue;
    const change: UserChange = { email: u.email };
    if ((b.roleId ?? null) !== (u.roleId ?? null)) change.roleId = u.roleId ?? null;
    if (!sameSet(b.locationIds, u.locationIds)) change.locationIds = u.locationIds;
    if (!sameSet(b.orderTypes, u.orderTypes)) change.orderTypes = u.orderTypes;
    if (Object.keys(change).length > 1) out.push(b.version === undefined ? change : { ...change, version: b.version });
  }
  return out;
}

/**
 * The last-admin guard: after the change, the acting admin must still be an admin, and at least one admin
 * must remain. `admins` are the emails holding an admin role now; `after` maps emails to whether they are
 * an admin after the change (removed users map to false). Returns the refusal, or null.
 */
export function adminGuard(actorEmail: string, admins: readonly string[], after: ReadonlyMap<string, boolean>): string | null {
  const key = (e: string) => e.toLowerCase();
  const changes = new Map([...after].map(([e, v]) => [key(e), v]));
  if (changes.get(key(actorEmail)) === false && admins.some((a) => key(a) === key(actorEmail))) {
    return "You cannot remove your own admin role.";
  }
  const remaining = admins.filter((a) => changes.get(key(a)) !== false).length + [...changes].filter(([e, v]) => v && !admins.some((a) => key(a) === e)).length;
  if (remaining < 1) return "At least one admin must remain.";
  return null;
}

// ---------------------------------------------------------------- effective permissions

export type GrantGroup = { area: string; grants: { key: string; action: string; scope: Scope; scopeLabel: string }[] };

/** Grants grouped by the part before the colon, in first-seen order, each with its scope label. */
export function groupGrants(grants: readonly Grant[]): GrantGroup[] {
  const groups = new Map<string, GrantGroup>();
  for (const g of grants) {
    const [area = g.key, action = ""] = g.key.split(":");
    let group = groups.get(area);
    if (!group) {
      group = { area, grants: [] };
      groups.set(area, group);
    }
    group.grants.push({ key: g.key, action, scope: g.scope, scopeLabel: SCOPE_LABELS[g.scope] });
  }
  return [...groups.values()];
}

// ---------------------------------------------------------------- passcodes

/** A code: printable, no spaces, at least 6 characters. Returns the reason it is refused, or null. */
export function passcodeCodeProblem(code: string): string | null {
  if (code.length < PASSCODE_CODE_MIN) return `Code must be at least ${PASSCODE_CODE_MIN} characters`;
  if (code.length > PASSCODE_CODE_MAX) return `Code must be at most ${PASSCODE_CODE_MAX} characters`;
  if (!/^[\x21-\x7e]+$/.test(code)) return "Code may contain letters, digits and symbols only (no spaces)";
  return null;
}

export function ageDays(createdAt: string, now: Date): number {
  const ms = now.getTime() - new Date(createdAt).getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 86_400_000)) : 0;
}

/** Active and older than 30 days: the 'Rotate' badge and an amber row. */
export function needsRotation(p: { active: boolean; createdAt: string }, now: Date): boolean {
  return p.active && ageDays(p.createdAt, now) > PASSCODE_ROTATE_DAYS;
}

/** The create form's body: trimmed label and code, hoursValid only if filled in (a number). */
export function passcodeCreateBody(form: { label: string; code: string; hours: string; locations: string[] }) {
  const hours = form.hours.trim();
  return {
    label: form.label.trim(),
    code: form.code.trim(),
    ...(hours ? { hoursValid: Number(hours) } : {}),
    locations: form.locations,
  };
}

export function canSubmitPasscode(form: { label: string; code: string }): boolean {
  return !!form.label.trim() && !!form.code.trim();
}
