// The pieces both report forms are built from: the header with its back arrow, numbered sections, labelled
// fields with their error, the phone's section chips, the progress percentage, the wide screen's submit and
// the sticky submit bar.
import { Link } from "@remix-run/react";
import { ArrowLeft, ChevronDown, ChevronUp } from "lucide-react";
import { Children, cloneElement, isValidElement, useEffect, useState, type ReactElement, type ReactNode } from "react";
import { FieldError as PlacedError } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

export function FormHeader({ title, backTo, onBack, children }: { title: string; backTo: string; onBack?: (e: React.MouseEvent) => void; children?: ReactNode }) {
  return (
    <header className="flex items-start gap-2">
      <Link to={backTo} onClick={onBack} aria-label="Back to Reports" className="-ml-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100">
        <ArrowLeft className="size-5" aria-hidden="true" />
      </Link>
      <div className="min-w-0 flex-1">
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
        {children}
      </div>
    </header>
  );
}

export function Section({ id, number, title, children }: { id: string; number: number; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-28 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={`${id}-title`} className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <span className="inline-flex size-7 items-center justify-center rounded-full bg-brand-700 text-sm text-white" aria-hidden="true">
          {number}
        </span>
        {title}
      </h2>
      <div className="space-y-4">{children}</div>
    </section>
  );
}

export function Field({ id, label, error, required, hint, children, className }: { id: string; label: string; error?: string; required?: boolean; hint?: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
        {required ? <span className="text-red-700"> *</span> : null}
      </label>
      {linkError(children, id, error)}
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      <PlacedError id={id} messages={error ? [error] : undefined} />
    </div>
  );
}

/** The control whose id is the field's gets aria-invalid and points at its message, so a screen reader reads it. */
function linkError(children: ReactNode, id: string, error: string | undefined): ReactNode {
  if (!error) return children;
  return Children.map(children, (child) =>
    isValidElement<{ id?: string }>(child) && child.props.id === id ? cloneElement(child as ReactElement<Record<string, unknown>>, { "aria-invalid": true, "aria-describedby": `${id}-error` }) : child,
  );
}

/** A message under a control that is not a Field's (`id` is the message's own id, `${controlId}-error`). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return <PlacedError id={id.replace(/-error$/, "")} messages={message ? [message] : undefined} />;
}

export function ChoiceGroup({ legend, error, required, children, id }: { legend: string; error?: string; required?: boolean; children: ReactNode; id: string }) {
  return (
    <fieldset id={id} className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">
        {legend}
        {required ? <span className="text-red-700"> *</span> : null}
      </legend>
      <div className="flex flex-wrap gap-2">{children}</div>
      <PlacedError id={id} messages={error ? [error] : undefined} />
    </fieldset>
  );
}

export function Choice({ type, name, value, checked, onChange, label, disabled }: { type: "radio" | "checkbox"; name: string; value: string; checked: boolean; onChange: (checked: boolean) => void; label: string; disabled?: boolean }) {
  return (
    <label className={cn("inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-base", checked ? "border-brand-600 bg-brand-50 text-brand-900" : "border-slate-300 bg-white text-slate-800")}>
      <input type={type} name={name} value={value} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}

export type SectionLink = { id: string; label: string };

/**
 * The phone's row of chips, one per section: a tap scrolls to it. The row scrolls sideways on purpose (data-scroll-x).
 * It runs edge to edge by cancelling the shell's own padding (px-3, sm:px-4 on <main>), no further: wider, it made
 * the whole page 4 px wider than a 390 px phone.
 */
export function SectionChips({ sections }: { sections: SectionLink[] }) {
  return (
    <nav aria-label="Form sections" data-scroll-x className="sticky top-0 z-20 -mx-3 overflow-x-auto border-b border-slate-200 bg-white/95 px-3 py-2 backdrop-blur sm:-mx-4 sm:px-4">
      <ol className="flex gap-2">
        {sections.map((s, i) => (
          <li key={s.id} className="shrink-0">
            <a href={`#${s.id}`} className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-800 hover:bg-slate-50">
              {i + 1}. {s.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export type Progress = { percent: number; done: number; total: number; items: { key: string; label: string; done: boolean }[] };

export function ProgressBar({ progress, className }: { progress: Progress; className?: string }) {
  return (
    <div className={className}>
      <div className="flex items-center justify-between text-sm font-medium text-slate-700">
        <span>Progress</span>
        <span data-testid="form-progress">{progress.percent}% complete</span>
      </div>
      <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Form progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.percent}>
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}

/**
 * The phone's submit bar, fixed at the bottom: the progress and Submit, and what is still waiting to send.
 * Below 600 px it starts collapsed (the checklist hidden); a tap shows the five items.
 */
/** The submit button under a form on a wide screen, with the note about sending below it (the phone has the bar). */
export function WideSubmit({ busy, status }: { busy: boolean; status?: ReactNode }) {
  return (
    <div className="space-y-2">
      {status}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Submitting…" : "Submit Report"}
        </Button>
      </div>
    </div>
  );
}

export function StickySubmitBar({ progress, submitLabel, busy, disabled, status, formId }: { progress: Progress; submitLabel: string; busy: boolean; disabled?: boolean; status?: ReactNode; formId: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(!window.matchMedia("(max-width: 600px)").matches), []);
  // A field scrolled to (by focus, a section chip or an error) must not end up under the chips or this bar.
  useEffect(() => {
    const root = document.documentElement.style;
    root.scrollPaddingBottom = "11rem";
    root.scrollPaddingTop = "4rem";
    return () => {
      root.scrollPaddingBottom = "";
      root.scrollPaddingTop = "";
    };
  }, []);
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur">
      {open ? (
        <ul className="mb-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {progress.items.map((i) => (
            <li key={i.key} className={i.done ? "text-green-800" : "text-slate-600"}>
              {i.done ? "✓" : "○"} {i.label}
            </li>
          ))}
        </ul>
      ) : null}
      {status}
      <div className="flex items-center gap-3">
        <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} className="flex min-h-11 min-w-0 flex-1 items-center gap-2 text-left">
          <ProgressBar progress={progress} className="min-w-0 flex-1" />
          {open ? <ChevronDown className="size-4 shrink-0" aria-hidden="true" /> : <ChevronUp className="size-4 shrink-0" aria-hidden="true" />}
          <span className="sr-only">{open ? "Hide checklist" : "Show checklist"}</span>
        </button>
        <Button type="submit" form={formId} disabled={busy || disabled} className="shrink-0">
          {busy ? "Submitting…" : submitLabel}
        </Button>
      </div>
    </div>
  );
}

export function Banner({ tone, children, onDismiss }: { tone: "error" | "success" | "warning" | "info"; children: ReactNode; onDismiss?: () => void }) {
  const tones = {
    error: "border-red-300 bg-red-50 text-red-800",
    success: "border-green-300 bg-green-50 text-green-900",
    warning: "border-amber-300 bg-amber-50 text-amber-900",
    info: "border-blue-200 bg-blue-50 text-blue-900",
  } as const;
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("flex items-start justify-between gap-3 rounded-lg border px-4 py-3", tones[tone])}>
      <div className="min-w-0 font-medium break-words">{children}</div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="-m-2 min-h-11 shrink-0 px-3 text-sm underline">
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
