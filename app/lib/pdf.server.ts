// A small document renderer on pdf-lib (runs inside workerd): title, key/value facts, a paginated table
// with a repeated header, a footer and page numbers. The pick list, BOL and report PDFs build on it.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";

export type SimplePdf = {
  title: string;
  subtitle?: string;
  meta: [string, string][];
  table?: { columns: string[]; rows: string[][] };
  footer?: string;
};

const PAGE = { width: 612, height: 792 }; // US Letter, in points
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_SPACE = 36;
const BOTTOM = MARGIN + FOOTER_SPACE;
const SIZE = { title: 18, subtitle: 11, meta: 10, cell: 9, footer: 8 };
const CELL_PAD = 4;
const LINE = 1.25;
const MIN_COLUMN = 36;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.8, 0.8, 0.83);
const HEADER_FILL = rgb(0.93, 0.93, 0.95);

export type Fonts = { regular: PDFFont; bold: PDFFont; supported: Set<number> };

/** Helvetica and Helvetica Bold, with the characters they can encode. */
export async function embedHelvetica(pdf: PDFDocument): Promise<Fonts> {
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  return { regular, bold, supported: new Set(regular.getCharacterSet()) };
}

/** Standard Helvetica covers WinAnsi only; anything else becomes "?" instead of throwing mid-document. */
export function printable(fonts: Fonts, text: string): string {
  let out = "";
  for (const ch of String(text ?? "").normalize("NFC").replace(/[\t\r\n]+/g, " ")) {
    out += fonts.supported.has(ch.codePointAt(0)!) ? ch : "?";
  }
  return out;
}

/** Breaks text into lines no wider than `width`, splitting over-long words by character. */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let rest = word;
    while (rest && !fits(rest)) {
      let n = rest.length - 1;
      while (n > 1 && !fits(rest.slice(0, n))) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  lines.push(line);
  return lines;
}

const NUMERIC = /^[-+]?[$]?[\d,]*\.?\d+%?$/;

/**
 * Narrow columns (SKU, quantity, money) keep their natural width so they never wrap; the wide ones share
 * what is left in proportion to their content. When everything fits, the spare width is shared out.
 */
function fitWidths(natural: number[], available: number): number[] {
  const widths = [...natural];
  let flexible = natural.map((_, i) => i);
  let remaining = available;
  for (;;) {
    const share = remaining / flexible.length;
    const fixed = flexible.filter((i) => natural[i]! <= share);
    if (fixed.length === 0 || fixed.length === flexible.length) break;
    for (const i of fixed) remaining -= natural[i]!;
    flexible = flexible.filter((i) => natural[i]! > share);
  }
  const flexTotal = flexible.reduce((sum, i) => sum + natural[i]!, 0);
  for (const i of flexible) widths[i] = Math.max(MIN_COLUMN, (natural[i]! * remaining) / flexTotal);
  const total = widths.reduce((a, b) => a + b, 0);
  return widths.map((w) => (w * available) / total);
}

/** Column widths from the content, scaled to the page; numeric columns are right-aligned. */
function layoutColumns(fonts: Fonts, columns: string[], rows: string[][]) {
  const sample = rows.slice(0, 500);
  const natural = columns.map((c, i) => {
    const widest = Math.max(
      fonts.bold.widthOfTextAtSize(c, SIZE.cell),
      ...sample.map((r) => fonts.regular.widthOfTextAtSize(r[i] ?? "", SIZE.cell)),
    );
    return Math.max(MIN_COLUMN, widest + 2 * CELL_PAD);
  });
  const widths = fitWidths(natural, CONTENT_WIDTH);
  const rightAligned = columns.map((_, i) => sample.length > 0 && sample.every((r) => !r[i] || NUMERIC.test(r[i]!.trim())));
  return { widths, rightAligned };
}

class Writer {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Starts a new page when `height` does not fit; returns true if it did. */
  ensure(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.newPage();
    return true;
  }

  text(text: string, x: number, size: number, font: PDFFont, color = INK) {
    this.page.drawText(text, { x, y: this.y - size, size, font, color });
  }
}

function drawMeta(w: Writer, meta: [string, string][]) {
  const labelWidth = Math.min(
    CONTENT_WIDTH / 3,
    Math.max(0, ...meta.map(([k]) => w.fonts.bold.widthOfTextAtSize(printable(w.fonts, k), SIZE.meta))) + 12,
  );
  for (const [key, value] of meta) {
    const lines = wrap(w.fonts.regular, SIZE.meta, printable(w.fonts, value), CONTENT_WIDTH - labelWidth);
    const height = lines.length * SIZE.meta * LINE;
    w.ensure(height);
    w.text(printable(w.fonts, key), MARGIN, SIZE.meta, w.fonts.bold, MUTED);
    lines.forEach((line, i) => {
      w.page.drawText(line, { x: MARGIN + labelWidth, y: w.y - SIZE.meta - i * SIZE.meta * LINE, size: SIZE.meta, font: w.fonts.regular, color: INK });
    });
    w.y -= height + 2;
  }
}

