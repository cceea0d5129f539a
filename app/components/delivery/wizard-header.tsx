// The wizard's head: the address with Copy and Map, the delivery window, what waits in the phone's outbox, and
// where the driver is (pills on desktop, 'Step n of N' with a bar on a phone).
import { ClipboardCopy, CloudOff, MapPin } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { DeliveryMeta } from "~/domain/delivery/contract";
import { easternTime, mapsSearchUrl, stepLabel, stepProgress, type WizardStep } from "~/domain/delivery/rules";

type Props = {
  address: string;
  mapsUrl?: string | null;
  meta: DeliveryMeta | null;
  waiting: number;
  loadError: string | null;
  isPhone: boolean;
  steps: WizardStep[];
  step: number;
  onCopy: () => void;
};

export function WizardHeader({ address, mapsUrl, meta, waiting, loadError, isPhone, steps, step, onCopy }: Props) {
  const windowText = meta?.deliveryWindow;
  return (
    <div className="shrink-0 space-y-2 border-b border-slate-100 px-5 pb-3">
      {address ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span data-testid="delivery-address" className="min-w-0 flex-1">
            {address}
          </span>
          <Button variant="outline" size="sm" onClick={onCopy} aria-label="Copy address">
            <ClipboardCopy className="size-4" aria-hidden="true" /> Copy
          </Button>
          <a
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 md:min-h-9"
            href={mapsUrl || mapsSearchUrl(address)}
            target="_blank"
            rel="noreferrer noopener"
          >
            Map
          </a>
        </div>
      ) : null}
      <p className="text-xs text-slate-500">
        {windowText
          ? `Delivery window: ${windowText}`
          : meta?.outForDeliveryAt
            ? `Left at ${easternTime(meta.outForDeliveryAt)} · the delivery window is recorded at completion`
            : "The delivery window (Eastern Time) is recorded automatically."}
      </p>
      {waiting > 0 ? (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
          <CloudOff className="size-4" aria-hidden="true" /> {waiting} waiting to send
        </p>
      ) : null}
      {loadError ? <p className="text-sm text-red-700">{loadError}</p> : null}
      {isPhone ? <PhoneProgress steps={steps} step={step} /> : <StepPills steps={steps} step={step} />}
    </div>
  );
}

function PhoneProgress({ steps, step }: { steps: WizardStep[]; step: number }) {
  const progress = stepProgress(step, steps.length);
  const current = steps[Math.min(step, steps.length - 1)]!;
  return (
    <div>
      <div className="flex items-center justify-between text-sm font-semibold text-slate-700">
        <span>{progress.label}</span>
        <span>{stepLabel(current)}</span>
      </div>
      <div className="mt-1 h-2 rounded-full bg-slate-200" role="progressbar" aria-valuenow={progress.percent} aria-valuemin={0} aria-valuemax={100} aria-label="Delivery progress">
        <div className="h-2 rounded-full bg-brand-600 transition-all" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}

function StepPills({ steps, step }: { steps: WizardStep[]; step: number }) {
  return (
    <ol className="flex flex-wrap gap-2" aria-label="Delivery steps">
      {steps.map((s, i) => (
        <li key={s}>
          <span
            aria-current={i === step ? "step" : undefined}
            className={cn(
              "inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold",
              i === step ? "bg-brand-700 text-white" : i < step ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600",
            )}
          >
            {i + 1}. {stepLabel(s)}
          </span>
        </li>
      ))}
    </ol>
  );
}
