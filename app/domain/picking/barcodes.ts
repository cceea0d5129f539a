// Product barcodes: how a code is stored and matched (its key), how an admin's entry is checked, and how a
// scan is read (a plain SKU, a UPC/EAN/GTIN, or a GS1 element string with a GTIN and maybe a count).
// Client-safe and pure: the admin screen, the server and the picking screen share it.

export type BarcodeKind = "unit" | "case";

/** A product code as the picking screen matches it: the key, and how many units one scan confirms. */
export type LineBarcode = { key: string; kind: BarcodeKind; quantity: number };

export const BARCODE_MAX_LENGTH = 64;
export const CASE_QUANTITY_MAX = 10_000;

/** The GS1 mod-10 check digit of the digits before it (UPC-A, EAN-8, EAN-13, GTIN-14 all use it). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Weights 3,1,3,1… from the right of the body.
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The GTIN-14 of a UPC-A (12), EAN-8 (8), EAN-13 (13) or GTIN-14 with a valid check digit; null otherwise. */
export function gtin14(code: string): string | null {
  const digits = code.trim();
  if (!/^\d+$/.test(digits) || ![8, 12, 13, 14].includes(digits.length)) return null;
  const body = digits.slice(0, -1);
  if (gs1CheckDigit(body) !== Number(digits.at(-1))) return null;
  return digits.padStart(14, "0");
}

/**
 * The key a code is stored and matched under: its GTIN-14 when it is one (so a UPC-A label and the same
 * product's EAN-13 match), else the text trimmed and upper-cased (SKUs, internal labels).
 */
export function barcodeKey(code: string): string {
  return gtin14(code) ?? code.trim().toUpperCase();
}

/** What is wrong with a code an admin enters, or null. */
export function barcodeError(code: string): string | null {
  const text = code.trim();
  if (!text) return "Enter a barcode.";
  if (text.length > BARCODE_MAX_LENGTH) return `A barcode has at most ${BARCODE_MAX_LENGTH} characters.`;
  if ([...text].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return "A barcode cannot contain control characters.";
  if (/^\d+$/.test(text) && [8, 12, 13, 14].includes(text.length) && !gtin14(text)) return "The check digit of this UPC/EAN is wrong.";
  return null;
}

/** What is wrong with a case quantity, or null (a unit code always confirms one). */
export function caseQuantityError(kind: BarcodeKind, quantity: number): string | null {
  if (kind === "unit") return quantity === 1 ? null : "A unit barcode confirms one unit.";
  if (!Number.isInteger(quantity) || quantity < 2 || quantity > CASE_QUANTITY_MAX) return `A case holds 2 to ${CASE_QUANTITY_MAX.toLocaleString("en-US")} units.`;
  return null;
}

const GS = "\u001d";
/** Symbology identifiers a scanner may prefix (GS1-128, GS1 DataMatrix, GS1 QR, EAN/UPC). */
const SYMBOLOGY_PREFIX = /^\](C1|d2|Q3|e0|E0|E4|E3)/;
/** Fixed-length GS1 application identifiers we may meet before the ones we read (length without the AI). */
const FIXED_AI: Record<string, number> = { "00": 18, "01": 14, "02": 14, "11": 6, "12": 6, "13": 6, "15": 6, "16": 6, "17": 6, "20": 2 };

/** A scan read: the key to match, and a count the code carries (GS1 AI 30 or 37), or null. */
export type ScanRead = { key: string; count: number | null; raw: string };

/**
 * Reads the GTIN and count out of a GS1 element string: '(01)…(30)…' with parentheses, or raw with FNC1 as
 * the group separator. Null when the text is not one (no GTIN in it).
 */
function readGs1(text: string): { gtin: string; count: number | null } | null {
  const fields = new Map<string, string>();
  if (text.startsWith("(")) {
    const re = /\((\d{2,4})\)([^(]*)/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) fields.set(m[1]!, m[2]!);
  } else {
    let rest = text;
    while (rest.length >= 2) {
      const ai2 = rest.slice(0, 2);
      if (FIXED_AI[ai2] !== undefined) {
        fields.set(ai2, rest.slice(2, 2 + FIXED_AI[ai2]!));
        rest = rest.slice(2 + FIXED_AI[ai2]!);
      } else {
        // Variable length: the AI is 2 digits for 10, 21, 30, 37 and others, up to the next FNC1.
        const ai = /^(10|21|22|30|37|90|91|92|93|94|95|96|97|98|99)/.exec(rest)?.[1] ?? /^\d{4}/.exec(rest)?.[0];
        if (!ai) break;
        const end = rest.indexOf(GS);
        fields.set(ai, end < 0 ? rest.slice(ai.length) : rest.slice(ai.length, end));
        rest = end < 0 ? "" : rest.slice(end + 1);
      }
      if (rest.startsWith(GS)) rest = rest.slice(1);
    }
  }
  const gtin = fields.get("01") ?? fields.get("02");
  if (!gtin || !gtin14(gtin)) return null;
  const countText = fields.get("30") ?? fields.get("37");
  const count = countText && /^\d{1,8}$/.test(countText) ? Number(countText) : null;
  return { gtin, count: count && count > 0 ? count : null };
}

/** Reads what a camera or a keyboard-wedge scanner delivered. */
export function parseScan(raw: string): ScanRead {
  const text = raw.replace(/[\r\n]+$/g, "").trim().replace(SYMBOLOGY_PREFIX, "");
  const direct = gtin14(text);
  if (direct) return { key: direct, count: null, raw };
  if (/^(\(\d{2,4}\)|0[12]\d{14})/.test(text)) {
    const gs1 = readGs1(text.startsWith(GS) ? text.slice(1) : text);
    if (gs1) return { key: gs1.gtin, count: gs1.count, raw };
  }
  return { key: text.toUpperCase(), count: null, raw };
}

// ---------------------------------------------------------------- drawing a code

const L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"];
const G = ["0100111", "0110011", "0011011", "0100001", "0011101", "0111001", "0000101", "0010001", "0001001", "0010111"];
const R = ["1110010", "1100110", "1101100", "1000010", "1011100", "1001110", "1010000", "1000100", "1001000", "1110100"];
const PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"];

/** The 95 modules of an EAN-13 (a 12-digit UPC-A is the EAN-13 with a leading 0), '1' for a bar. */
export function ean13Modules(code: string): string {
  const digits = code.length === 12 ? `0${code}` : code;
  if (!/^\d{13}$/.test(digits)) throw new Error(`not an EAN-13 or UPC-A: ${code}`);
  const d = [...digits].map(Number);
  const parity = PARITY[d[0]!]!;
  let out = "101";
  for (let i = 1; i <= 6; i++) out += (parity[i - 1] === "L" ? L : G)[d[i]!]!;
  out += "01010";
  for (let i = 7; i <= 12; i++) out += R[d[i]!]!;
  return `${out}101`;
}
