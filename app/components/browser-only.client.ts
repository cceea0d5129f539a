// The browser-only libraries (camera barcode decoder, PDF renderer, signature pad), each loaded on first use.
// The `.client` suffix keeps them out of the Worker: Remix's server build sees every export here as undefined,
// so nothing that imports this module may call it during render; effects and handlers only.

/** ZXing, the camera's decoder where the browser has no BarcodeDetector. */
export function loadZxing() {
  return import("@zxing/library");
}

/** pdf.js with its worker's URL (from our own origin). */
export function loadPdfJsModules() {
  return Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]);
}

/** signature_pad, for the delivery wizard's and the report forms' signatures. */
export function loadSignaturePad() {
  return import("signature_pad");
}
