// What the signed-in shell offers a viewer beyond its links (the Task Center, the Help button), from grants and
// the session's kind, never a role name. Computed once on the server and handed to the screens.
import type { PolicyViewer } from "./policy-check";

export type ShellCapabilities = {
  /** The bell: /api/tasks opens for `tasks:view`; a shared picking phone has no Task Center. */
  seeTasks: boolean;
  /**
   * The Help button (spec 000: the delivery driver's): for those who may ask for help (`help:request`) and are
   * not the ones it goes to (`help:receive`). An admin passes every grant check, `help:receive` included, so
   * she is among those who answer, not those who ask.
   */
  requestHelp: boolean;
};

function holds(viewer: PolicyViewer, key: string): boolean {
  return viewer.grants.some((g) => g.key === key);
}

export function shellCapabilities(viewer: PolicyViewer): ShellCapabilities {
  const staff = viewer.kind === "user";
  return {
    seeTasks: staff && (viewer.isAdmin || holds(viewer, "tasks:view")),
    requestHelp: staff && holds(viewer, "help:request") && !holds(viewer, "help:receive") && !viewer.isAdmin,
  };
}
