// Building QuickBooks query-language text from what a person typed: string literals are escaped, and a
// percent sign (LIKE's wildcard, which QBO cannot escape) is never sent as one. Pure, so it is unit-tested.

/** QBO string literals are single-quoted with backslash escapes: `\` → `\\`, `'` → `\'`. */
export function escapeQboString(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
}

/**
 * The WHERE clause for "display name contains `term`" (any case, as QBO compares).
 *
 * QBO's LIKE knows one wildcard, `%`, and no way to escape it. A term with `%` in it is split at each `%` and
 * only its longest piece is sent (escaped); `exact` is then true and the caller keeps only the rows whose
 * name really contains the whole term. A term that is only `%` signs sends no condition at all.
 */
export function displayNameContains(term: string): { where: string; exact: boolean } {
  const trimmed = term.trim();
  if (!trimmed) return { where: "", exact: false };
  if (!trimmed.includes("%")) return { where: ` where DisplayName like '%${escapeQboString(trimmed)}%'`, exact: false };
  const longest = trimmed.split("%").reduce((best, piece) => (piece.length > best.length ? piece : best), "");
  return { where: longest ? ` where DisplayName like '%${escapeQboString(longest)}%'` : "", exact: true };
}

/** Whether a display name contains the term the way QBO's LIKE matches it: any case. */
export function nameContains(displayName: string, term: string): boolean {
  return displayName.toLowerCase().includes(term.trim().toLowerCase());
}

/** The full customer search statement, ordered by name. */
export function customerSearchStatement(term: string, maxResults: number): { statement: string; exact: boolean } {
  const { where, exact } = displayNameContains(term);
  return { statement: `select * from Customer${where} orderby DisplayName startposition 1 maxresults ${maxResults}`, exact };
}
