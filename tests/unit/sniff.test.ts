// The upload type check reads the bytes, never the name: table-driven cases for every accepted type and the tricks.
import { describe, expect, it } from "vitest";
import { EXTENSION_BY_TYPE, sniffContentType } from "~/domain/files/sniff";

const text = (s: string) => new TextEncoder().encode(s);
const bytes = (...parts: (number[] | string)[]) => {
  const chunks = parts.map((p) => (typeof p === "string" ? text(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const ftyp = (major: string, ...compatible: string[]) =>
  bytes(u32be(16 + 4 * compatible.length), "ftyp", major, [0, 0, 0, 0], ...compatible, [0, 0, 0, 0x20], "meta");

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0]);
const BMP = bytes("BM", [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0], [40, 0, 0, 0], [1, 0, 0, 0]);

// Each case is named the way the file would arrive from a browser: the name is deliberately ignored.
const cases: { name: string; input: Uint8Array; expected: string | null }[] = [
  { name: "photo.jpg (JFIF)", input: JPEG, expected: "image/jpeg" },
  { name: "photo.jpg (EXIF)", input: bytes([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x18], "Exif"), expected: "image/jpeg" },
  { name: "scan.png", input: PNG, expected: "image/png" },
  { name: "a PNG renamed invoice.pdf", input: PNG, expected: "image/png" },
  { name: "anim.gif (89a)", input: bytes("GIF89a", [1, 0, 1, 0]), expected: "image/gif" },
  { name: "old.gif (87a)", input: bytes("GIF87a", [1, 0, 1, 0]), expected: "image/gif" },
  { name: "photo.webp", input: bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), expected: "image/webp" },
  { name: "a RIFF that is a WAV, named .webp", input: bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "), expected: null },
  { name: "diagram.bmp", input: BMP, expected: "image/bmp" },
  { name: "a text file starting with BM, named .bmp", input: text("BMW parts list, 2024 edition"), expected: null },
  { name: "iphone.heic (heic brand)", input: ftyp("heic", "mif1", "heic"), expected: "image/heic" },
  { name: "burst.heic (heix brand)", input: ftyp("heix", "mif1"), expected: "image/heic" },
  { name: "iphone.heic (mif1 major brand)", input: ftyp("mif1", "heic"), expected: "image/heic" },
  { name: "sequence.heic (msf1 major brand)", input: ftyp("msf1", "hevc"), expected: "image/heic" },
  { name: "an AVIF named .heic", input: ftyp("avif", "mif1", "miaf"), expected: null },
  { name: "an AVIF with a mif1 major brand named .heic", input: ftyp("mif1", "avif"), expected: null },
  { name: "an MP4 video named .heic", input: ftyp("isom", "iso2", "mp41"), expected: null },
  { name: "invoice.pdf", input: text("%PDF-1.7\n%âãÏÓ\n1 0 obj"), expected: "application/pdf" },
  { name: "an HTML page named photo.png", input: text("<!doctype html><html><script>alert(1)</script>"), expected: null },
  { name: "an SVG named logo.png (scriptable, never accepted)", input: text('<svg xmlns="http://www.w3.org/2000/svg"/>'), expected: null },
  { name: "an HTML page mentioning %PDF- later", input: text("<html>%PDF-1.4</html>"), expected: null },
  { name: "a zip named report.pdf", input: bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), expected: null },
  { name: "empty.png (zero bytes)", input: new Uint8Array(0), expected: null },
  { name: "a truncated PNG signature", input: bytes([0x89, 0x50, 0x4e, 0x47]), expected: null },
  { name: "a single 0xFF byte", input: bytes([0xff]), expected: null },
];

describe("sniffContentType", () => {
  it.each(cases)("$name → $expected", ({ input, expected }) => {
    expect(sniffContentType(input)).toBe(expected);
  });

  it("gives every accepted type a file extension for server keys", () => {
    const seen = cases.map((c) => sniffContentType(c.input)).filter((t): t is NonNullable<typeof t> => t !== null);
    for (const type of seen) expect(EXTENSION_BY_TYPE[type]).toMatch(/^[a-z]+$/);
  });
});