function drawTable(w: Writer, table: NonNullable<SimplePdf["table"]>) {
  const columns = table.columns.map((c) => printable(w.fonts, c));
  const rows = table.rows.map((r) => columns.map((_, i) => printable(w.fonts, r[i] ?? "")));
  const { widths, rightAligned } = layoutColumns(w.fonts, columns, rows);
  const lineHeight = SIZE.cell * LINE;

  const drawRow = (cells: string[], font: PDFFont, header: boolean) => {
    const wrapped = cells.map((cell, i) => wrap(font, SIZE.cell, cell, widths[i]! - 2 * CELL_PAD));
    const height = Math.max(...wrapped.map((l) => l.length)) * lineHeight + 2 * CELL_PAD;
    if (header) w.page.drawRectangle({ x: MARGIN, y: w.y - height, width: CONTENT_WIDTH, height, color: HEADER_FILL });
    let x = MARGIN;
    wrapped.forEach((lines, i) => {
      lines.forEach((line, n) => {
        const width = font.widthOfTextAtSize(line, SIZE.cell);
        const left = rightAligned[i] && !header ? x + widths[i]! - CELL_PAD - width : x + CELL_PAD;
        w.page.drawText(line, { x: left, y: w.y - CELL_PAD - SIZE.cell - n * lineHeight + 1, size: SIZE.cell, font, color: INK });
      });
      x += widths[i]!;
    });
    w.y -= height;
    w.page.drawLine({ start: { x: MARGIN, y: w.y }, end: { x: MARGIN + CONTENT_WIDTH, y: w.y }, thickness: 0.5, color: RULE });
    return height;
  };
  const rowHeight = (cells: string[], font: PDFFont) =>
    Math.max(...cells.map((cell, i) => wrap(font, SIZE.cell, cell, widths[i]! - 2 * CELL_PAD).length)) * lineHeight + 2 * CELL_PAD;

  const headerHeight = rowHeight(columns, w.fonts.bold);
  // Never leave a header alone at the bottom of a page.
  w.ensure(headerHeight + (rows[0] ? rowHeight(rows[0], w.fonts.regular) : 0));
  drawRow(columns, w.fonts.bold, true);
  for (const row of rows) {
    // A new page repeats the header so every printed page can be read on its own.
    if (w.ensure(rowHeight(row, w.fonts.regular))) drawRow(columns, w.fonts.bold, true);
    drawRow(row, w.fonts.regular, false);
  }
}

function drawFooters(w: Writer, footer: string | undefined) {
  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    const y = MARGIN - SIZE.footer;
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 6 }, end: { x: PAGE.width - MARGIN, y: MARGIN + 6 }, thickness: 0.5, color: RULE });
    const number = `Page ${i + 1} of ${total}`;
    const numberWidth = w.fonts.regular.widthOfTextAtSize(number, SIZE.footer);
    page.drawText(number, { x: PAGE.width - MARGIN - numberWidth, y, size: SIZE.footer, font: w.fonts.regular, color: MUTED });
    if (footer) {
      const [first] = wrap(w.fonts.regular, SIZE.footer, printable(w.fonts, footer), CONTENT_WIDTH - numberWidth - 12);
      page.drawText(first ?? "", { x: MARGIN, y, size: SIZE.footer, font: w.fonts.regular, color: MUTED });
    }
  });
}

export async function renderSimplePdf(doc: SimplePdf): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await embedHelvetica(pdf);
  const { regular, bold } = fonts;
  pdf.setTitle(printable(fonts, doc.title));
  pdf.setProducer("Golden Grain Ops");
  pdf.setCreator("Golden Grain Ops");

  const w = new Writer(pdf, fonts);
  for (const line of wrap(bold, SIZE.title, printable(fonts, doc.title), CONTENT_WIDTH)) {
    w.text(line, MARGIN, SIZE.title, bold);
    w.y -= SIZE.title * LINE;
  }
  if (doc.subtitle) {
    for (const line of wrap(regular, SIZE.subtitle, printable(fonts, doc.subtitle), CONTENT_WIDTH)) {
      w.text(line, MARGIN, SIZE.subtitle, regular, MUTED);
      w.y -= SIZE.subtitle * LINE;
    }
  }
  w.y -= 10;
  if (doc.meta.length) {
    drawMeta(w, doc.meta);
    w.y -= 12;
  }
  if (doc.table) drawTable(w, doc.table);
  drawFooters(w, doc.footer);
  return pdf.save();
}
