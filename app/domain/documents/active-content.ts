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
 * objects instead (pdf-structure.ts), where a name is a name.
 */
const PDF_ACTIVE = /\/(?:javascript|launch|embeddedfiles?|richmedia)(?![a-z0-9])/;

/** The bytes as lower-case latin1 text (one char per byte), so markers can be searched as strings. */
function lowerLatin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let out = "";
  const CHUNK = 8192;
  for (let i = start; i < end; i += CHUNK) {
    const slice = bytes.subarray(i, Math.min(end, i + CHUNK));
    out += String.fromCharCode(...slice);
  }
  return out.toLowerCase();
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
  const text = lowerLatin1(bytes);
  if (type === "application/pdf") {
    if (PDF_ACTIVE.test(text)) return PDF_ACTIVE_REASON;
    if (MARKUP_MARKERS.slice(0, 5).some((m) => text.includes(m))) return "The file also contains HTML or script";
    return null;
  }
  if (MARKUP_MARKERS.some((m) => text.includes(m))) return "The file also contains HTML or script";
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
