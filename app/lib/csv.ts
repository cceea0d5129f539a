// CSV text, written and read by RFC 4180 (quoted fields, doubled quotes, CRLF rows), with the spreadsheet
// formula guard for cells a person will open in Excel. Pure and client-safe: the exports stream these lines,
// the import reads files with the same rules.

/** Excel reads a UTF-8 file as the local code page unless it opens with a byte order mark. */
export const CSV_BOM = "\uFEFF";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

export type CsvValue = string | number | boolean | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(...), +cmd|..., @SUM(...));
// tab and carriage return are on OWASP's list because some programs strip them and then read what follows.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell as CSV text. A text that a spreadsheet would run as a formula gets a leading apostrophe (shown as
 * text, never evaluated); numbers are written as numbers, so a negative quantity stays a number. A cell holding a
 * comma, quote or line break is quoted, with its quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: its cells joined by commas, ended by CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** 'orders' on 2025-06-18 → 'orders-2025-06-18.csv' (the UTC day, as every date the app stores). */
export function csvFilename(base: string, now: Date): string {
  const safe = base.replace(/[^a-z0-9-]+/gi, "-").replace(/^-+|-+$/g, "") || "export";
  return `${safe}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Cents as a dollar number (123456 → 1234.56): a number cell, so a spreadsheet sums it, and a negative amount is
 * never mistaken for a formula. Integer cents over 100 print exactly (JavaScript prints the shortest exact form).
 */
export function csvMoney(cents: number | null | undefined): number | null {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return null;
  return Math.round(cents) / 100;
}

/** A list in one cell: its entries joined by '; ' (blank entries dropped). */
export function csvList(values: readonly (string | null | undefined)[] | null | undefined): string {
  return (values ?? []).filter((v): v is string => !!v && !!v.trim()).join("; ");
}

type PostalAddress = { street?: string; street2?: string; city?: string; state?: string; zip?: string; postalCode?: string };

/** Postal addresses in one cell: 'street, street 2, city, ST 12345', several joined by '; '. */
export function csvAddresses(addresses: readonly PostalAddress[] | null | undefined): string {
  return csvList(
    (addresses ?? []).map((a) => [a.street, a.street2, a.city, [a.state, a.zip || a.postalCode].filter(Boolean).join(" ")].map((p) => p?.trim()).filter(Boolean).join(", ")),
  );
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    /** The 1-based line of the file where the problem is. */
    readonly line: number,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

/**
 * The records of a CSV text (RFC 4180, also accepting bare LF line ends and a leading byte order mark). A quote
 * inside an unquoted cell or a quoted cell left open is a CsvSyntaxError naming its line. A blank last line is not
 * a record. `maxRecords` stops reading past that many (the caller names the limit).
 */
export function parseCsv(text: string, opts: { maxRecords?: number } = {}): string[][] {
  const src = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const max = opts.maxRecords ?? Infinity;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  // A quoted cell was read ("" is a cell even though it holds nothing).
  let quoted = false;
  let line = 1;
  let i = 0;
  const endCell = () => {
    record.push(cell);
    cell = "";
    quoted = false;
  };
  while (i < src.length && records.length < max) {
    const c = src[i]!;
    if (c === '"') {
      if (cell !== "" || quoted) throw new CsvSyntaxError("a quote inside an unquoted cell (quote the whole cell and double the quote)", line);
      const openedAt = line;
      i++;
      for (;;) {
        const q = src.indexOf('"', i);
        if (q === -1) throw new CsvSyntaxError("a quoted cell is never closed", openedAt);
        const part = src.slice(i, q);
        line += part.split("\n").length - 1;
        cell += part;
        i = q + 1;
        if (src[i] !== '"') break;
        cell += '"';
        i++;
      }
      const next = src[i];
      if (next !== undefined && next !== "," && next !== "\r" && next !== "\n") throw new CsvSyntaxError("text after a quoted cell's closing quote", line);
      quoted = true;
    } else if (c === ",") {
      endCell();
      i++;
    } else if (c === "\r" || c === "\n") {
      endCell();
      records.push(record);
      record = [];
      i += c === "\r" && src[i + 1] === "\n" ? 2 : 1;
      line++;
    } else {
      const stop = nextSpecial(src, i);
      cell += src.slice(i, stop);
      i = stop;
    }
  }
  // The last record when the file does not end with a line break.
  if ((cell !== "" || quoted || record.length) && records.length < max) {
    endCell();
    records.push(record);
  }
  return records;
}

function nextSpecial(src: string, from: number): number {
  for (let j = from; j < src.length; j++) {
    const c = src[j];
    if (c === "," || c === "\r" || c === "\n" || c === '"') return j;
  }
  return src.length;
}
