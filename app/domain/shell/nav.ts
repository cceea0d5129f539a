// Which navigation links a viewer sees (spec 000 section 2): the registry's areas whose route opens for them
// (app/domain/access/areas.ts), computed on the server from grants and the session's kind, never a role name.
import { areasFor, type AreaViewer, type NavSection } from "~/domain/access/areas";
import { isPasscodeEmail } from "~/domain/access/roles";

export type { NavSection };
export type NavItem = { id: string; label: string; to: string; section: NavSection };
/** The shell viewer's fields; `roleId` is accepted from callers that pass the shell viewer whole, and never read. */
export type NavViewer = { roleId?: string | null; isAdmin: boolean; grants: readonly string[]; email: string };

/** The shell viewer as the registry reads it: a picklist passcode identity is a passcode session. */
export function areaViewer(viewer: Pick<NavViewer, "isAdmin" | "grants" | "email">): AreaViewer {
  return { kind: isPasscodeEmail(viewer.email) ? "passcode" : "user", isAdmin: viewer.isAdmin, grants: viewer.grants.map((key) => ({ key })) };
}

/**
 * The links in the registry's order (the spec's): the mobile drawer's 'Main' holds the main section, 'Management'
 * the rest. A passcode session is offered Home and the picking screen (docs/decisions/004-shell-and-tasks.md).
 */
export function navItems(viewer: NavViewer): NavItem[] {
  return areasFor(areaViewer(viewer)).flatMap((area) => (area.nav ? [{ id: area.id, label: area.nav.label, to: area.path, section: area.nav.section }] : []));
}

/** True when `pathname` is inside the link's area (Home only matches exactly). */
export function isActivePath(linkTo: string, pathname: string): boolean {
  if (linkTo === "/") return pathname === "/";
  const area = linkTo.startsWith("/admin/") ? "/admin" : linkTo;
  return pathname === area || pathname.startsWith(`${area}/`);
}
