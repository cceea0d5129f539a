// Batch printing while selecting (desktop, spec 001 §7): the bar with the number selected, Clear and Print Pick
// Lists, and the one merged PDF in the in-app viewer. Loaded when selecting starts, not with the list.
import { lazy, Suspense, useState } from "react";
import type { PdfDocumentRef } from "~/components/documents/pdf-viewer";
import { toast } from "~/components/ui/toast";
import { BatchBar } from "./batch-bar";

const PdfViewer = lazy(() => import("~/components/documents/pdf-viewer").then((m) => ({ default: m.PdfViewer })));

export function BatchPrint({ selected, viewer, isPhone, disabled, onClear }: {
  selected: ReadonlySet<string>;
  viewer: { name: string; email: string };
  isPhone: boolean;
  /** The rows are being replaced or failed to load: printing waits. */
  disabled: boolean;
  onClear: () => void;
}) {
  const [printing, setPrinting] = useState(false);
  const [printDoc, setPrintDoc] = useState<PdfDocumentRef | null>(null);

  async function print() {
    setPrinting(true);
    // Loaded on the first batch print: the documents client is not in the list's first load (150 KB budget).
    const printer = await import("./print-pick-lists").catch(() => null);
    if (!printer) {
      setPrinting(false);
      return void toast.error("No connection: the pick lists were not printed. Check the signal and try again.");
    }
    // One merged PDF from the server, opened once in the in-app viewer (Print and Download there).
    const result = await printer.printPickLists([...selected], viewer);
    setPrinting(false);
    if (!result.ok) return void toast.error(result.error);
    setPrintDoc(result.doc);
  }

  return (
    <>
      <BatchBar count={selected.size} printing={printing} disabled={disabled} onClear={onClear} onPrint={print} />
      {printDoc ? (
        <Suspense fallback={null}>
          <PdfViewer doc={printDoc} isPhone={isPhone} onClose={() => setPrintDoc(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
