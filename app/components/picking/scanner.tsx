// Scanning on the picking screen with the phone camera: the browser's BarcodeDetector where it has one, else the
// ZXing decoder (loaded only when the camera opens). A code seen again within a moment is the same scan, not a
// second unit. Each camera scan records a 'scan-to-confirm' performance measure. This module loads when the
// picking screen is idle, not with its first paint (issue 25); the hardware scanner is wedge-scanner.ts.
import { Camera, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { loadZxing } from "~/components/browser-only.client";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ean13Modules } from "~/domain/picking/barcodes";
import type { ScanOutcome } from "~/domain/picking/scan";
import { prepareFeedback } from "./feedback";

/** The same code again within this time is the same scan (the camera sees a label many times a second). */
export const SAME_CODE_COOLDOWN_MS = 1200;
const FRAME_INTERVAL_MS = 90;

type Detect = (source: HTMLCanvasElement) => Promise<string | null>;

type NativeDetector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type NativeDetectorClass = { new (opts: { formats: string[] }): NativeDetector; getSupportedFormats(): Promise<string[]> };

const WANTED = ["ean_13", "ean_8", "upc_a", "upc_e", "code_128", "code_39", "itf", "qr_code", "data_matrix"];

/** The browser's BarcodeDetector when it decodes retail codes here, else ZXing (a separate chunk). */
async function createDetector(): Promise<{ detect: Detect; engine: string }> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      const formats = (await Native.getSupportedFormats()).filter((f) => WANTED.includes(f));
      if (formats.includes("ean_13")) {
        const detector = new Native({ formats });
        return { engine: "BarcodeDetector", detect: async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null };
      }
    } catch {
      // Fall through to ZXing.
    }
  }
  const zxing = await loadZxing();
  const hints = new Map();
  const F = zxing.BarcodeFormat;
  hints.set(zxing.DecodeHintType.POSSIBLE_FORMATS, [F.EAN_13, F.EAN_8, F.UPC_A, F.UPC_E, F.CODE_128, F.CODE_39, F.ITF, F.QR_CODE, F.DATA_MATRIX]);
  const reader = new zxing.MultiFormatReader();
  reader.setHints(hints);
  const detect: Detect = async (canvas) => {
    try {
      const bitmap = new zxing.BinaryBitmap(new zxing.HybridBinarizer(new zxing.HTMLCanvasElementLuminanceSource(canvas)));
      return reader.decodeWithState(bitmap).getText();
    } catch {
      return null; // NotFoundException: no code in this frame.
    } finally {
      reader.reset();
    }
  };
  // One decode of a drawn label while the camera starts: the first real scan does not pay for warming up.
  const sample = document.createElement("canvas");
  const modules = ean13Modules("036000291452");
  sample.width = modules.length * 2 + 40;
  sample.height = 60;
  const g = sample.getContext("2d")!;
  g.fillStyle = "#fff";
  g.fillRect(0, 0, sample.width, sample.height);
  g.fillStyle = "#000";
  for (let m = 0; m < modules.length; m++) if (modules[m] === "1") g.fillRect(20 + m * 2, 5, 2, 50);
  await detect(sample);
  return { engine: "ZXing", detect };
}

export function CameraScanner({ open, onClose, onScan }: { open: boolean; onClose(): void; onScan(code: string): ScanOutcome | null }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<ScanOutcome | null>(null);
  const [engine, setEngine] = useState<string | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const recent = new Map<string, number>();
    setError(null);
    setLast(null);
    // The tap that opened the camera allows sound: make the beep's audio now, not on the first scan.
    prepareFeedback();
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error("This browser cannot use the camera. Use a hardware scanner or type the code.");
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
        if (stopped) return;
        const video = videoRef.current!;
        video.srcObject = stream;
        await video.play();
        const detector = await createDetector();
        if (stopped) return;
        setEngine(detector.engine);
        const canvas = document.createElement("canvas");
        const tick = async () => {
          if (stopped) return;
          if (video.videoWidth && video.readyState >= 2) {
            const started = performance.now();
            canvas.width = video.videoWidth;
            canvas.height = video.videoHeight;
            canvas.getContext("2d", { willReadFrequently: true })!.drawImage(video, 0, 0);
            const code = await detector.detect(canvas);
            const now = performance.now();
            if (code && !stopped && now - (recent.get(code) ?? -Infinity) > SAME_CODE_COOLDOWN_MS) {
              recent.set(code, now);
              const outcome = onScanRef.current(code);
              setLast(outcome);
              // Measured to the next paint: the line on screen shows the scan.
              requestAnimationFrame(() => performance.measure("scan-to-confirm", { start: started, end: performance.now() }));
            } else if (code) recent.set(code, now);
          }
          timer = window.setTimeout(() => void tick(), FRAME_INTERVAL_MS);
        };
        void tick();
      } catch (err) {
        const name = (err as { name?: string }).name;
        setError(name === "NotAllowedError" ? "Camera access was refused. Allow the camera in the browser's settings, or use a hardware scanner." : (err as Error).message || "The camera could not start.");
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="fixed inset-x-0 top-0 z-40 bg-slate-950/95 text-white shadow-xl" role="dialog" aria-modal="false" aria-label="Camera scanner" data-testid="camera-scanner">
      <div className="mx-auto flex max-w-[920px] items-center gap-2 px-3 py-2">
        <Camera className="size-5" aria-hidden="true" />
        <p className="flex-1 text-sm font-semibold">Point the camera at a barcode{engine ? <span className="sr-only"> ({engine})</span> : null}</p>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close camera" className="text-white hover:bg-white/10">
          <X className="size-5" aria-hidden="true" />
        </Button>
      </div>
      <div className="relative mx-auto h-40 max-w-[920px] overflow-hidden bg-black sm:h-56">
        <video ref={videoRef} className="size-full object-cover" muted playsInline aria-hidden="true" />
        <div className="pointer-events-none absolute inset-x-6 top-1/2 h-0.5 -translate-y-1/2 bg-red-500/80" aria-hidden="true" />
      </div>
      <p
        role="status"
        className={cn("mx-auto max-w-[920px] px-3 py-2 text-sm font-medium", error || (last && !last.ok) ? "text-red-300" : last ? "text-green-300" : "text-slate-300")}
        data-testid="camera-result"
      >
        {error ?? last?.message ?? "Scanning…"}
      </p>
    </div>
  );
}
