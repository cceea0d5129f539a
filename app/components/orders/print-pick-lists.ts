// Batch print (spec 001 §7): generate each selected order's pick list and print it through a hidden frame.
import { pickListApi, type PrintUser } from "~/components/documents/api";

export type { PrintUser };
export type PrintResult = { orderNumber: string; ok: boolean; error?: string };

export const PRINT_MESSAGES = {
  generate: "Failed to generate pick list",
  noUrl: "No PDF URL returned",
  print: "Failed to print pick list",
  forbidden: "You do not have permission to print pick lists.",
} as const;

/** Loads the PDF in an invisible iframe and calls print(); a blocked frame falls back to a new tab. */
function printUrl(url: string): void {
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.title = "Pick list print frame";
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden";
  frame.src = url;
  const fallback = () => {
    window.open(url, "_blank", "noopener");
  };
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      fallback();
    }
    // Leave the frame long enough for the print dialog to read it.
    setTimeout(() => frame.remove(), 60_000);
  };
  frame.onerror = fallback;
  document.body.appendChild(frame);
}

/** One order: ask for the pick list through the one pick list client, then print the returned presignedUrl. */
async function printOne(orderNumber: string, user: PrintUser): Promise<PrintResult> {
  const res = await pickListApi.generate(orderNumber, user);
  if (!res.ok) return { orderNumber, ok: false, error: res.error.status === 403 ? PRINT_MESSAGES.forbidden : PRINT_MESSAGES.generate };
  if (!res.data.presignedUrl) return { orderNumber, ok: false, error: PRINT_MESSAGES.noUrl };
  try {
    printUrl(res.data.presignedUrl);
    return { orderNumber, ok: true };
  } catch {
    return { orderNumber, ok: false, error: PRINT_MESSAGES.print };
  }
}

/** Prints the orders one after another so the browser's print dialogs do not pile up at once. */
export async function printPickLists(orderNumbers: readonly string[], user: PrintUser): Promise<PrintResult[]> {
  const results: PrintResult[] = [];
  for (const orderNumber of orderNumbers) results.push(await printOne(orderNumber, user));
  return results;
}
