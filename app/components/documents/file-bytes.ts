// The one place a screen of this area fetches a file's bytes (a PDF for pdf.js, download and print): a stored
// file's short-lived link is not an /api JSON call, so it does not go through apiFetch, but its failures read
// like apiFetch's, in plain words (never the browser's "Failed to fetch").
import { networkMessage, plainError } from "~/domain/api-contract";

export type FileBytes = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; message: string };

/** The bytes at `url` (same-origin credentials), or what went wrong in words a person can act on. */
export async function fetchFileBytes(url: string, signal?: AbortSignal): Promise<FileBytes> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin", signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, message: networkMessage("GET") };
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    return { ok: false, message: plainError(res.status, body?.error, {}) };
  }
  return { ok: true, bytes: new Uint8Array(await res.arrayBuffer()) };
}
