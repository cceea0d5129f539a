// A client's file name is kept only as a label: cleaned of paths, bidirectional and control characters, bounded.
import { describe, expect, it } from "vitest";
import { cleanFilename, MAX_FILE_NAME_LENGTH } from "~/domain/documents/file-name";

describe("cleanFilename", () => {
  it.each([
    ["a plain name is kept", "invoice 2025-03.pdf", "invoice 2025-03.pdf"],
    ["RLO (U+202E) no longer turns photo\u202Egnp.exe into 'photoexe.png'", "photo\u202Egnp.exe", "photognp.exe"],
    ["LRE, RLE, PDF, LRO (U+202A–U+202D)", "a\u202Ab\u202Bc\u202Cd\u202De.png", "abcde.png"],
    ["isolates LRI, RLI, FSI, PDI (U+2066–U+2069)", "\u2066x\u2067y\u2068z\u2069.jpg", "xyz.jpg"],
    ["LRM and RLM (U+200E, U+200F)", "scan\u200E\u200F.png", "scan.png"],
    ["the Arabic letter mark (U+061C)", "\u061Cfile.png", "file.png"],
    ["C0 controls and DEL", "a\u0000b\u0007c\u001bd\u007f.png", "abcd.png"],
    ["C1 controls (U+0080–U+009F)", "a\u0080b\u009bc\u009f.png", "abc.png"],
    ["a byte-order mark", "\uFEFFbom.png", "bom.png"],
    ["line breaks and tabs become one space, so words stay apart", "May\r\ninvoice\t1.pdf", "May invoice 1.pdf"],
    ["NEL and the Unicode line and paragraph separators too", "a\u0085b\u2028c\u2029d.png", "a b c d.png"],
    ["double quotes (they would end the header's quoted value)", 'Bốc xếp "A".png', "Bốc xếp A.png"],
    ["a Unix path keeps its last segment", "../../etc/passwd", "passwd"],
    ["a Windows path keeps its last segment", "C:\\Users\\ann\\Desktop\\dock.jpg", "dock.jpg"],
    ["decomposed accents are composed (NFC)", "Cafe\u0301.png", "Café.png"],
    ["zero-width joiners stay (emoji and some scripts need them)", "👩\u200D🌾 farm.png", "👩\u200D🌾 farm.png"],
    ["Arabic and Hebrew letters stay (only the controls go)", "فاتورة.pdf", "فاتورة.pdf"],
    ["a lone surrogate (unencodable in a header) is dropped", "a\uD800b.png", "ab.png"],
    ["surrounding spaces are trimmed", "  spaced.png  ", "spaced.png"],
  ])("%s", (_name, input, expected) => {
    expect(cleanFilename(input, "fallback")).toBe(expected);
  });

  it.each([
    ["nothing", undefined],
    ["null", null],
    ["the empty name", ""],
    ["only controls", "\u202E\u0000\u200F"],
    ["only a path", "folder/"],
    [".", "."],
    ["..", ".."],
    ["spaces around ..", " .. "],
  ])("falls back for %s", (_name, input) => {
    expect(cleanFilename(input, "photo.png")).toBe("photo.png");
  });

  it("keeps at most 200 characters and never cuts an emoji in half", () => {
    const long = `${"a".repeat(MAX_FILE_NAME_LENGTH - 1)}🍚🍚.png`;
    const cleaned = cleanFilename(long, "x");
    expect(Array.from(cleaned)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(cleaned.endsWith("🍚")).toBe(true);
    expect(() => encodeURIComponent(cleaned)).not.toThrow();
  });

  it("is idempotent: a cleaned name cleans to itself", () => {
    for (const name of ["photo\u202Egnp.exe", "May\r\ninvoice.pdf", 'a "b".png', "x".repeat(300)]) {
      const once = cleanFilename(name, "f");
      expect(cleanFilename(once, "f")).toBe(once);
    }
  });
});
