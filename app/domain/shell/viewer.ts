// What the browser is told about the signed-in viewer: enough for the shell, nothing secret.
import { shellCapabilities } from "~/domain/access/capabilities";
import { isPasscodeEmail, roleLabel, type Grant } from "~/domain/access/roles";

export type ShellViewer = {
  name: string;
  email: string;
  picture: string | null;
  roleId: string | null;
  roleLabel: string;
  isAdmin: boolean;
  grants: string[];
  isPasscode: boolean;
  sessionExp: string;
  /** Bell (Task Center) and Help button visibility; the API routes check the grants again. */
  canSeeTasks: boolean;
  canRequestHelp: boolean;
};

export function shellViewer(viewer: {
  name: string;
  email: string;
  picture: string | null;
  roleId: string | null;
  isAdmin: boolean;
  grants: readonly Grant[];
  sessionExp: string;
}): ShellViewer {
  const isPasscode = isPasscodeEmail(viewer.email);
  const can = shellCapabilities({ kind: isPasscode ? "passcode" : "user", isAdmin: viewer.isAdmin, grants: viewer.grants });
  return {
    name: viewer.name,
    email: viewer.email,
    picture: viewer.picture,
    roleId: viewer.roleId,
    roleLabel: isPasscode ? "Passcode Session" : roleLabel(viewer.roleId),
    isAdmin: viewer.isAdmin,
    grants: viewer.grants.map((g) => g.key),
    isPasscode,
    sessionExp: viewer.sessionExp,
    canSeeTasks: can.seeTasks,
    canRequestHelp: can.requestHelp,
  };
}

/** Whether the session has ended at `now` (an unparsable expiry counts as ended). */
export function sessionExpired(sessionExp: string, now: Date): boolean {
  const at = Date.parse(sessionExp);
  return Number.isNaN(at) || at <= now.getTime();
}

/** /login?redirectTo=<path+query+hash>; only same-site paths are kept (the target must start with '/'). */
export function loginRedirect(path: string): string {
  const target = path.startsWith("/") && !path.startsWith("//") ? path : "/";
  return `/login?redirectTo=${encodeURIComponent(target)}`;
}
