// The pick list (release order) PDF on pdf-lib, workerd-safe: order facts, a lines table with each SKU's bin,
// a 'Picked' checkbox and a blank 'Short' column for the picker's pen, totals, signature lines and page numbers.
import { embedHelvetica, printable, wrap, type Fonts } from "./pdf.server";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";

export const PICK_LIST_TITLE = "RELEASE ORDER / PICK LIST";

export type PickListPdfInput = {
  orderNumber: string;
  customerName: string;
  orderDate: string;
  warehouse: string;
  orderType: string;
  truckingCompany: string;
  assignment: string[];
  notes: string;
  generatedAt: string;
  generatedBy: string;
  /** `short`: the latest saved pick left the line short (issue 13): printed as 'Short n — Reason'. */
  /** `bin`: where the SKU is picked from ('A-03-2'), as on the picking screen; blank when it has none. */
  lines: { sku: string; bin?: string | null; description: string; quantity: number; short?: { missing: number; reason: string | null } | null }[];
};

const PAGE = { width: 612, height: 792 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER = 30;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.78, 0.78, 0.82);
const FILL = rgb(0.93, 0.93, 0.95);
const ZEBRA = rgb(0.975, 0.975, 0.98);
const SHORT_INK = rgb(0.62, 0.11, 0.11);
const CELL = 9;

/** 'Short 3 — Stockout' (or 'Short 3' without a reason). */
export function shortNote(short: { missing: number; reason: string | null }): string {
  return `Short ${short.missing}${short.reason ? ` \u2014 ${short.reason}` : ""}`;
}
const PAD = 4;
const ROW_LINE = CELL * 1.25;

// #, Bin, SKU, Description, Qty, Picked, Short: the description takes what the fixed columns leave.
const FIXED = { index: 26, bin: 50, sku: 70, qty: 44, picked: 46, short: 52 };
const COLS = (() => {
  const desc = WIDTH - FIXED.index - FIXED.bin - FIXED.sku - FIXED.qty - FIXED.picked - FIXED.short;
  const widths = [FIXED.index, FIXED.bin, FIXED.sku, desc, FIXED.qty, FIXED.picked, FIXED.short];
  const xs: number[] = [];
  let x = MARGIN;
  for (const w of widths) {
    xs.push(x);
    x += w;
  }
  return { widths, xs, headers: ["#", "Bin", "SKU", "Description", "Qty", "Picked", "Short"] };
})();
/** The columns' positions in COLS. */
const C = { index: 0, bin: 1, sku: 2, desc: 3, qty: 4, picked: 5, short: 6 } as const;

class Sheet {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly orderNumber: string,
  ) {
    this.addPage();
  }

  addPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
    if (this.pages.length > 1) {
      // Continuation pages name the order, so a loose page can be put back with its order.
      this.text(`${PICK_LIST_TITLE} - ${this.orderNumber} (continued)`, MARGIN, 10, this.fonts.bold, MUTED);
      this.y -= 20;
    }
  }

  fits(height: number) {
    return this.y - height >= MARGIN + FOOTER;
  }

  text(s: string, x: number, size: number, font: PDFFont, color = INK, yTop = this.y) {
    this.page.drawText(printable(this.fonts, s), { x, y: yTop - size, size, font, color });
  }

  rightText(s: string, xRight: number, size: number, font: PDFFont, yTop = this.y) {
    const t = printable(this.fonts, s);
    this.page.drawText(t, { x: xRight - font.widthOfTextAtSize(t, size), y: yTop - size, size, font, color: INK });
  }
}

