// Image zoom view for uploaded pictures: previous/next buttons and the arrow keys; Escape closes.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";

export type ViewerImage = { src: string; alt: string };

export function ImageViewer({ images, index, onIndex, onClose }: { images: ViewerImage[]; index: number | null; onIndex: (i: number) => void; onClose: () => void }) {
  const image = index === null ? null : images[index];
  const step = (delta: number) => index !== null && onIndex((index + delta + images.length) % images.length);
  return (
    <Dialog open={!!image} onClose={onClose} title={image ? `Picture ${index! + 1} of ${images.length}` : "Picture"} className="max-w-4xl">
      {image ? (
        <div
          className="flex flex-col gap-3 px-5 pb-5"
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") step(1);
            if (e.key === "ArrowLeft") step(-1);
          }}
        >
          <img src={image.src} alt={image.alt} className="max-h-[70dvh] w-full rounded-lg bg-slate-100 object-contain" />
          {images.length > 1 ? (
            <div className="flex justify-between">
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
