// Customer applications' pure rules: statuses (Completed is shown and matched as Pending), the decision's
// transitions (DESIGN §8), the list's search, filter and sort names, and the feedback values. Client-safe.

export const APPLICATION_STATUSES = ["Pending", "Approved", "Declined", "Completed"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_DECISIONS = ["Approved", "Declined"] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

export const APPLICATION_SEARCH_FIELDS = ["companyName", "ownerName", "email", "phoneNumber", "ownerNumber", "status", "decisionDate", "city", "state", "postalCode"] as const;
export type ApplicationSearchField = (typeof APPLICATION_SEARCH_FIELDS)[number];
export const APPLICATION_SORT_FIELDS = ["companyName", "ownerName", "phoneNumber", "status", "decisionDate", "location"] as const;
export type ApplicationSortField = (typeof APPLICATION_SORT_FIELDS)[number];
/** The status filter's values: exact match on the lower-cased (displayed) status. */
export const APPLICATION_FILTERS = ["pending", "approved", "declined"] as const;

export const FEEDBACK_VALUES = ["positive", "negative"] as const;
export type Feedback = (typeof FEEDBACK_VALUES)[number];

/** Spec 000 §4: 'Completed' is displayed as 'Pending'. */
export function displayStatus(status: string): string {
  return status === "Completed" ? "Pending" : status;
}

/** The stored statuses a displayed (lower-cased) status stands for. */
export function storedStatusesFor(filter: string): ApplicationStatus[] {
  const f = filter.trim().toLowerCase();
  return APPLICATION_STATUSES.filter((s) => displayStatus(s).toLowerCase() === f);
}

/** Stored statuses whose displayed name contains the text (case-insensitive): 'pend' finds Pending and Completed. */
export function statusesMatching(text: string): ApplicationStatus[] {
  const t = text.trim().toLowerCase();
  return APPLICATION_STATUSES.filter((s) => displayStatus(s).toLowerCase().includes(t));
}

export type DecisionCheck = { ok: true } | { ok: false; reason: string };

/** DESIGN §8: a decision is taken on a pending application (Completed counts as Pending); edit may set any status. */
export function checkDecision(from: string): DecisionCheck {
  if (displayStatus(from) === "Pending") return { ok: true };
  return { ok: false, reason: `This application is already ${from}. Use Edit to change its status.` };
}

export function feedbackFor(decision: ApplicationDecision): Feedback {
  return decision === "Approved" ? "positive" : "negative";
}

export function applicationReference(now: Date, random: string): string {
  const d = now.toISOString().slice(2, 10).replace(/-/g, "");
  return `APP-${d}-${random.toUpperCase()}`;
}

export type ApplicationAddress = { street: string; street2?: string; city: string; state: string; postalCode?: string };

/** 'street, city' of the first address: what the Location column shows and sorts by. */
export function locationOf(addresses: readonly ApplicationAddress[]): string {
  const a = addresses[0];
  if (!a) return "";
  return [a.street, a.city].filter(Boolean).join(", ");
}

/** The customer QuickBooks gets on approval: display name, company, contact, phone, email, billing address. */
export function qboCustomerFromApplication(app: {
  companyName: string;
  ownerName: string;
  email: string;
  phoneNumber: string;
  addresses: readonly ApplicationAddress[];
}) {
  const [given, ...rest] = app.ownerName.trim().split(/\s+/);
  const a = app.addresses[0];
  return {
    DisplayName: app.companyName.trim().slice(0, 500),
    CompanyName: app.companyName.trim().slice(0, 100),
    ...(given ? { GivenName: given.slice(0, 100) } : {}),
    ...(rest.length ? { FamilyName: rest.join(" ").slice(0, 100) } : {}),
    ...(app.email ? { PrimaryEmailAddr: { Address: app.email } } : {}),
    ...(app.phoneNumber ? { PrimaryPhone: { FreeFormNumber: app.phoneNumber } } : {}),
    ...(a
      ? { BillAddr: { Line1: [a.street, a.street2].filter(Boolean).join(", "), City: a.city, CountrySubDivisionCode: a.state, PostalCode: a.postalCode ?? "" } }
      : {}),
  };
}
