// A request's or an item's images as thumbnails that open the lightbox; an image that cannot be shown says why.
import type { ImageRecord } from "./api";

export type ViewerImages = { src: string; alt: string }[];

export function Thumbs({ records, onOpen }: { records: ImageRecord[]; onOpen: (images: ViewerImages, index: number) => void }) {
  const shown = records.filter((r) => r.presignedUrl).map((r) => ({ src: r.presignedUrl!, alt: r.name }));
  return (
    <ul className="flex flex-wrap gap-2">
      {records.map((r) =>
        r.presignedUrl ? (
          <li key={r.presignedUrl}>
            <button type="button" onClick={() => onOpen(shown, shown.findIndex((s) => s.src === r.presignedUrl))} className="block size-20 overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
              <img src={r.presignedUrl} alt={r.name} className="size-full object-cover" loading="lazy" />
            </button>
          </li>
        ) : (
          <li key={r.name} className="grid size-20 place-items-center rounded-lg border border-dashed border-slate-300 p-1 text-center text-xs text-slate-600">
            {r.error ?? "Unable to load"}
          </li>
        ),
      )}
    </ul>
  );
}
