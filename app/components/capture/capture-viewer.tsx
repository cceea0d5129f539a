// A saved warehouse capture (spec 001 §2): customer, captured by, saved time, the completed notice, the Digital
// Pick List status, the signature and the attachments (images zoom, PDFs open in the viewer, other files in a
// tab), then 'Add more photos' with Clear and Upload More Photos.
import { CheckCircle2, FileText, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { captureApi } from "~/components/documents/api";
import { PdfViewer, type PdfDocumentRef } from "~/components/documents/pdf-viewer";
import { ImageViewer } from "~/components/orders/image-viewer";
import { Button } from "~/components/ui/button";
import { CAPTURE_MESSAGES, type CaptureData } from "~/domain/documents/capture";
import { formatDateTime } from "~/domain/orders/format";
import { QUEUED_TEXT } from "~/domain/outbox";
import { idempotencyKey } from "~/lib/api-client";
import { AttachmentPicker } from "./attachment-picker";

export function CaptureViewer({ orderId, data, isPhone, onReload }: { orderId: string | number; data: CaptureData; isPhone: boolean; onReload: () => Promise<void> }) {
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const [doc, setDoc] = useState<PdfDocumentRef | null>(null);
  const key = useRef(idempotencyKey());
  const images = data.attachments.filter((a) => a.contentType.startsWith("image/"));

  async function upload() {
    if (!files.length) return;
    setUploading(true);
    setNotice(null);
    const form = new FormData();
    for (const f of files) form.append("attachments", f);
    const res = await captureApi.addAttachments(orderId, form, key.current);
    setUploading(false);
    if (res.ok === "queued") {
      // Kept on this phone (no signal): sent once when there is signal, and shown here after.
      key.current = idempotencyKey();
      setFiles([]);
      setNotice({ tone: "ok", text: QUEUED_TEXT });
      return;
    }
    if (!res.ok) {
      setNotice({ tone: "error", text: `${CAPTURE_MESSAGES.uploadFailed}: ${res.error.message}` });
      toast.error(CAPTURE_MESSAGES.uploadFailed, { description: res.error.message });
      return;
    }
    key.current = idempotencyKey();
    setFiles([]);
    const text = CAPTURE_MESSAGES.uploadedBody(res.data.count);
    setNotice({ tone: "ok", text });
    toast.success(CAPTURE_MESSAGES.uploadedTitle, { description: text });
    await onReload();
  }

  return (
    <div className="space-y-4">
      <p role="status" className="flex items-center gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
        <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" /> Warehouse capture completed.
      </p>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        {[
          ["Customer", data.signedByName],
          ["Captured by", data.capturedBy],
          ["Saved", formatDateTime(data.savedAt)],
          ["Digital Pick List", data.pickListCompleted ? `Completed ${formatDateTime(data.pickListCompletedAt)}` : "Not generated"],
        ].map(([k, v]) => (
          <div key={k} className="grid grid-cols-[8.5rem_1fr] gap-2">
            <dt className="font-semibold text-slate-600">{k}</dt>
            <dd className="min-w-0 break-words text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="mb-1 text-sm font-semibold text-slate-700">Signature</p>
        <img src={data.signature.url} alt={`Signature of ${data.signedByName}`} className="max-h-48 w-full rounded-lg border border-slate-200 bg-white object-contain" />
      </div>
      <div>
        <p className="mb-2 text-sm font-semibold text-slate-700">Attachments ({data.attachments.length})</p>
        {data.attachments.length === 0 ? (
          <p className="text-sm text-slate-600">No attachments.</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {data.attachments.map((a) => {
              const imageIndex = images.indexOf(a);
              return (
                <li key={a.s3Key}>
                  {a.contentType.startsWith("image/") ? (
                    <button type="button" onClick={() => setZoom(imageIndex)} className="block aspect-square w-full overflow-hidden rounded-lg border border-slate-200" aria-label={`View ${a.filename}`}>
                      <img src={a.url} alt="" className="size-full object-cover" loading="lazy" />
                    </button>
                  ) : a.contentType === "application/pdf" ? (
                    <button
                      type="button"
                      onClick={() => setDoc({ url: a.url, title: a.filename, filename: a.filename })}
                      className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-lg border border-slate-200 bg-slate-50 p-2 text-xs"
                      aria-label={`Open ${a.filename}`}
                    >
                      <FileText className="size-8 text-red-700" aria-hidden="true" />
                      <span className="w-full truncate text-center">{a.filename}</span>
                    </button>
                  ) : (
                    <a href={a.url} target="_blank" rel="noreferrer" className="flex aspect-square w-full items-center justify-center rounded-lg border border-slate-200 p-2 text-xs break-all">
                      {a.filename}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <section aria-label="Add more photos" className="space-y-3 rounded-lg border border-slate-200 p-3">
        <h3 className="font-bold text-slate-900">Add more photos</h3>
        <AttachmentPicker label="Photos or PDFs" files={files} onChange={setFiles} disabled={uploading} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setFiles([])} disabled={uploading || !files.length}>
            Clear
          </Button>
          <Button onClick={upload} disabled={uploading || !files.length}>
            <Upload className="size-4" aria-hidden="true" /> {uploading ? "Uploading…" : "Upload More Photos"}
          </Button>
        </div>
        {notice ? (
          <p role={notice.tone === "error" ? "alert" : "status"} className={notice.tone === "error" ? "text-sm text-red-700" : "text-sm text-green-800"}>
            {notice.text}
          </p>
        ) : null}
      </section>

      <ImageViewer images={images.map((a) => ({ src: a.url, alt: a.filename }))} index={zoom} onIndex={setZoom} onClose={() => setZoom(null)} />
      <PdfViewer doc={doc} isPhone={isPhone} onClose={() => setDoc(null)} />
    </div>
  );
}
