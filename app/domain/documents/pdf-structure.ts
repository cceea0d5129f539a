// Reads a PDF's objects (pdf-lib's parser, which also unpacks compressed object streams) and says whether any
// of them names something that runs when the PDF is opened. Pure: bytes in, a reason or null out.
import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from "pdf-lib";

/**
 * Keys and values that make a PDF do something by itself: scripts (/JS, /JavaScript), starting programs
 * (/Launch), files carried inside (/EmbeddedFile, /EmbeddedFiles), Flash and media (/RichMedia), XML forms that
 * run script (/XFA). Compared without case, as the byte search does: a reader that forgives case must not be
 * able to run what we let through.
 */
const ACTIVE_NAMES = new Set(["js", "javascript", "launch", "embeddedfile", "embeddedfiles", "richmedia", "xfa"]);

export const PDF_ACTIVE_REASON = "PDFs with scripts, launch actions or embedded files are not accepted";
export const PDF_UNREADABLE_REASON = "This PDF could not be checked (it is damaged or encrypted). Print it to a new PDF and upload that";

/** A name as a reader resolves it: `#xx` escapes decoded (pdf-lib decodes only upper-case ones), lower case. */
function plainName(name: PDFName): string {
  return name
    .decodeText()
    .replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .toLowerCase();
}

function isActive(object: PDFObject): boolean {
  return object instanceof PDFName && ACTIVE_NAMES.has(plainName(object));
}

/** Walks one object's dictionaries and arrays (a stream's dictionary, not its data) without recursion. */
function namesActiveContent(root: PDFObject): boolean {
  const stack: PDFObject[] = [root];
  while (stack.length) {
    const object = stack.pop()!;
    if (object instanceof PDFStream) stack.push(object.dict);
    else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        if (isActive(key) || isActive(value)) return true;
        stack.push(value);
      }
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) {
        if (isActive(value)) return true;
        stack.push(value);
      }
    }
  }
  return false;
}

/**
 * Why this PDF must not be stored, or null. Every object counts, reachable from the catalog or not: readers
 * repair broken files by scanning for objects, so an orphan can become live. A PDF the parser cannot read
 * (damaged, or encrypted so that its packed objects are unreadable) cannot be vouched for and is refused.
 */
export async function pdfStructureReason(bytes: Uint8Array): Promise<string | null> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch {
    return PDF_UNREADABLE_REASON;
  }
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (namesActiveContent(object)) return PDF_ACTIVE_REASON;
  }
  return null;
}
