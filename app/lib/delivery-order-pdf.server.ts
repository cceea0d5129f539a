// The delivery order PDF (spec 001 'Delivery' and issue 8) on pdf-lib, workerd-safe: the order and address,
// when and where it was delivered (Eastern Time, map point), who received it, delivered against ordered per
// line with the shortfall reasons, cash collected against cash due, the signature and up to four photos.
import { PDFDocument, rgb, type PDFImage, type PDFPage } from "pdf-lib";
import { embedHelvetica, printable, wrap, type Fonts } from "./pdf.server";

export const DELIVERY_ORDER_TITLE = "DELIVERY ORDER";
export const MAX_PDF_PHOTOS = 4;

export type DeliveryOrderPdfInput = {
  orderNumber: string;
  customerName: string;
  orderType: string;
  address: string;
  deliveryDate: string;
  deliveryWindow: string;
  completedAt: string; // already formatted (Eastern Time)
  driver: string;
  receivedBy: string;
  geo: { lat: number; lng: number; accuracy: number } | null;
  lines: { sku: string; description: string; ordered: number; delivered: number | null; reason: string | null }[];
  cod: { dueCents: number; collectedCents: number | null } | null;
  signaturePng: Uint8Array | null;
  photos: { label: string; contentType: string; bytes: Uint8Array }[];
};

