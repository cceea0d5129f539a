// Who a verified company identity becomes at sign-in: a session, the day-one admin, a waiting request, or
// refused because an admin removed them. Pure, so the rules are table-tested (tests/unit/sign-in-rules.test.ts).

export type SignInFacts = {
  /** The member row for this email, if there is one. */
  member: { roleId: string | null } | null;
  /** The latest audited change to this email's member was an admin's removal (and no row is left). */
  removed: boolean;
  /** Listed in ADMIN_EMAILS (already lower-cased and checked to be in the company domain). */
  listedAdmin: boolean;
};

export type SignInDecision =
  /** A member with a role: a session. */
  | "session"
  /** Listed in ADMIN_EMAILS and without a role: made admin now (audited), then a session. */
  | "grant-admin"
  /** A company account without a role: no session; admins see the request in Admin → Users. */
  | "waiting"
  /** Removed by an admin: stays out, however often they sign in. */
  | "removed";

export function signInDecision(facts: SignInFacts): SignInDecision {
  // Removal wins over ADMIN_EMAILS: an admin's decision is never undone by a setting left from day one.
  if (!facts.member && facts.removed) return "removed";
  const roleId = facts.member?.roleId ?? null;
  // A role, whatever it is, is kept: the setting only fills an empty role, so it can never demote anyone.
  if (roleId) return "session";
  return facts.listedAdmin ? "grant-admin" : "waiting";
}

export const SIGN_IN_REFUSALS = {
  waiting: "Your account is waiting for access. An administrator has been told; sign in again once they have given you a role.",
  removed: "Your access to Golden Grain Ops was removed. Ask an administrator if you need it back.",
} as const;
