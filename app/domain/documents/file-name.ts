// The label kept for a client's file name: what staff read in lists and what Content-Disposition offers.
// Pure and client-safe. The name is only ever a label (keys are server-made), so cleaning it is about
// what a person sees: no path, no invisible reordering, no control characters.

/**
 * Bidirectional controls: LRE, RLE, PDF, LRO, RLO (U+202A–U+202E), LRI, RLI, FSI, PDI (U+2066–U+2069),
 * LRM/RLM (U+200E/U+200F) and the Arabic letter mark (U+061C). With them `photo\u202Egnp.exe` shows as
 * "photoexe.png"; without them it reads as what it is.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
/** C0, DEL and C1 controls, the byte-order mark, and the quote that would end a quoted header value. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\ufeff"]/g;
/** Line breaks and tabs separate words: they become one space, so "May\r\ninvoice" stays two words. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** A lone surrogate cannot be encoded (encodeURIComponent throws), so it is not part of any name. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const MAX_FILE_NAME_LENGTH = 200;

/**
 * A client file name as a safe, readable label: the last path segment, NFC, without bidirectional or control
 * characters, at most 200 characters (whole characters: an emoji is never cut in half). `fallback` when
 * nothing readable is left.
 */
export function cleanFilename(name: string | undefined | null, fallback: string): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(LONE_SURROGATE, "")
    .normalize("NFC")
    .replace(BREAKS, " ")
    .replace(BIDI_CONTROLS, "")
    .replace(INVISIBLE, "")
    .trim();
  const bounded = Array.from(cleaned).slice(0, MAX_FILE_NAME_LENGTH).join("").trim();
  return bounded && bounded !== "." && bounded !== ".." ? bounded : fallback;
}
