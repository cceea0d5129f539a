// The picking screen's access gate and swipe-back gesture (spec 002 §2), as pure decisions.

export const GATE_BREAKPOINT_PX = 768;
export const BAR_COLLAPSE_BREAKPOINT_PX = 600;
export const PASSCODE_RELOAD_DELAY_MS = 120;
export const PASSCODE_EMAIL_PREFIX = "picklist+";

export type GateViewer = {
  /** The signed-in profile (GET /api/me), or null when not signed in. */
  me: { email: string; roleId: string | null; grants: { key: string }[] } | null;
  /** The passcode session on this device (GET /api/picklist/session). */
  passcode: { authenticated: boolean; allowedLocations: string[] } | null;
};

export function isNormalUser(me: GateViewer["me"]): boolean {
  return !!me && !me.email.startsWith(PASSCODE_EMAIL_PREFIX);
}

function hasRoleOrGrants(me: GateViewer["me"]): boolean {
  return !!me && (!!me.roleId || me.grants.length > 0);
}

export function hasPasscodeSession(v: GateViewer): boolean {
  return !!v.passcode?.authenticated;
}

/** The 'Pick List Access' overlay: narrow screen, and not a normal user, no role/grants, no passcode session, box not opened. */
export function showAccessOverlay(v: GateViewer, widthPx: number, passcodeBoxOpen: boolean): boolean {
  return widthPx <= GATE_BREAKPOINT_PX && !isNormalUser(v.me) && !hasRoleOrGrants(v.me) && !hasPasscodeSession(v) && !passcodeBoxOpen;
}

/** The 'Need warehouse passcode access?' banner: signed in (role, grants or a picklist account) without a passcode session. */
export function showPasscodeBanner(v: GateViewer): boolean {
  const signedIn = isNormalUser(v.me) || hasRoleOrGrants(v.me) || !!v.me?.email.startsWith(PASSCODE_EMAIL_PREFIX);
  return signedIn && !hasPasscodeSession(v);
}

/** What the picking screen's gate shows, decided on the server from the session: the screen reads no role, grant or email. */
export type PickGate = {
  /** On a phone: the 'Pick List Access' overlay (no account with a role or grants, no passcode session) until the passcode box is opened. */
  needsAccess: boolean;
  /** The 'Need warehouse passcode access?' banner. */
  offerPasscode: boolean;
  /** The picklist identity whose warehouses limit which orders open (null: not a passcode picker). */
  passcodeEmail: string | null;
  allowedLocations: string[];
};

/** The passcode session's picker, else a signed-in picklist account. */
export function passcodeEmailOf(v: GateViewer & { passcode: { email?: string | null } | null }): string | null {
  return v.passcode?.email ?? (v.me?.email.startsWith(PASSCODE_EMAIL_PREFIX) ? v.me.email : null);
}

/**
 * `canPick`: the signed-in account may open orders for picking already (the order call's grants); staff with
 * access get no passcode banner over their pick list (issue 24: 70 px of a phone, offering what they have).
 */
export function pickGate(v: GateViewer & { passcode: { email?: string | null } | null; canPick?: boolean }): PickGate {
  return {
    needsAccess: showAccessOverlay(v, 0, false),
    // Wide screens never get the overlay; a visitor without access there gets the banner instead.
    offerPasscode: !hasPasscodeSession(v) && !v.canPick && (showPasscodeBanner(v) || !v.me),
    passcodeEmail: passcodeEmailOf(v),
    allowedLocations: v.passcode?.allowedLocations ?? [],
  };
}

/**
 * What the passcode field says: "Enter code" before asking, then the server's word on the code (its field
 * error, else its refusal), both already in plain words from the one client; null when the code was accepted.
 */
export function passcodeLoginError(code: string, failure: { message: string; fieldErrors: Record<string, string[]> } | null): string | null {
  if (!code.trim()) return "Enter code";
  if (!failure) return null;
  return failure.fieldErrors.code?.join(" ") || failure.message || "Login failed";
}

export function googleSignInHref(orderNumber: string | null): string {
  const target = orderNumber ? `/pick-list?order=${encodeURIComponent(orderNumber)}` : "/pick-list";
  return `/login?redirectTo=${encodeURIComponent(target)}`;
}

// ---------------------------------------------------------------- swipe back

export const SWIPE = {
  edgePx: 20,
  closeDistancePx: 140,
  closeSpeedPxPerMs: 0.6,
  verticalTolerancePx: 90,
  horizontalFloorPx: 30,
  maxDragPx: 180,
  closeAnimationMs: 180,
} as const;

export type SwipeStart = { x: number; y: number; t: number };

export function swipeStarts(x: number): boolean {
  return x <= SWIPE.edgePx;
}

/** How far the panel follows the finger (never left, clamped at 180 px). */
export function swipeDrag(start: SwipeStart, x: number): number {
  return Math.min(SWIPE.maxDragPx, Math.max(0, x - start.x));
}

/** Vertical scrolling wins: more than 90 px up or down while under 30 px sideways. */
export function swipeCancelled(start: SwipeStart, x: number, y: number): boolean {
  return Math.abs(y - start.y) > SWIPE.verticalTolerancePx && Math.abs(x - start.x) < SWIPE.horizontalFloorPx;
}

/** On release: close when dragged beyond 140 px or flung faster than 0.6 px/ms. */
export function swipeCloses(start: SwipeStart, x: number, t: number): boolean {
  const dx = x - start.x;
  if (dx <= 0) return false;
  const speed = dx / Math.max(1, t - start.t);
  return dx > SWIPE.closeDistancePx || speed > SWIPE.closeSpeedPxPerMs;
}
