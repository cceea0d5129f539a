// Printing a pick list from the browser: ask the server for the release order's link, print it through a
// hidden frame, fall back to a new tab (spec 001 batch print, spec 002 §8 messages).
import { pickListApi, type PrintUser } from "~/components/documents/api";

export const PRINT_MESSAGES = {
  generate: "Failed to generate pick list",
  noUrl: "No PDF URL returned",
  print: "Failed to print pick list",
  denied: "You do not have permission to print pick lists.",
} as const;

export type { PrintUser };

/** Resolves when printing started (frame or tab); rejects with one of PRINT_MESSAGES (or the server's reason). */
export async function printPickList(orderNumber: string, user: PrintUser): Promise<"frame" | "tab"> {
  const res = await pickListApi.generate(orderNumber, user);
  if (!res.ok) {
    if (res.error.status === 403) throw new Error(PRINT_MESSAGES.denied);
    // The server's own reason when it gave one; a lost connection or a bare status is the spec's message.
    const said = (res.error.body as { error?: unknown } | undefined)?.error;
    throw new Error(res.error.kind === "http" && typeof said === "string" && said ? res.error.message : PRINT_MESSAGES.generate);
  }
  if (!res.data.presignedUrl) throw new Error(PRINT_MESSAGES.noUrl);
  return printUrl(res.data.presignedUrl);
}

function printUrl(url: string): Promise<"frame" | "tab"> {
  return new Promise((resolve, reject) => {
    const fallback = () => {
      const tab = window.open(url, "_blank", "noopener");
      if (tab || !navigator.userAgent) resolve("tab");
      else reject(new Error(PRINT_MESSAGES.print));
    };
    const frame = document.createElement("iframe");
    frame.setAttribute("aria-hidden", "true");
    frame.title = "Pick list print frame";
    frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden";
    frame.src = url;
    const timer = window.setTimeout(() => {
      frame.remove();
      fallback();
    }, 15_000);
    frame.onload = () => {
      window.clearTimeout(timer);
      try {
        frame.contentWindow?.focus();
        frame.contentWindow?.print();
        resolve("frame");
        // Leave the frame long enough for the print dialog to read it.
        window.setTimeout(() => frame.remove(), 60_000);
      } catch {
        frame.remove();
        fallback();
      }
    };
    document.body.appendChild(frame);
  });
}