const PAGE = { width: 612, height: 792 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const FILL = rgb(0.93, 0.93, 0.95);
const ALERT = rgb(0.7, 0.1, 0.1);

function dollars(cents: number): string {
  return (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly orderNumber: string,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }
  ensure(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    this.text(`${DELIVERY_ORDER_TITLE} - ${this.orderNumber} (continued)`, MARGIN, 10, true, MUTED);
    this.y -= 18;
  }
  text(s: string, x: number, size: number, bold = false, color = INK, y = this.y) {
    this.page.drawText(printable(this.fonts, s), { x, y: y - size, size, font: bold ? this.fonts.bold : this.fonts.regular, color });
  }
  lines(s: string, x: number, size: number, width: number, max = 4): string[] {
    return wrap(this.fonts.regular, size, printable(this.fonts, s), width).slice(0, max);
  }
}

async function embed(doc: PDFDocument, contentType: string, bytes: Uint8Array): Promise<PDFImage | null> {
  try {
    if (contentType === "image/png") return await doc.embedPng(bytes);
    if (contentType === "image/jpeg") return await doc.embedJpg(bytes);
  } catch {
    return null;
  }
  return null;
}

export async function renderDeliveryOrderPdf(input: DeliveryOrderPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${DELIVERY_ORDER_TITLE} - ${input.orderNumber}`);
  const fonts = await embedHelvetica(doc);
  const w = new Writer(doc, fonts, input.orderNumber);

  w.text(DELIVERY_ORDER_TITLE, MARGIN, 18, true);
  const num = printable(fonts, input.orderNumber);
  w.page.drawText(num, { x: MARGIN + WIDTH - fonts.bold.widthOfTextAtSize(num, 18), y: w.y - 18, size: 18, font: fonts.bold, color: INK });
  w.y -= 28;

  const facts: [string, string][] = [
    ["Customer", input.customerName || "-"],
    ["Order type", input.orderType || "-"],
    ["Address", input.address || "-"],
    ["Delivery date", input.deliveryDate || "-"],
    ["Delivery window", input.deliveryWindow || "-"],
    ["Completed", input.completedAt || "-"],
    ["Driver", input.driver || "-"],
    ["Received by", input.receivedBy || "-"],
    ["Location", input.geo ? `${input.geo.lat.toFixed(6)}, ${input.geo.lng.toFixed(6)} (within ${Math.round(input.geo.accuracy)} m)` : "Not recorded"],
  ];
  for (const [label, value] of facts) {
    const lines = w.lines(value, MARGIN + 100, 10, WIDTH - 100, 3);
    w.ensure(lines.length * 13 + 2);
    w.text(label, MARGIN, 10, true, MUTED);
    lines.forEach((l, i) => w.text(l, MARGIN + 100, 10, false, INK, w.y - i * 13));
    w.y -= lines.length * 13 + 2;
  }
  w.y -= 8;

  // Lines: SKU, description, ordered, delivered, shortfall reason.
  const cols = [MARGIN, MARGIN + 80, MARGIN + 300, MARGIN + 350, MARGIN + 410];
  w.ensure(20);
  w.page.drawRectangle({ x: MARGIN, y: w.y - 16, width: WIDTH, height: 16, color: FILL });
  ["SKU", "Description", "Ordered", "Delivered", "Shortfall reason"].forEach((h, i) => w.text(h, cols[i]! + 3, 9, true, INK, w.y - 4));
  w.y -= 18;
  let short = 0;
  for (const line of input.lines) {
    const desc = w.lines(line.description, 0, 9, 215, 2);
    const reason = line.reason ? w.lines(line.reason, 0, 9, WIDTH - 413, 3) : [];
    const height = Math.max(desc.length, reason.length, 1) * 11 + 4;
    w.ensure(height);
    const isShort = line.delivered !== null && line.delivered < line.ordered;
    if (isShort) short++;
    w.text(line.sku, cols[0]! + 3, 9, true);
    desc.forEach((d, i) => w.text(d, cols[1]! + 3, 9, false, INK, w.y - i * 11));
    w.text(String(line.ordered), cols[2]! + 3, 9);
    w.text(line.delivered === null ? String(line.ordered) : String(line.delivered), cols[3]! + 3, 9, isShort, isShort ? ALERT : INK);
    reason.forEach((r, i) => w.text(r, cols[4]! + 3, 9, false, INK, w.y - i * 11));
    w.y -= height;
  }
  w.y -= 4;
  w.ensure(14);
  w.text(short ? `Delivered short on ${short} line(s)` : "Delivered in full", MARGIN, 10, true, short ? ALERT : INK);
  w.y -= 18;

  if (input.cod) {
    w.ensure(30);
    w.text("Cash on delivery", MARGIN, 11, true);
    w.y -= 15;
    const collected = input.cod.collectedCents;
    const diff = collected === null ? null : collected - input.cod.dueCents;
    const line = `Due ${dollars(input.cod.dueCents)}   Collected ${collected === null ? "not recorded" : dollars(collected)}${diff ? `   Difference ${diff < 0 ? "-" : "+"}${dollars(Math.abs(diff))}` : ""}`;
    w.text(line, MARGIN, 10, false, diff ? ALERT : INK);
    w.y -= 20;
  }

  // Signature.
  w.ensure(110);
  w.text("Signature", MARGIN, 11, true);
  w.y -= 15;
  const signature = input.signaturePng ? await embed(doc, "image/png", input.signaturePng) : null;
  if (signature) {
    const scale = Math.min(240 / signature.width, 80 / signature.height, 1);
    const sw = signature.width * scale;
    const sh = signature.height * scale;
    w.page.drawImage(signature, { x: MARGIN, y: w.y - sh, width: sw, height: sh });
    w.y -= sh + 4;
  } else {
    w.text("No signature captured", MARGIN, 10, false, MUTED);
    w.y -= 14;
  }
  w.page.drawLine({ start: { x: MARGIN, y: w.y }, end: { x: MARGIN + 240, y: w.y }, thickness: 0.6, color: MUTED });
  w.text(input.receivedBy || "-", MARGIN, 9, false, MUTED, w.y - 3);
  w.y -= 22;

  // Photos, two per row.
  const photos = input.photos.slice(0, MAX_PDF_PHOTOS);
  if (photos.length) {
    w.ensure(20);
    w.text("Photos", MARGIN, 11, true);
    w.y -= 16;
    const cell = (WIDTH - 12) / 2;
    for (let i = 0; i < photos.length; i += 2) {
      const row = await Promise.all(photos.slice(i, i + 2).map(async (p) => ({ p, img: await embed(doc, p.contentType, p.bytes) })));
      const boxH = 200;
      w.ensure(boxH + 16);
      row.forEach(({ p, img }, j) => {
        const x = MARGIN + j * (cell + 12);
        if (img) {
          const scale = Math.min(cell / img.width, boxH / img.height, 1);
          w.page.drawImage(img, { x, y: w.y - img.height * scale, width: img.width * scale, height: img.height * scale });
        } else {
          w.text("(photo kept as a file)", x, 9, false, MUTED);
        }
        w.text(p.label, x, 8, false, MUTED, w.y - boxH - 2);
      });
      w.y -= boxH + 16;
    }
  }

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    page.drawText(`${input.orderNumber} - Page ${i + 1} of ${pages.length}`, { x: MARGIN, y: 20, size: 8, font: fonts.regular, color: MUTED });
  });
  return doc.save();
}
