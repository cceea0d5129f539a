// A fake camera for Chromium (--use-file-for-fake-video-capture): a Y4M video of one EAN-13 / UPC-A barcode
// on white, drawn here from the code's digits (no image libraries). Used by the camera journey and the scan
// bench. Node-only.
import { writeFileSync } from "node:fs";

const L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"];
const G = ["0100111", "0110011", "0011011", "0100001", "0011101", "0111001", "0000101", "0010001", "0001001", "0010111"];
const R = ["1110010", "1100110", "1101100", "1000010", "1011100", "1001110", "1010000", "1000100", "1001000", "1110100"];
const PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"];

/** The 95 modules of an EAN-13 (a 12-digit UPC-A is the EAN-13 with a leading 0), '1' for a bar. */
export function ean13Modules(code: string): string {
  const digits = code.length === 12 ? `0${code}` : code;
  if (!/^\d{13}$/.test(digits)) throw new Error(`not an EAN-13 or UPC-A: ${code}`);
  const d = [...digits].map(Number);
  const parity = PARITY[d[0]!]!;
  let out = "101";
  for (let i = 1; i <= 6; i++) out += (parity[i - 1] === "L" ? L : G)[d[i]!]!;
  out += "01010";
  for (let i = 7; i <= 12; i++) out += R[d[i]!]!;
  return `${out}101`;
}

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
