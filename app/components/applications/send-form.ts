// Sends a multipart form with upload progress (XMLHttpRequest: fetch cannot report upload progress) and
// reads the JSON answer; every failure becomes {success:false, error} with the server's text when it has one.
export type SendResult<T> = ({ success: true } & T) | { success: false; error: string; status: number; fieldErrors?: Record<string, string[]>; data?: unknown };

export function sendForm<T>(url: string, body: FormData, onProgress?: (fraction: number) => void, method = "POST"): Promise<SendResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      const body = (parsed && typeof parsed === "object" ? parsed : {}) as Record<string, unknown>;
      if (xhr.status >= 200 && xhr.status < 300 && body.success !== false) {
        resolve({ success: true, ...(body as T) });
        return;
      }
      const retry = xhr.getResponseHeader("Retry-After");
      const fallback = xhr.status === 413 ? "The files are too large" : xhr.status === 429 ? `Too many submissions. Try again${retry ? ` in ${retry} seconds` : " later"}.` : "Upload failed";
      resolve({
        success: false,
        status: xhr.status,
        error: typeof body.error === "string" && body.error ? body.error : fallback,
        fieldErrors: body.fieldErrors as Record<string, string[]> | undefined,
        data: body.data,
      });
    };
    xhr.onerror = () => resolve({ success: false, status: 0, error: "Could not reach the server. Check your connection and try again." });
    xhr.send(body);
  });
}
