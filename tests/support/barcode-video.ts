// A fake camera for Chromium (--use-file-for-fake-video-capture): a Y4M video of one EAN-13 / UPC-A barcode
// on white, drawn here from the code's digits (no image libraries). Used by the camera journey and the scan
// bench. Node-only.
import { writeFileSync } from "node:fs";
import { ean13Modules } from "~/domain/picking/barcodes";

export { ean13Modules };

/**
 * Writes a Y4M (4:2:0, 15 frames a second) of `frames` frames of the barcode centred on white, then
 * `blankFrames` of white. Chromium loops the file: with no blank frames the camera keeps showing the code;
 * with some, the label comes and goes like a picker's next scan. Returns the path.
 */
export function writeBarcodeVideo(path: string, code: string, { width = 640, height = 480, module = 4, frames = 10, blankFrames = 0 } = {}): string {
  const modules = ean13Modules(code);
  const barWidth = modules.length * module;
  const left = Math.floor((width - barWidth) / 2);
  const top = Math.floor(height * 0.2);
  const bottom = Math.floor(height * 0.8);
  const y = Buffer.alloc(width * height, 235);
  for (let row = top; row < bottom; row++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] !== "1") continue;
      y.fill(16, row * width + left + m * module, row * width + left + (m + 1) * module);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  const blank = Buffer.concat([Buffer.from("FRAME\n"), Buffer.alloc(width * height, 235), chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame), ...Array.from({ length: blankFrames }, () => blank)]));
  return path;
}
