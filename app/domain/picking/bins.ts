// Bin locations (issue 13): how an admin's entry is checked and stored, and the pick path order. Client-safe.

export const BIN_MAX_LENGTH = 24;

/** The stored form of a bin: trimmed and upper-cased ('a-03-2' → 'A-03-2'); empty means no bin (null). */
export function normalizeBin(bin: string | null | undefined): string | null {
  const text = (bin ?? "").trim().toUpperCase();
  return text ? text : null;
}

/** What is wrong with a bin an admin enters, or null (empty clears it). */
export function binError(bin: string | null | undefined): string | null {
  const text = (bin ?? "").trim();
  if (!text) return null;
  if (text.length > BIN_MAX_LENGTH) return `A bin has at most ${BIN_MAX_LENGTH} characters.`;
  if (!/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/.test(text)) return "A bin uses letters, digits, spaces and . _ / - (like A-03-2).";
  return null;
}
