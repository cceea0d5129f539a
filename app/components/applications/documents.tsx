// An application's documents: the list as short-lived links, upload by picker or drag-and-drop (image files
// only, spec 000 §5; others are left out and said so), with progress, and the preview: an image, a PDF
// (the in-app viewer), or 'This file type cannot be previewed in the browser.' with a download link.
import { FileText, Upload } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type DragEvent } from "react";
import { PdfViewer } from "~/components/documents/pdf-viewer";
import { WIDE_DIALOG } from "~/components/returns/shared";
import { Button } from "~/components/ui/button";
import { NativeDialog } from "~/components/ui/dialog";
import { fetchFiles, uploadFiles, type FileRecord } from "./api";

const IMAGE_EXT = /\.(jpe?g|png|gif|bmp|webp)$/i;

function kindOf(f: FileRecord): "image" | "pdf" | "other" {
  const type = f.contentType ?? "";
  if (type.startsWith("image/") || IMAGE_EXT.test(f.name)) return "image";
  if (type === "application/pdf" || /\.pdf$/i.test(f.name)) return "pdf";
  return "other";
}

export function Documents({ applicationId, phone }: { applicationId: number; phone: boolean }) {
  const [files, setFiles] = useState<FileRecord[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<FileRecord | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setFiles(await fetchFiles(applicationId));
    } catch (e) {
      setLoadError((e as Error).message || "Unable to load");
    }
  }, [applicationId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function upload(list: File[]) {
    const images = list.filter((f) => f.type.startsWith("image/"));
    const skipped = list.length - images.length;
    setNote(skipped ? `${skipped} file${skipped === 1 ? " was" : "s were"} left out: only images can be uploaded here.` : null);
    if (!images.length) return;
    setUploadError(null);
    setProgress(0);
    const body = new FormData();
    for (const f of images) body.append("files", f);
    const result = await uploadFiles(applicationId, body, setProgress);
    setProgress(null);
    if (result.ok) setFiles(result.data.files);
    else setUploadError(result.error.message);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    void upload(Array.from(e.dataTransfer.files));
  }

  return (
    <section aria-label="Documents" className="space-y-2">
      <h3 className="font-bold text-slate-900">Documents</h3>
      {loadError ? <p className="text-sm text-red-700">{loadError}</p> : null}
      {files === null && !loadError ? <p className="text-sm text-slate-600">Loading documents…</p> : null}
      {files?.length === 0 ? <p className="text-sm text-slate-600">No documents yet.</p> : null}
      <ul className="space-y-1">
        {files?.map((f, i) => (
          <li key={`${f.name}-${i}`}>
            <button type="button" onClick={() => setPreview(f)} className="inline-flex min-h-11 items-center gap-2 text-left text-sm font-semibold text-brand-800 underline md:min-h-9">
              <FileText className="size-4" aria-hidden="true" /> {f.name || "Unnamed file"}
            </button>
            {f.error ? <span className="ml-2 text-xs text-slate-600">{f.error}</span> : null}
          </li>
        ))}
      </ul>
      {/* The drop zone is a mouse shortcut for the picker button inside it. */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="document-dropzone"
        className={`rounded-xl border-2 border-dashed p-4 text-center text-sm ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white"}`}
      >
        <p className="mb-2 text-slate-700">Drop images here, or</p>
        <input ref={picker} type="file" accept="image/*" multiple className="sr-only" aria-label="Choose images to upload" onChange={(e) => void upload(Array.from(e.target.files ?? [])).then(() => { if (picker.current) picker.current.value = ""; })} />
        <Button size="sm" variant="outline" onClick={() => picker.current?.click()} disabled={progress !== null}>
          <Upload className="size-4" aria-hidden="true" /> Choose images
        </Button>
        {progress !== null ? <progress className="mt-2 h-2 w-full" max={1} value={progress} aria-label="Upload progress" /> : null}
        {note ? <p className="mt-2 text-amber-800">{note}</p> : null}
        {uploadError ? <p className="mt-2 text-red-700">{uploadError}</p> : null}
      </div>
      <Preview file={preview} phone={phone} onClose={() => setPreview(null)} />
    </section>
  );
}

function Preview({ file, phone, onClose }: { file: FileRecord | null; phone: boolean; onClose: () => void }) {
  if (file && kindOf(file) === "pdf" && file.presignedUrl) {
    return <PdfViewer doc={{ url: file.presignedUrl, title: file.name || "Unnamed file", filename: file.name || "document.pdf" }} isPhone={phone} onClose={onClose} />;
  }
  const url = file?.presignedUrl ?? null;
  return (
    <NativeDialog open={!!file} onClose={onClose} title={file?.name || "Unnamed file"} className={WIDE_DIALOG}>
      {file ? (
        <div className="space-y-3 px-5 pb-5">
          {!url ? (
            <p className="text-slate-700">{file.error === "Stored on server" ? "Stored on server" : "Unable to generate preview link"}</p>
          ) : kindOf(file) === "image" ? (
            <img src={url} alt={file.name || "Unnamed file"} className="max-h-[70dvh] w-full rounded-lg bg-slate-100 object-contain" />
          ) : (
            <p className="text-slate-700">This file type cannot be previewed in the browser.</p>
          )}
          {file.downloadUrl || url ? (
            <a href={file.downloadUrl ?? url!} className="font-semibold text-brand-800 underline" download>
              Download
            </a>
          ) : null}
        </div>
      ) : null}
    </NativeDialog>
  );
}
