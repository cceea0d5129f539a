// Route access rules as plain data (client-safe, so UI route modules can export them). Enforced by
// authorize() in app/lib/guard.server.ts; every route module exports one as `policy`.
export type Policy =
  /** Anyone, signed in or not (sign-in pages, the picking screen shell, signed file links). */
  | { kind: "public" }
  /** A signed-in staff member (any role, or none). */
  | { kind: "staff" }
  /** A staff member or a picklist passcode session. */
  | { kind: "viewer" }
  /** Holds at least one of the grants (staff or passcode). */
  | { kind: "grant"; anyOf: string[] }
  /** A role whose isAdmin is true. */
  | { kind: "admin" }
  /** Local stand-in tooling: absent in production, admins only elsewhere. */
  | { kind: "local-admin" };

export const policies = {
  public: { kind: "public" } as Policy,
  staff: { kind: "staff" } as Policy,
  viewer: { kind: "viewer" } as Policy,
  admin: { kind: "admin" } as Policy,
  localAdmin: { kind: "local-admin" } as Policy,
  grant: (...anyOf: string[]): Policy => ({ kind: "grant", anyOf }),
};
