// A report as a PDF for the container's paperwork (pdf-lib, workerd-safe): the facts and tables through the
// shared simple renderer, then the photos (and a drawn signature) two to a page with their captions. An image
// pdf-lib cannot embed (HEIC, WebP, a damaged file) is listed by name instead of failing the document.
import { PDFDocument, rgb } from "pdf-lib";
import { embedHelvetica, printable, renderSimplePdf, type SimplePdf } from "./pdf.server";

export type PdfPhoto = { caption: string; bytes: Uint8Array | null; contentType: string };

const PAGE = { width: 612, height: 792 };
const MARGIN = 48;
const SLOT_HEIGHT = (PAGE.height - 2 * MARGIN - 24) / 2;
const CAPTION = 10;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

export async function renderReportPdf(doc: SimplePdf, photos: PdfPhoto[]): Promise<Uint8Array> {
  const base = await renderSimplePdf(doc);
  if (!photos.length) return base;
  const pdf = await PDFDocument.load(base);
  const fonts = await embedHelvetica(pdf);
  let page = null as ReturnType<typeof pdf.addPage> | null;
  let slot = 0;
  for (const photo of photos) {
    if (!page || slot === 2) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      page.drawText(printable(fonts, `${doc.title}: photos`), { x: MARGIN, y: PAGE.height - MARGIN, size: 12, font: fonts.bold, color: INK });
      slot = 0;
    }
    const top = PAGE.height - MARGIN - 24 - slot * SLOT_HEIGHT;
    page.drawText(printable(fonts, photo.caption).slice(0, 110), { x: MARGIN, y: top - CAPTION, size: CAPTION, font: fonts.bold, color: INK });
    const image = await embed(pdf, photo).catch(() => null);
    if (image) {
      const maxW = PAGE.width - 2 * MARGIN;
      const maxH = SLOT_HEIGHT - CAPTION - 20;
      const scale = Math.min(maxW / image.width, maxH / image.height, 1);
      page.drawImage(image, { x: MARGIN, y: top - CAPTION - 8 - image.height * scale, width: image.width * scale, height: image.height * scale });
    } else {
      page.drawText(printable(fonts, `This photo cannot be shown in a PDF (${photo.contentType}). Open it from the report in the app.`), {
        x: MARGIN,
        y: top - CAPTION - 20,
        size: 9,
        font: fonts.regular,
        color: MUTED,
      });
    }
    slot += 1;
  }
  return pdf.save();
}

async function embed(pdf: PDFDocument, photo: PdfPhoto) {
  if (!photo.bytes) return null;
  if (photo.contentType === "image/jpeg") return pdf.embedJpg(photo.bytes);
  if (photo.contentType === "image/png") return pdf.embedPng(photo.bytes);
  return null;
}
