// Whether a viewer passes a route's policy: the guard's own predicate, pure and client-safe, so the
// navigation and the home page offer a link by the very rule its route is opened by.
import type { Policy } from "./policy";

/** What the predicate reads of a viewer: the session's kind, the admin flag and the grant keys. */
export type PolicyViewer = { kind: "user" | "passcode"; isAdmin: boolean; grants: readonly { key: string }[] };

export function viewerSatisfies(viewer: PolicyViewer, policy: Policy): boolean {
  switch (policy.kind) {
    case "public":
    case "viewer":
      return true;
    case "staff":
      return viewer.kind === "user";
    case "grant":
      return viewer.isAdmin || viewer.grants.some((g) => (policy.anyOf as readonly string[]).includes(g.key));
    case "admin":
    case "local-admin":
      return viewer.kind === "user" && viewer.isAdmin;
    case "integration":
      return false; // only an integration key opens these routes, never a session
  }
}
