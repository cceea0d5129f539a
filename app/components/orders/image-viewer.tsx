// Image zoom view for uploaded pictures: previous/next buttons and the arrow keys; Escape closes.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useEffect } from "react";

export type ViewerImage = { src: string; alt: string };

export function ImageViewer({ images, index, onIndex, onClose }: { images: ViewerImage[]; index: number | null; onIndex: (i: number) => void; onClose: () => void }) {
  const image = index === null ? null : images[index];
  const step = (delta: number) => index !== null && onIndex((index + delta + images.length) % images.length);
  // The arrow keys show the previous or next picture while the viewer is open, wherever focus is inside it.
  useEffect(() => {
    if (index === null || images.length < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowRight") onIndex((index + 1) % images.length);
      if (e.key === "ArrowLeft") onIndex((index - 1 + images.length) % images.length);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [index, images.length, onIndex]);
  return (
    <Dialog open={!!image} onClose={onClose} title={image ? `Picture ${index! + 1} of ${images.length}` : "Picture"} className="max-w-4xl">
      {image ? (
        <div className="flex flex-col gap-3 px-5 pb-5">
          <img src={image.src} alt={image.alt} className="max-h-[70dvh] w-full rounded-lg bg-slate-100 object-contain" />
          {images.length > 1 ? (
            <div className="flex justify-between">
              {/* Focus inside the dialog so the arrow keys work at once; the dialog traps and restores it. */}
              {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
              <Button variant="outline" onClick={() => step(-1)} autoFocus>
                <ChevronLeft className="size-5" aria-hidden="true" /> Previous
              </Button>
              <Button variant="outline" onClick={() => step(1)}>
                Next <ChevronRight className="size-5" aria-hidden="true" />
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
