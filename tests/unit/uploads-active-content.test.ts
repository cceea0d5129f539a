// The active-content rule every upload gets (findActiveContent): markup in images, and in PDFs every object,
// including those packed in compressed object streams, with no false alarm from compressed page data.
import { describe, expect, it } from "vitest";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { activeContentReason, findActiveContent } from "~/domain/documents/active-content";
import { PDF_ACTIVE_REASON, PDF_UNREADABLE_REASON } from "~/domain/documents/pdf-structure";
import type { SniffedType } from "~/domain/files/sniff";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const join = (...parts: (string | Uint8Array)[]) => {
  const chunks = parts.map((p) => (typeof p === "string" ? latin1(p) : p));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};
/** Deterministic bytes that look like compressed data (xorshift), so a case is the same on every run. */
function noise(length: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}
const asText = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes).toLowerCase();

/** A real PDF as pdf-lib writes it: the catalog and every dictionary packed in a compressed object stream. */
async function packedPdf(edit: (doc: PDFDocument) => void = () => {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  edit(doc);
  return doc.save({ useObjectStreams: true });
}

/** A hand-written PDF whose objects are plain text (no object stream). */
const plainPdf = (...objects: string[]) =>
  latin1(`%PDF-1.4\n${objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join("")}trailer << /Root 1 0 R >>\n%%EOF\n`);

describe("findActiveContent: PDFs", () => {
  it.each<[string, () => Promise<Uint8Array> | Uint8Array, string | null]>([
    ["a clean PDF as pdf-lib writes it (packed objects)", () => packedPdf(), null],
    ["a hand-written clean PDF", () => plainPdf("<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"), null],
    [
      "an /OpenAction /JavaScript packed in a compressed object stream (the byte search cannot see it)",
      () => packedPdf((doc) => doc.catalog.set(PDFName.of("OpenAction"), doc.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") }))),
      PDF_ACTIVE_REASON,
    ],
    [
      "a page's additional action with only a /JS key, packed",
      () => packedPdf((doc) => doc.getPage(0).node.set(PDFName.of("AA"), doc.context.obj({ O: { JS: PDFString.of("this.print()") } }))),
      PDF_ACTIVE_REASON,
    ],
    ["an XFA form, packed", () => packedPdf((doc) => doc.catalog.set(PDFName.of("AcroForm"), doc.context.obj({ Fields: [], XFA: PDFString.of("<xdp/>") }))), PDF_ACTIVE_REASON],
    [
      "a /Launch action in an array, packed",
      () => packedPdf((doc) => doc.catalog.set(PDFName.of("Names"), doc.context.obj({ Actions: [doc.context.obj({ S: "Launch", F: PDFString.of("cmd.exe") })] }))),
      PDF_ACTIVE_REASON,
    ],
    [
      "names spelled with #xx escapes (/J#61vaScript, /#6aS) that a reader resolves",
      () => plainPdf("<< /Type /Catalog /OpenAction 2 0 R >>", "<< /S /J#61vaScript /#6aS (app.alert(1)) >>"),
      PDF_ACTIVE_REASON,
    ],
    [
      "an orphan object no catalog points to (readers repairing a file find it)",
      () => plainPdf("<< /Type /Catalog >>", "<< /S /J#53 /JS (x) >>"),
      PDF_ACTIVE_REASON,
    ],
    ["an object the parser cannot read", () => latin1("%PDF-1.4\n1 0 obj << /A ( >> endobj\n%%EOF"), PDF_UNREADABLE_REASON],
    [
      "a /JS and /XFA inside compressed image data (chance bytes, not names)",
      () => plainPdf("<< /Type /Catalog >>", `<< /Length 4110 /Filter /FlateDecode >>\nstream\n${String.fromCharCode(...noise(2048))}/JS /XFA)${String.fromCharCode(...noise(2048, 7))}\nendstream`),
      null,
    ],
  ])("%s", async (_name, make, expected) => {
    expect(await findActiveContent(await make(), "application/pdf")).toBe(expected);
  });

  it("the packed script is invisible to a byte search, which is why the objects are read", async () => {
    const bytes = await packedPdf((doc) => doc.catalog.set(PDFName.of("OpenAction"), doc.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") })));
    expect(asText(bytes)).not.toContain("javascript");
    expect(activeContentReason(bytes, "application/pdf")).toBeNull();
    expect(await findActiveContent(bytes, "application/pdf")).toBe(PDF_ACTIVE_REASON);
  });

  it("a 10 MB scan's compressed data is not mistaken for a script (the byte search of /JS and /XFA was)", async () => {
    const scan = await packedPdf((doc) => {
      // Stored as it would arrive: already-compressed bytes under /FlateDecode.
      const image = doc.context.stream(noise(10 * 1024 * 1024, 12345), { Type: "XObject", Subtype: "Image", Filter: "FlateDecode" });
      doc.getPage(0).node.set(PDFName.of("PieceInfo"), doc.context.register(image));
    });
    // The old byte search (/JS, /XFA anywhere in the file) would have refused this scan.
    expect(/\/(?:js|xfa)(?![a-z0-9])/.test(asText(scan))).toBe(true);
    expect(await findActiveContent(scan, "application/pdf")).toBeNull();
  });
});

describe("activeContentReason: the byte search of a PDF (long names and HTML only)", () => {
  it.each<[string, string, string | null]>([
    ["/JavaScript in any case", "%PDF-1.7\n<< /S /jAvAsCrIpT >>", PDF_ACTIVE_REASON],
    ["/Launch as the file's last bytes", "%PDF-1.7\n<< /S /Launch", PDF_ACTIVE_REASON],
    ["/EmbeddedFiles", "%PDF-1.7\n<< /Names << /EmbeddedFiles 3 0 R >> >>", PDF_ACTIVE_REASON],
    ["/RichMedia before a delimiter", "%PDF-1.7\n<< /Subtype /RichMedia/Next 1 >>", PDF_ACTIVE_REASON],
    ["a longer name that only starts like one (/JavaScriptX)", "%PDF-1.7\n<< /JavaScriptX 1 >>", null],
    ["/EmbeddedFileZ", "%PDF-1.7\n<< /EmbeddedFileZ 1 >>", null],
    ["the word javascript without a slash (text in a page)", "%PDF-1.7\n(Learn JavaScript today)", null],
    ["a short name in the bytes (/JS) is left to the object reader", "%PDF-1.7\n<< /JS (x) >>", null],
    ["<HTML> in upper case", "%PDF-1.7\n<HTML><BODY>", "The file also contains HTML or script"],
  ])("%s", (_name, body, expected) => {
    expect(activeContentReason(latin1(body), "application/pdf")).toBe(expected);
  });
});

describe("findActiveContent: images", () => {
  it.each<[string, Uint8Array, SniffedType, RegExp | null]>([
    ["a clean PNG", PNG, "image/png", null],
    ["a PNG carrying <html><script>", join(PNG, "<html><script>alert(1)</script></html>"), "image/png", /HTML or script/],
    ["a JPEG with an appended ZIP", join("\xff\xd8\xff\xe0JFIF", "PK\x05\x06", new Uint8Array(18)), "image/jpeg", /archive/],
    ["a GIF with javascript:", join("GIF89a", "javascript:alert(1)"), "image/gif", /HTML or script/],
    ["a marker in mixed case at the very end", join(PNG, "<ScRiPt"), "image/png", /HTML or script/],
    ["a marker cut off by the end of the file", join(PNG, "<scrip"), "image/png", null],
    ["a WebP with <svg onload>", join("RIFF\x00\x00\x00\x00WEBP", "<svg onload=alert(1)>"), "image/webp", /HTML or script/],
  ])("%s", async (_name, bytes, type, expected) => {
    const reason = await findActiveContent(bytes, type);
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toMatch(expected);
  });
});
