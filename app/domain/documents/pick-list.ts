// The pick list's screen messages (spec 001 §8) and how an answer of the release-order calls maps to them.
// Client-safe.
export const PICK_LIST_MESSAGES = {
  noUrl: "Failed to get pick list URL",
  failed: "Error handling pick list. Please try again.",
  denied: "You do not have permission to print pick lists.",
  noRecipients: 'Email not sent: No "To" recipients are configured for this warehouse. Please set recipients in Admin → Email Routing.',
  emailFailed: "Failed to send email",
  emailed: "Release Order emailed successfully.",
  reEnabled: "Email re-enabled: the pick list can be emailed again.",
} as const;

/** The message for a failed POST …/release-order. */
export function pickListFailure(status: number): string {
  return status === 403 ? PICK_LIST_MESSAGES.denied : PICK_LIST_MESSAGES.failed;
}

/** The message for a failed POST …/release-order/email: 400 naming 'no email recipients' points to Email Routing. */
export function emailFailure(status: number, error: string): string {
  if (status === 400 && /no email recipients/i.test(error)) return PICK_LIST_MESSAGES.noRecipients;
  if (status === 403) return PICK_LIST_MESSAGES.denied;
  return PICK_LIST_MESSAGES.emailFailed;
}

export type PickListState = "not-generated" | "generated" | "emailed";

/** Not generated, then generated, then emailed (spec 001 §4). */
export function pickListState(s: { hasReleaseOrder: boolean; emailedAt: string | null }): PickListState {
  if (s.emailedAt) return "emailed";
  return s.hasReleaseOrder ? "generated" : "not-generated";
}
