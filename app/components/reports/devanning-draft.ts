// The devanning form's local draft (spec 002 §4): saved on this device on every change, restored on load,
// cleared after a successful submit. Photos already uploaded are kept by reference (their bytes are on the
// server), so a closed tab does not lose them; photos still waiting to send are not stored.
import type { PhotoGroup } from "~/domain/reports/constants";
import type { DevanningDraft, DevanningPhoto } from "~/domain/reports/devanning";

export type StoredDraft = { draft: DevanningDraft; photos: Partial<Record<PhotoGroup, DevanningPhoto[]>>; savedAt: string };

const PREFIX = "devanning-draft:v1:";

function storageKey(owner: string): string {
  // One draft per signed-in member: a shared dock phone never shows one member's draft to another.
  return `${PREFIX}${owner.toLowerCase()}`;
}

export function loadDraft(owner: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(storageKey(owner));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredDraft;
    return parsed && typeof parsed === "object" && parsed.draft?.cargoDetails ? parsed : null;
  } catch {
    return null;
  }
}

export function saveDraft(owner: string, value: StoredDraft): boolean {
  try {
    window.localStorage.setItem(storageKey(owner), JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(owner: string): void {
  try {
    window.localStorage.removeItem(storageKey(owner));
  } catch {
    // Storage unavailable (private mode): nothing was saved either.
  }
}
