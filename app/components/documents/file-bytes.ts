// The one place a screen of this area reads a file's bytes (a PDF for pdf.js, download and print), through
// the one client's apiBytes: a stored file's short-lived link is not an /api JSON call, but its failures read
// like every other call's, in plain words (never the browser's "Failed to fetch").
import { apiBytes } from "~/lib/api-client";

export type FileBytes = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; message: string };

/** The bytes at `url` (same-origin credentials), or what went wrong in words a person can act on. */
export async function fetchFileBytes(url: string, signal?: AbortSignal): Promise<FileBytes> {
  const result = await apiBytes(url, { signal });
  return result.ok ? { ok: true, bytes: result.data } : { ok: false, message: result.error.message };
}
