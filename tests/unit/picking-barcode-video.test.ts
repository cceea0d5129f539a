// The fake camera's barcode (tests/support/barcode-video.ts) is a real EAN-13: ZXing, the screen's fallback
// decoder, reads back the code it was drawn from, and parseScan turns it into the key the line carries.
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from "@zxing/library";
import { describe, expect, it } from "vitest";
import { barcodeKey, parseScan } from "~/domain/picking/barcodes";
import { ean13Modules } from "../support/barcode-video";

function decode(code: string): string {
  const modules = ean13Modules(code);
  const width = 480;
  const height = 120;
  const lum = new Uint8ClampedArray(width * height).fill(235);
  const left = Math.floor((width - modules.length * 4) / 2);
  for (let row = 10; row < 110; row++) for (let m = 0; m < modules.length; m++) if (modules[m] === "1") lum.fill(16, row * width + left + m * 4, row * width + left + (m + 1) * 4);
  const reader = new MultiFormatReader();
  reader.setHints(new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.UPC_A]]]));
  return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, width, height)))).getText();
}

describe("the fake camera's barcode", () => {
  it.each(["036000291452", "4006381333931", "0712345678911"])("%s is drawn as a code ZXing reads back to the same key", (code) => {
    expect(ean13Modules(code)).toHaveLength(95);
    expect(parseScan(decode(code)).key).toBe(barcodeKey(code));
  });
});
