// Signatures (spec 001 §5, §9): the pad's constants and the PNG data URL rule. Client-safe: the pad and the
// server read the same limits.
import { sniffContentType } from "~/domain/files/sniff";

/** Canvas heights (desktop 240, phone 200, default 220), pen width 2.5, PNG output. */
export const SIGNATURE_PAD = { heightDesktop: 240, heightPhone: 200, heightDefault: 220, lineWidth: 2.5, type: "image/png" } as const;

/** A signature PNG is a few kilobytes; 1 MB leaves room for a large canvas and refuses anything else. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;

export const SIGNATURE_MESSAGES = {
  required: "Please capture a signature.",
  notPng: "The signature must be a PNG image (data:image/png;base64,…)",
  tooLarge: "The signature image is too large (at most 1 MB)",
} as const;

const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

export type SignatureParse = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

/** Decodes a `data:image/png;base64,…` URL whose bytes really are a PNG, within the size limit. */
export function parsePngDataUrl(value: string): SignatureParse {
  const match = DATA_URL.exec(value.trim());
  if (!match) return { ok: false, error: SIGNATURE_MESSAGES.notPng };
  const b64 = match[1]!;
  if ((b64.length * 3) / 4 > SIGNATURE_MAX_BYTES + 3) return { ok: false, error: SIGNATURE_MESSAGES.tooLarge };
  let binary: string;
  try {
    binary = atob(b64);
  } catch {
    return { ok: false, error: SIGNATURE_MESSAGES.notPng };
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  if (bytes.byteLength > SIGNATURE_MAX_BYTES) return { ok: false, error: SIGNATURE_MESSAGES.tooLarge };
  if (sniffContentType(bytes) !== "image/png") return { ok: false, error: SIGNATURE_MESSAGES.notPng };
  return { ok: true, bytes };
}
