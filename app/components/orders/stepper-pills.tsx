// The edit stepper's row of numbered steps: the current one named, the done ones ticked, the unreachable ones
// disabled, and a step the server found a problem in marked (its message waits on that step).
import { Check } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { canReachStep, isStepValid, type Step, type StepKey, type StepperForm } from "~/domain/orders/stepper";

export function StepperPills({ steps, current, form, withErrors, onStep }: { steps: readonly Step[]; current: Step; form: StepperForm; withErrors: ReadonlySet<StepKey>; onStep: (step: StepKey) => void }) {
  return (
    <ol className="flex flex-wrap gap-1.5 sm:gap-2" aria-label="Edit steps">
      {steps.map((s) => {
        const reachable = canReachStep(steps, s.key, form);
        const done = s.key !== current.key && isStepValid(s.key, form) && s.number < current.number;
        const flagged = withErrors.has(s.key);
        return (
          <li key={s.key}>
            <button
              type="button"
              disabled={!reachable}
              aria-current={s.key === current.key ? "step" : undefined}
              onClick={() => onStep(s.key)}
              className={cn(
                "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border px-2.5 text-sm font-semibold sm:gap-1.5 sm:px-3",
                s.key === current.key ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800",
                flagged && "ring-2 ring-red-600",
                "disabled:cursor-not-allowed disabled:opacity-50",
              )}
            >
              <span className="tabular-nums">{s.number}</span>
              {/* Phones: only the current step spells out its name, so the five pills fit one row. */}
              <span className={s.key === current.key ? undefined : "sr-only sm:not-sr-only"}>{s.label}</span>
              {flagged ? <span className="sr-only">(needs attention)</span> : null}
              {done ? <Check className="size-4" aria-hidden="true" /> : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
