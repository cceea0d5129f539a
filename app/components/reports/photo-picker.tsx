// Choosing photos on the phone: the camera or the library, each photo resized before it is kept, shown as a
// thumbnail with its size and a Remove button, and a status while it is waiting to send or sending.
import { Camera, Image as ImageIcon, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { buttonClass } from "~/components/ui/button";

export type PickedPhoto = { id: string; file: File; name: string; size: number; state?: "waiting" | "sending" | "sent" | "failed"; error?: string };

export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function PhotoPicker({ label, photos, onAdd, onRemove, accept, disabled, inputId, testId }: { label: string; photos: PickedPhoto[]; onAdd: (files: File[]) => void; onRemove: (id: string) => void; accept: string; disabled?: boolean; inputId?: string; testId?: string }) {
  const fallbackId = useId();
  const id = inputId ?? fallbackId;
  return (
    <div className="space-y-3">
      <label htmlFor={id} className={buttonClass({ variant: "outline", className: disabled ? "pointer-events-none opacity-60" : "cursor-pointer" })}>
        <Camera className="size-5" aria-hidden="true" /> {label}
      </label>
      <input
        id={id}
        data-testid={testId}
        type="file"
        accept={accept}
        multiple
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          if (files.length) onAdd(files);
        }}
      />
      {photos.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((p) => (
            <PhotoThumb key={p.id} photo={p} onRemove={() => onRemove(p.id)} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A link to the file's bytes for as long as the thumbnail shows them. Made and revoked by the same effect, so
 * the image never points at a revoked link: one made in render and revoked by an effect's cleanup was revoked
 * under the image when React re-ran the effects (StrictMode), and the browser logged ERR_FILE_NOT_FOUND.
 */
function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.size) return;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return file.size ? url : null;
}

function PhotoThumb({ photo, onRemove }: { photo: PickedPhoto; onRemove: () => void }) {
  const url = useObjectUrl(photo.file);
  const state = photo.state;
  return (
    <li className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      {photo.file.size ? (
        url ? <img src={url} alt={photo.name} className="aspect-square w-full object-cover" /> : <div className="aspect-square w-full bg-slate-100" />
      ) : (
        // A photo restored from a saved draft: its bytes are on the server, not on this page.
        <div className="flex aspect-square w-full items-center justify-center bg-slate-100 text-slate-500">
          <ImageIcon className="size-8" aria-hidden="true" />
        </div>
      )}
      <div className="px-2 py-1 text-xs">
        <p className="truncate font-medium text-slate-800">{photo.name}</p>
        <p className="text-slate-600">
          {formatSize(photo.size)}
          {state === "waiting" ? " · waiting to send" : state === "sending" ? " · sending…" : state === "sent" ? " · sent" : state === "failed" ? " · failed" : ""}
        </p>
        {photo.error ? <p className="text-red-700">{photo.error}</p> : null}
      </div>
      <button type="button" onClick={onRemove} aria-label={`Remove ${photo.name}`} className="absolute top-1 right-1 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white">
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}
