// The picking screen's header: Back, the order's title and warehouse, the live room's status (how many
// changes wait on this device while offline), the camera and Close buttons, the progress (the same figure
// as the bottom bar's, with lines accounted for, picked and short beside it), who else is here and who saved last.
import { Wifi } from "lucide-react";
import { ArrowLeft, Camera, WifiOff, X } from "./icons";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { locationLabel, orderTitle, progressText, type PickOrderHeader, type PickProgress } from "~/domain/picking/lines";
import { roomStatusText, type RoomStatus } from "~/domain/picking/pick-list-state";

export function PickHeader({
  header,
  roomStatus,
  pendingCount,
  progress,
  alsoHere,
  savedHint,
  cameraOpen,
  cameraReady,
  onCamera,
  onLeave,
}: {
  header: PickOrderHeader | null;
  /** Null: no room (no order, sample data). */
  roomStatus: RoomStatus | null;
  pendingCount: number;
  /** pickProgress of the lines: the one figure the bottom bar shows too. */
  progress: PickProgress;
  alsoHere: string | null;
  savedHint: string | null;
  cameraOpen: boolean;
  cameraReady: boolean;
  onCamera(): void;
  onLeave(): void;
}) {
  return (
    <header className="z-20 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-[920px] items-center gap-2 px-2 py-2 sm:px-4">
        <Button variant="ghost" size="icon" onClick={onLeave} aria-label="Back">
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="line-clamp-2 text-base leading-tight font-bold sm:text-lg">{header ? orderTitle(header.orderNumber, header.customerName) : "Pick List"}</h1>
          <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-600 sm:text-sm">
            {header ? <span>{locationLabel(header.location)}</span> : null}
            {roomStatus ? (
              <span className={cn("inline-flex items-center gap-1", roomStatus === "live" ? "text-green-700" : "text-amber-700")} data-testid="room-status">
                {roomStatus === "live" ? <Wifi className="size-3.5" aria-hidden="true" /> : <WifiOff className="size-3.5" aria-hidden="true" />}
                {roomStatusText(roomStatus, pendingCount)}
              </span>
            ) : null}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onCamera} aria-label={cameraOpen ? "Close camera" : "Scan with camera"} aria-pressed={cameraOpen} disabled={!cameraReady}>
          <Camera className="size-5" aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" onClick={onLeave} aria-label="Close">
          <X className="size-5" aria-hidden="true" />
        </Button>
      </div>
      <div className="mx-auto max-w-[920px] px-3 pb-2 sm:px-4">
        <div className="flex items-center gap-2">
          <div
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-label="Lines accounted for"
            aria-valuetext={`${progress.percent}%: ${progressText(progress)}`}
            aria-valuenow={progress.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${progress.percent}%` }} />
          </div>
          <span className="w-10 text-right text-xs font-semibold tabular-nums text-slate-700" data-testid="header-percent">
            {progress.percent}%
          </span>
        </div>
        {progress.total ? (
          <p className="mt-0.5 text-xs text-slate-600 tabular-nums" data-testid="header-progress">
            {progressText(progress)}
          </p>
        ) : null}
        {alsoHere || savedHint ? (
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
            {alsoHere ? (
              <span className="font-medium text-blue-700" data-testid="also-here">
                {alsoHere}
              </span>
            ) : null}
            {savedHint ? <span data-testid="saved-hint">{savedHint}</span> : null}
          </p>
        ) : null}
      </div>
    </header>
  );
}
