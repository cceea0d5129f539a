// Checks on the bytes of a driver's photo or signature beyond their type (sniff.ts): a file that is an image
// at the front and something else further in (HTML or script, a PDF, a ZIP archive) is refused. Pure.

const MARKUP = ["<script", "<html", "<svg", "<?php", "<iframe", "javascript:"];

function asciiLower(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    s += b < 128 ? String.fromCharCode(b >= 65 && b <= 90 ? b + 32 : b) : "\u0080";
  }
  return s;
}

/** What else the bytes carry, or null when they are only the image they claim to be. */
export function polyglotProblem(bytes: Uint8Array): string | null {
  const text = asciiLower(bytes);
  for (const marker of MARKUP) if (text.includes(marker)) return "The file contains markup or script";
  if (text.indexOf("%pdf-", 1) > 0) return "The file carries an embedded PDF";
  // A ZIP's local header or end-of-directory record appended after the image (a JAR/ZIP polyglot).
  if (text.indexOf("pk\u0003\u0004", 1) > 0 || text.indexOf("pk\u0005\u0006", 1) > 0) return "The file carries an embedded archive";
  return null;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes of a 'data:image/png;base64,…' URL whose bytes really are a PNG, or null. */
export function decodePngDataUrl(value: string, maxBytes: number): Uint8Array | null {
  const m = PNG_DATA_URL.exec(value);
  if (!m || m[1]!.length % 4 !== 0) return null;
  if ((m[1]!.length / 4) * 3 > maxBytes + 3) return null;
  let binary: string;
  try {
    binary = atob(m[1]!);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 33 || bytes.length > maxBytes || !png.every((b, i) => bytes[i] === b)) return null;
  return bytes;
}
