// The one in-app PDF viewer (pick list, BOL, Will Call, delivery order, capture PDFs): pages drawn with pdf.js,
// which works where a frame does not (Android Chrome shows no PDF in an <iframe>), with zoom, download and
// print. pdf.js and its worker load on first open only, from our own origin (no CDN).
import { Download, ExternalLink, Loader2, Minus, Plus, Printer } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { loadPdfJsModules } from "~/components/browser-only.client";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { NativeDialog } from "~/components/ui/dialog";
import { fetchFileBytes } from "./file-bytes";

export type PdfDocumentRef = { url: string; title: string; filename: string };

type PdfJs = typeof import("pdfjs-dist");
let pdfjsLoading: Promise<PdfJs> | null = null;

/** pdf.js and its worker, fetched once when a first document opens: they stay out of the first-load JS. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoading ??= loadPdfJsModules()
    .then(([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    })
    .catch((error: unknown) => {
      pdfjsLoading = null;
      throw error;
    });
  return pdfjsLoading;
}

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; pages: number };

const ZOOMS = [0.75, 1, 1.25, 1.5, 2] as const;

/** Prints a PDF through a hidden same-origin frame; where a frame cannot print (phones), opens it in a tab. */
function printBlob(blobUrl: string) {
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.title = "PDF print frame";
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden";
  frame.src = blobUrl;
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(blobUrl, "_blank", "noopener");
    }
    setTimeout(() => frame.remove(), 60_000);
  };
  document.body.appendChild(frame);
}

export function PdfViewer({ doc, isPhone, onClose }: { doc: PdfDocumentRef | null; isPhone: boolean; onClose: () => void }) {
  return (
    <NativeDialog
      open={!!doc}
      onClose={onClose}
      title={doc?.title ?? "Document"}
      className={cn(
        isPhone
          ? "fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-hidden"
          : "m-auto h-[calc(100dvh-3rem)] max-h-none w-[calc(100vw-3rem)] max-w-4xl overflow-hidden rounded-2xl",
      )}
    >
      {doc ? <PdfPages key={doc.url} doc={doc} isPhone={isPhone} /> : null}
    </NativeDialog>
  );
}

function PdfPages({ doc, isPhone }: { doc: PdfDocumentRef; isPhone: boolean }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [zoom, setZoom] = useState<number>(1);
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const pdfRef = useRef<import("pdfjs-dist").PDFDocumentProxy | null>(null);

  // Load: the bytes once (they also serve download and print), then the document.
  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | null = null;
    (async () => {
      try {
        const loaded = await fetchFileBytes(doc.url);
        if (!loaded.ok) {
          if (!cancelled) setState({ status: "error", message: loaded.message });
          return;
        }
        const bytes = loaded.bytes;
        objectUrl = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
        if (cancelled) return;
        setBlobUrl(objectUrl);
        const pdfjs = await loadPdfJs();
        // A copy: pdf.js hands the buffer to its worker, and the blob above keeps its own.
        const pdf = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
        if (cancelled) {
          void pdf.destroy();
          return;
        }
        pdfRef.current = pdf;
        setState({ status: "ready", pages: pdf.numPages });
      } catch (error) {
        // pdf.js's own reasons are for developers: the person reads what happened.
        console.warn("pdf viewer: the document could not be shown", error);
        if (!cancelled) setState({ status: "error", message: "Could not load the document. Try again, or use Download." });
      }
    })();
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      void pdfRef.current?.destroy();
      pdfRef.current = null;
    };
  }, [doc.url]);

  // Draw every page at the container's width × zoom, sharp on high-density screens.
  useEffect(() => {
    const pdf = pdfRef.current;
    const box = container.current;
    if (state.status !== "ready" || !pdf || !box) return;
    let cancelled = false;
    const tasks: { cancel: () => void }[] = [];
    (async () => {
      const width = Math.max(240, box.clientWidth - 16);
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      for (let n = 1; n <= pdf.numPages && !cancelled; n++) {
        const page = await pdf.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (width / base.width) * zoom * ratio });
        const canvas = box.querySelector<HTMLCanvasElement>(`canvas[data-page="${n}"]`);
        if (!canvas || cancelled) return;
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        const task = page.render({ canvasContext: canvas.getContext("2d")!, viewport });
        tasks.push(task);
        await task.promise.catch(() => undefined);
      }
    })();
    return () => {
      cancelled = true;
      for (const t of tasks) t.cancel();
    };
  }, [state, zoom]);

  const zoomIndex = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  return (
    <div className="flex flex-col" data-testid="pdf-viewer" data-pdf-url={doc.url}>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 sm:px-5">
        <span className="text-sm text-slate-600" aria-live="polite">
          {state.status === "ready" ? `${state.pages} page${state.pages === 1 ? "" : "s"}` : state.status === "loading" ? "Loading…" : ""}
        </span>
        <div className="ml-auto flex flex-wrap items-center gap-1.5 sm:gap-2">
          <Button variant="outline" size="sm" aria-label="Zoom out" disabled={zoomIndex <= 0} onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex - 1)]!)}>
            <Minus className="size-4" aria-hidden="true" />
          </Button>
          <span className="w-11 text-center text-sm tabular-nums">{Math.round(zoom * 100)}%</span>
          <Button variant="outline" size="sm" aria-label="Zoom in" disabled={zoomIndex >= ZOOMS.length - 1} onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)]!)}>
            <Plus className="size-4" aria-hidden="true" />
          </Button>
          {blobUrl ? (
            <>
              <a href={blobUrl} download={doc.filename} className={buttonClass({ variant: "outline", size: "sm" })}>
                <Download className="size-4" aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Download</span>
              </a>
              <Button variant="outline" size="sm" onClick={() => printBlob(blobUrl)}>
                <Printer className="size-4" aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Print</span>
              </Button>
              <a href={doc.url} target="_blank" rel="noreferrer" className={buttonClass({ variant: "ghost", size: "sm" })} aria-label="Open in a new tab">
                <ExternalLink className="size-4" aria-hidden="true" />
              </a>
            </>
          ) : null}
        </div>
      </div>
      <div ref={container} className={cn("overflow-auto bg-slate-100 p-2", isPhone ? "h-[calc(100dvh-8.5rem)]" : "h-[calc(100dvh-12rem)]")}>
        {state.status === "loading" ? (
          <p role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" /> Loading document…
          </p>
        ) : state.status === "error" ? (
          <p role="alert" className="m-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {state.message}
          </p>
        ) : (
          <div className="flex flex-col items-center gap-3">
            {Array.from({ length: state.pages }, (_, i) => (
              <canvas key={i} data-page={i + 1} role="img" aria-label={`Page ${i + 1} of ${state.pages}`} className="bg-white shadow" />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
