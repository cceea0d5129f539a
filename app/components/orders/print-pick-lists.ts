// Batch print (spec 001 §7, issue 24): the server merges the selected orders' pick lists into ONE PDF, which the
// in-app viewer opens once with Print and Download (docs/decisions/041-batch-print-is-one-document.md). No hidden
// frame per order: that crashed the tab with two orders, and Android shows no PDF in a frame at all.
import { pickListBatchApi, type PrintUser } from "~/components/documents/api";
import type { PdfDocumentRef } from "~/components/documents/pdf-viewer";

export type { PrintUser };
export type BatchPrintResult = { ok: true; doc: PdfDocumentRef; count: number } | { ok: false; error: string };

export const PRINT_MESSAGES = {
  generate: "Failed to generate pick list",
  noUrl: "No PDF URL returned",
  forbidden: "You do not have permission to print pick lists.",
} as const;

/** One call for the whole selection; a refusal keeps the server's plain words (which order, why). */
export async function printPickLists(orderNumbers: readonly string[], user: PrintUser): Promise<BatchPrintResult> {
  const res = await pickListBatchApi.merge(orderNumbers, user);
  if (!res.ok) {
    if (res.error.status === 403) return { ok: false, error: PRINT_MESSAGES.forbidden };
    return { ok: false, error: res.error.kind === "http" && res.error.message ? res.error.message : PRINT_MESSAGES.generate };
  }
  if (!res.data.presignedUrl) return { ok: false, error: PRINT_MESSAGES.noUrl };
  const count = res.data.orderNumbers.length;
  return {
    ok: true,
    count,
    doc: { url: res.data.presignedUrl, title: `Pick lists (${count})`, filename: `pick-lists-${count}.pdf` },
  };
}
