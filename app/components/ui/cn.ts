// Joins class names, skipping falsy ones (no merge: variants are written so they never conflict).
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(" ");
}
