// Route access rules as plain data (client-safe, so UI route modules can export them). Enforced by
// authorize() in app/lib/guard.server.ts; every route module exports one as `policy`.
import type { IntegrationKind } from "~/domain/integrations/keys";
import type { GrantKey } from "./roles";

export type Policy =
  /** Anyone, signed in or not (sign-in pages, the picking screen shell, signed file links). */
  | { kind: "public" }
  /** A signed-in staff member (any role, or none). */
  | { kind: "staff" }
  /** A staff member or a picklist passcode session. */
  | { kind: "viewer" }
  /** Holds at least one of the grants (staff or passcode). */
  | { kind: "grant"; anyOf: readonly GrantKey[] }
  /** A role whose isAdmin is true. */
  | { kind: "admin" }
  /** Local stand-in tooling: absent in production, admins only elsewhere. */
  | { kind: "local-admin" }
  /**
   * A company system with an integration key scoped to this kind of data, presented as a bearer token
   * (app/lib/integration-route.server.ts). No session of any kind opens it.
   */
  | { kind: "integration"; data: IntegrationKind };

type Of<K extends Policy["kind"]> = Extract<Policy, { kind: K }>;

export const policies = {
  public: { kind: "public" } as Of<"public">,
  staff: { kind: "staff" } as Of<"staff">,
  viewer: { kind: "viewer" } as Of<"viewer">,
  admin: { kind: "admin" } as Of<"admin">,
  localAdmin: { kind: "local-admin" } as Of<"local-admin">,
  grant: (...anyOf: GrantKey[]): Of<"grant"> => ({ kind: "grant", anyOf }),
  integration: (data: IntegrationKind): Of<"integration"> => ({ kind: "integration", data }),
};
