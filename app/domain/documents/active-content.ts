// Polyglot and active-content checks for uploaded documents: a file whose first bytes say "image" or "PDF"
// may still carry HTML, script or an archive that another reader would run. Pure and client-safe.
import type { SniffedType } from "~/domain/files/sniff";
import { PDF_ACTIVE_REASON, pdfStructureReason } from "./pdf-structure";

/**
 * Markers of markup or script inside an image. Each is long enough that compressed image data does not
 * produce it by chance (at 10 MB, a 6-byte case-insensitive marker turns up about once in 4,000 photos at
 * worst; most are longer).
 */
const MARKUP_MARKERS = ["<script", "<html", "<!doctype", "<?php", "<iframe", "<svg ", "<svg>", "<body", "javascript:", "<object", "<embed"];

/**
 * Names in a PDF that run something when opened, searched in the raw bytes. Only the long ones: a short name
 * such as /JS or /XFA turns up by chance in compressed page and image data (10 MB of random bytes, which is
 * what a scan's compressed images look like, matched 30 times in 40), so those are looked for in the parsed
 * objects instead (pdf-structure.ts), where a name is a name. A name ends where a letter or digit does not follow.
 */
const PDF_ACTIVE_NAMES = ["/javascript", "/launch", "/embeddedfile", "/embeddedfiles", "/richmedia"];

type Marker = { bytes: Uint8Array; wholeName: boolean };
/** Markers by each byte one may start with (both cases of a letter). */
type Markers = Map<number, Marker[]>;

/** ASCII lower case of one byte; the markers are ASCII, so no other byte can fold into one. */
const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b | 0x20 : b);
const isAlnum = (b: number) => (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39);

function markers(words: readonly string[], wholeName = false): Markers {
  const byFirst: Markers = new Map();
  for (const word of words) {
    const bytes = Uint8Array.from(word, (c) => c.charCodeAt(0));
    const first = bytes[0]!;
    for (const start of new Set([first, first >= 0x61 && first <= 0x7a ? first - 0x20 : first])) {
      byFirst.set(start, [...(byFirst.get(start) ?? []), { bytes, wholeName }]);
    }
  }
  return byFirst;
}

const IMAGE_MARKERS = markers(MARKUP_MARKERS);
const PDF_MARKUP_MARKERS = markers(MARKUP_MARKERS.slice(0, 5));
const PDF_NAME_MARKERS = markers(PDF_ACTIVE_NAMES, true);

function markerAt(bytes: Uint8Array, i: number, { bytes: m, wholeName }: Marker): boolean {
  if (i + m.length > bytes.length) return false;
  for (let k = 1; k < m.length; k++) if (lower(bytes[i + k]!) !== m[k]) return false;
  return !(wholeName && i + m.length < bytes.length && isAlnum(lower(bytes[i + m.length]!)));
}

/**
 * Whether any marker occurs, ignoring ASCII case. The engine's indexOf finds each possible first byte; a
 * lower-cased copy of the file as a string took a third of a second per 10 MB, at every door.
 */
function containsMarker(bytes: Uint8Array, set: Markers): boolean {
  for (const [first, candidates] of set) {
    for (let i = bytes.indexOf(first); i !== -1; i = bytes.indexOf(first, i + 1)) {
      if (candidates.some((m) => markerAt(bytes, i, m))) return true;
    }
  }
  return false;
}

/** A ZIP (also JAR, DOCX, APK) is read from its end: the end-of-central-directory record in the last 64 KB. */
function hasZipDirectory(bytes: Uint8Array): boolean {
  const from = Math.max(0, bytes.length - 65_557);
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06) return true;
  }
  return false;
}

/**
 * Why a file of this (sniffed) type must not be stored, or null when it is clean: markup or script in an
 * image, an archive appended to any file, a script or launch action named in a PDF's plain bytes. The quick,
 * synchronous part of the check; uploads go through findActiveContent, which also reads a PDF's objects.
 */
export function activeContentReason(bytes: Uint8Array, type: SniffedType): string | null {
  if (hasZipDirectory(bytes)) return "The file also contains an archive";
  if (type === "application/pdf") {
    if (containsMarker(bytes, PDF_NAME_MARKERS)) return PDF_ACTIVE_REASON;
    if (containsMarker(bytes, PDF_MARKUP_MARKERS)) return "The file also contains HTML or script";
    return null;
  }
  if (containsMarker(bytes, IMAGE_MARKERS)) return "The file also contains HTML or script";
  return null;
}

export const ACTIVE_CONTENT_PREFIX = "File rejected:";

/**
 * The whole check every upload gets: the byte rules above, then, for a PDF, every object the PDF holds
 * (including those packed in compressed object streams, where the byte search cannot see).
 */
export async function findActiveContent(bytes: Uint8Array, type: SniffedType): Promise<string | null> {
  return activeContentReason(bytes, type) ?? (type === "application/pdf" ? pdfStructureReason(bytes) : null);
}
