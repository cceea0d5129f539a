// Identifies an upload's real type from its first bytes, so the name or the browser's claim never decides it.
// Pure and client-safe: the upload screens can pre-check a file with the same rule the server enforces.

export type SniffedType =
  | "image/jpeg"
  | "image/png"
  | "image/gif"
  | "image/webp"
  | "image/bmp"
  | "image/heic"
  | "application/pdf";

/** The file extension we give each type in a server-generated key. */
export const EXTENSION_BY_TYPE: Record<SniffedType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/bmp": "bmp",
  "image/heic": "heic",
  "application/pdf": "pdf",
};

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (bytes.length < start + length) return "";
  let s = "";
  for (let i = start; i < start + length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

function uint32le(bytes: Uint8Array, at: number): number {
  if (bytes.length < at + 4) return -1;
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

const BMP_HEADER_SIZES = [12, 40, 52, 56, 64, 108, 124];

const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);
// mif1/msf1 are generic HEIF brands that AVIF files also carry; an AVIF is not a HEIC photo.
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** ISO-BMFF: [size:4]["ftyp"][major brand:4][minor version:4][compatible brands:4*n]. */
function isHeic(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 4) !== "ftyp") return false;
  const major = ascii(bytes, 8, 4);
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(bytes.length, boxSize);
  const compatible: string[] = [];
  for (let i = 16; i + 4 <= end; i += 4) compatible.push(ascii(bytes, i, 4));
  if (AVIF_BRANDS.has(major) || compatible.some((b) => AVIF_BRANDS.has(b))) return false;
  return HEIC_BRANDS.has(major) || compatible.some((b) => b === "heic" || b === "heix");
}

type Rule = { type: SniffedType; test: (bytes: Uint8Array) => boolean };

const RULES: Rule[] = [
  { type: "image/jpeg", test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: "image/png", test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "image/gif", test: (b) => ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a" },
  { type: "image/webp", test: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP" },
  // "BM" alone is two printable letters; the DIB header size at offset 14 makes the match specific.
  { type: "image/bmp", test: (b) => ascii(b, 0, 2) === "BM" && BMP_HEADER_SIZES.includes(uint32le(b, 14)) },
  { type: "image/heic", test: isHeic },
  { type: "application/pdf", test: (b) => ascii(b, 0, 5) === "%PDF-" },
];

/** The content type the bytes really are, or null when they are none of the types we accept. */
export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  for (const rule of RULES) if (rule.test(bytes)) return rule.type;
  return null;
}

export function isImageType(type: string): boolean {
  return type.startsWith("image/");
}
