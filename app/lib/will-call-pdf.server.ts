// The Will Call document on pdf-lib (workerd-safe): 'WILL CALL - {orderNumber}', the order's facts and lines,
// the printed name of whoever collected the goods, their signature (PNG) and the date it was signed.
import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import { embedHelvetica, printable, wrap, type Fonts } from "./pdf.server";

export type WillCallPdfInput = {
  title: string;
  orderNumber: string;
  customerName: string;
  orderDate: string;
  warehouse: string;
  signedByName: string;
  signedDate: string;
  signaturePng: Uint8Array;
  generatedBy: string;
  lines: { sku: string; description: string; quantity: number }[];
};

const PAGE = { width: 612, height: 792 };
const MARGIN = 48;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = MARGIN + 24;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.8, 0.8, 0.83);
const FILL = rgb(0.93, 0.93, 0.95);
const COLS = { index: 28, sku: 90, qty: 50 };

class Cursor {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    private readonly continued: string,
  ) {
    this.add();
  }
  add() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
    if (this.pages.length > 1) {
      this.text(`${this.continued} (continued)`, MARGIN, 10, true, MUTED);
      this.y -= 20;
    }
  }
  ensure(height: number) {
    if (this.y - height < BOTTOM) this.add();
  }
  text(s: string, x: number, size: number, bold = false, color = INK, y = this.y) {
    this.page.drawText(printable(this.fonts, s), { x, y: y - size, size, font: bold ? this.fonts.bold : this.fonts.regular, color });
  }
}

export async function renderWillCallPdf(input: WillCallPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await embedHelvetica(pdf);
  pdf.setTitle(printable(fonts, input.title));
  pdf.setProducer("Golden Grain Ops");
  pdf.setCreator("Golden Grain Ops");
  const c = new Cursor(pdf, fonts, input.title);

  c.text(input.title, MARGIN, 20, true);
  c.y -= 30;
  c.text(input.customerName || "-", MARGIN, 12, false, MUTED);
  c.y -= 24;
  const facts: [string, string][] = [
    ["Order number", input.orderNumber],
    ["Customer", input.customerName || "-"],
    ["Order date", input.orderDate || "-"],
    ["Warehouse", input.warehouse || "-"],
    ["Picked up", input.signedDate],
  ];
  for (const [k, v] of facts) {
    c.text(k, MARGIN, 10, true, MUTED);
    c.text(v, MARGIN + 110, 10);
    c.y -= 15;
  }
  c.y -= 10;

  // Lines: #, SKU, Description, Qty; the header repeats on a new page.
  const descWidth = WIDTH - COLS.index - COLS.sku - COLS.qty;
  const header = () => {
    c.page.drawRectangle({ x: MARGIN, y: c.y - 16, width: WIDTH, height: 16, color: FILL });
    c.text("#", MARGIN + 4, 9, true, INK, c.y - 4);
    c.text("SKU", MARGIN + COLS.index + 4, 9, true, INK, c.y - 4);
    c.text("Description", MARGIN + COLS.index + COLS.sku + 4, 9, true, INK, c.y - 4);
    c.text("Qty", MARGIN + WIDTH - COLS.qty + 4, 9, true, INK, c.y - 4);
    c.y -= 16;
  };
  c.ensure(40);
  header();
  input.lines.forEach((line, i) => {
    const desc = wrap(fonts.regular, 9, printable(fonts, line.description), descWidth - 8).slice(0, 4);
    const height = desc.length * 11 + 6;
    if (c.y - height < BOTTOM) {
      c.add();
      header();
    }
    c.text(String(i + 1), MARGIN + 4, 9, false, INK, c.y - 3);
    c.text(wrap(fonts.bold, 9, printable(fonts, line.sku), COLS.sku - 8)[0] ?? "", MARGIN + COLS.index + 4, 9, true, INK, c.y - 3);
    desc.forEach((d, n) => c.page.drawText(d, { x: MARGIN + COLS.index + COLS.sku + 4, y: c.y - 3 - 9 - n * 11, size: 9, font: fonts.regular, color: INK }));
    c.text(String(line.quantity), MARGIN + WIDTH - COLS.qty + 4, 9, false, INK, c.y - 3);
    c.y -= height;
    c.page.drawLine({ start: { x: MARGIN, y: c.y }, end: { x: MARGIN + WIDTH, y: c.y }, thickness: 0.5, color: RULE });
  });
  if (!input.lines.length) {
    c.text("No items on this order.", MARGIN + 4, 9, false, MUTED, c.y - 3);
    c.y -= 16;
  }

  // Receipt: statement, printed name, the signature image scaled into a 260 x 90 box, the date.
  const image = await pdf.embedPng(input.signaturePng);
  const scale = Math.min(260 / image.width, 90 / image.height, 1);
  const sigW = image.width * scale;
  const sigH = image.height * scale;
  c.ensure(70 + sigH + 40);
  c.y -= 24;
  for (const l of wrap(fonts.regular, 10, "Received the goods listed above in good order and condition.", WIDTH)) {
    c.text(l, MARGIN, 10);
    c.y -= 14;
  }
  c.y -= 8;
  c.text("Printed name", MARGIN, 10, true, MUTED);
  c.text(input.signedByName, MARGIN + 110, 12, true);
  c.y -= 22;
  c.text("Signature", MARGIN, 10, true, MUTED);
  c.page.drawImage(image, { x: MARGIN + 110, y: c.y - sigH, width: sigW, height: sigH });
  c.y -= sigH + 4;
  c.page.drawLine({ start: { x: MARGIN + 110, y: c.y }, end: { x: MARGIN + 110 + 260, y: c.y }, thickness: 0.75, color: INK });
  c.y -= 16;
  c.text("Date", MARGIN, 10, true, MUTED);
  c.text(input.signedDate, MARGIN + 110, 10);

  const total = c.pages.length;
  c.pages.forEach((page, i) => {
    const footer = printable(fonts, `${input.title} - generated by ${input.generatedBy}`);
    page.drawText(footer, { x: MARGIN, y: MARGIN - 8, size: 8, font: fonts.regular, color: MUTED });
    const n = `Page ${i + 1} of ${total}`;
    page.drawText(n, { x: PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(n, 8), y: MARGIN - 8, size: 8, font: fonts.regular, color: MUTED });
  });
  return pdf.save();
}