function drawHeader(s: Sheet, input: PickListPdfInput) {
  const { bold, regular } = s.fonts;
  s.text(PICK_LIST_TITLE, MARGIN, 18, bold);
  s.rightText(input.orderNumber, MARGIN + WIDTH, 18, bold);
  s.y -= 26;
  s.text(input.customerName || "-", MARGIN, 12, regular, MUTED);
  s.y -= 22;

  const facts: [string, string][] = [
    ["Order number", input.orderNumber],
    ["Customer", input.customerName || "-"],
    ["Order date", input.orderDate || "-"],
    ["Warehouse", input.warehouse || "-"],
    ["Order type", input.orderType || "-"],
    ["Trucking", input.truckingCompany || "-"],
    ["Assignment", input.assignment.length ? input.assignment.join(", ") : "-"],
    ["Generated", `${input.generatedAt} by ${input.generatedBy || "-"}`],
  ];
  // Two columns of label/value pairs keep the header short, so most lines start on page one.
  const colWidth = WIDTH / 2;
  const labelWidth = 78;
  for (let i = 0; i < facts.length; i += 2) {
    let rowHeight = 0;
    for (const [j, fact] of facts.slice(i, i + 2).entries()) {
      const x = MARGIN + j * colWidth;
      const lines = wrap(regular, 9.5, printable(s.fonts, fact[1]), colWidth - labelWidth - 10).slice(0, 3);
      s.text(fact[0], x, 9.5, bold, MUTED);
      lines.forEach((line, n) => s.page.drawText(line, { x: x + labelWidth, y: s.y - 9.5 - n * 12, size: 9.5, font: regular, color: INK }));
      rowHeight = Math.max(rowHeight, lines.length * 12);
    }
    s.y -= rowHeight + 3;
  }
  if (input.notes.trim()) {
    s.y -= 4;
    s.text("Notes", MARGIN, 9.5, bold, MUTED);
    const lines = wrap(regular, 9.5, printable(s.fonts, input.notes), WIDTH - labelWidth).slice(0, 6);
    lines.forEach((line, n) => s.page.drawText(line, { x: MARGIN + labelWidth, y: s.y - 9.5 - n * 12, size: 9.5, font: regular, color: INK }));
    s.y -= lines.length * 12 + 3;
  }
  s.y -= 10;
}

function drawTableHeader(s: Sheet) {
  const height = CELL + 2 * PAD + 2;
  s.page.drawRectangle({ x: MARGIN, y: s.y - height, width: WIDTH, height, color: FILL });
  COLS.headers.forEach((h, i) => {
    const right = i === C.index || i === C.qty;
    if (right) s.rightText(h, COLS.xs[i]! + COLS.widths[i]! - PAD, CELL, s.fonts.bold, s.y - PAD - 1);
    else s.text(h, COLS.xs[i]! + PAD, CELL, s.fonts.bold, INK, s.y - PAD - 1);
  });
  s.y -= height;
}

function drawLine(s: Sheet, n: number, line: PickListPdfInput["lines"][number], descLines: string[], zebra: boolean) {
  const height = descLines.length * ROW_LINE + 2 * PAD;
  if (zebra) s.page.drawRectangle({ x: MARGIN, y: s.y - height, width: WIDTH, height, color: ZEBRA });
  const top = s.y - PAD;
  s.rightText(String(n), COLS.xs[C.index]! + COLS.widths[C.index]! - PAD, CELL, s.fonts.regular, top);
  const bin = wrap(s.fonts.regular, CELL, printable(s.fonts, line.bin ?? ""), COLS.widths[C.bin]! - 2 * PAD)[0] ?? "";
  if (bin) s.page.drawText(bin, { x: COLS.xs[C.bin]! + PAD, y: top - CELL, size: CELL, font: s.fonts.regular, color: INK });
  const sku = wrap(s.fonts.bold, CELL, printable(s.fonts, line.sku), COLS.widths[C.sku]! - 2 * PAD)[0] ?? "";
  s.page.drawText(sku, { x: COLS.xs[C.sku]! + PAD, y: top - CELL, size: CELL, font: s.fonts.bold, color: INK });
  descLines.forEach((d, i) => {
    // A short line's last description line is its 'Short n — Reason' note, in bold.
    const note = !!line.short && i === descLines.length - 1;
    s.page.drawText(d, { x: COLS.xs[C.desc]! + PAD, y: top - CELL - i * ROW_LINE, size: CELL, font: note ? s.fonts.bold : s.fonts.regular, color: note ? SHORT_INK : INK });
  });
  s.rightText(String(line.quantity), COLS.xs[C.qty]! + COLS.widths[C.qty]! - PAD, CELL, s.fonts.bold, top);
  // The 'Picked' checkbox, centred in its column; 'Short' is blank for a handwritten count unless the
  // latest saved pick left the line short.
  const box = 9;
  s.page.drawRectangle({ x: COLS.xs[C.picked]! + (COLS.widths[C.picked]! - box) / 2, y: top - box - 0.5, width: box, height: box, borderColor: INK, borderWidth: 0.8 });
  if (line.short) s.rightText(String(line.short.missing), COLS.xs[C.short]! + COLS.widths[C.short]! - PAD, CELL, s.fonts.bold, top);
  else s.page.drawLine({ start: { x: COLS.xs[C.short]! + PAD, y: top - CELL - 1 }, end: { x: COLS.xs[C.short]! + COLS.widths[C.short]! - PAD, y: top - CELL - 1 }, thickness: 0.5, color: RULE });
  s.y -= height;
  s.page.drawLine({ start: { x: MARGIN, y: s.y }, end: { x: MARGIN + WIDTH, y: s.y }, thickness: 0.4, color: RULE });
}

function drawTotalsAndSignatures(s: Sheet, input: PickListPdfInput) {
  const units = input.lines.reduce((sum, l) => sum + l.quantity, 0);
  const needed = 24 + 3 * 40 + 10;
  if (!s.fits(needed)) s.addPage();
  s.y -= 8;
  s.text(`Total lines: ${input.lines.length}`, MARGIN, 10, s.fonts.bold);
  s.text(`Total units: ${units}`, MARGIN + 160, 10, s.fonts.bold);
  s.y -= 34;
  const half = (WIDTH - 24) / 2;
  for (const label of ["Picked by", "Checked by", "Released to (driver / carrier)"]) {
    s.page.drawLine({ start: { x: MARGIN, y: s.y }, end: { x: MARGIN + half, y: s.y }, thickness: 0.7, color: INK });
    s.page.drawLine({ start: { x: MARGIN + half + 24, y: s.y }, end: { x: MARGIN + WIDTH, y: s.y }, thickness: 0.7, color: INK });
    s.text(`${label} - name and signature`, MARGIN, 8, s.fonts.regular, MUTED, s.y - 3);
    s.text("Date / time", MARGIN + half + 24, 8, s.fonts.regular, MUTED, s.y - 3);
    s.y -= 40;
  }
}

function drawFooters(s: Sheet, input: PickListPdfInput) {
  const total = s.pages.length;
  s.pages.forEach((page, i) => {
    const y = MARGIN - 8;
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 6 }, end: { x: PAGE.width - MARGIN, y: MARGIN + 6 }, thickness: 0.5, color: RULE });
    const label = `Page ${i + 1} of ${total}`;
    page.drawText(label, { x: PAGE.width - MARGIN - s.fonts.regular.widthOfTextAtSize(label, 8), y, size: 8, font: s.fonts.regular, color: MUTED });
    page.drawText(printable(s.fonts, `${input.orderNumber} - Golden Grain - generated ${input.generatedAt}`), { x: MARGIN, y, size: 8, font: s.fonts.regular, color: MUTED });
  });
}

/** Renders the pick list; 200 lines take a few pages and well under the 500 ms budget (bench/picklist-pdf.ts). */
export async function renderPickListPdf(input: PickListPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await embedHelvetica(pdf);
  const { regular } = fonts;
  pdf.setTitle(`${PICK_LIST_TITLE} ${printable(fonts, input.orderNumber)}`);
  pdf.setProducer("Golden Grain Ops");
  pdf.setCreator("Golden Grain Ops");

  const s = new Sheet(pdf, fonts, printable(fonts, input.orderNumber));
  drawHeader(s, input);
  drawTableHeader(s);
  input.lines.forEach((line, i) => {
    const desc = wrap(regular, CELL, printable(fonts, line.description), COLS.widths[C.desc]! - 2 * PAD).slice(0, 4);
    if (line.short) desc.push(...wrap(fonts.bold, CELL, printable(fonts, shortNote(line.short)), COLS.widths[C.desc]! - 2 * PAD).slice(-1));
    const height = desc.length * ROW_LINE + 2 * PAD;
    if (!s.fits(height)) {
      s.addPage();
      drawTableHeader(s);
    }
    drawLine(s, i + 1, line, desc, i % 2 === 1);
  });
  if (!input.lines.length) {
    s.text("No lines on this order.", MARGIN + PAD, 10, regular, MUTED, s.y - PAD);
    s.y -= 20;
  }
  drawTotalsAndSignatures(s, input);
  drawFooters(s, input);
  return pdf.save();
}
