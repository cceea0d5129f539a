// What the two public forms (/request-return, /apply) share: sending the multipart request with progress,
// the reference number once it is received, the server's reason (also next to the field it concerns), and
// the submit row with its upload progress.
import { CheckCircle2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { sendForm } from "~/components/applications/send-form";
import { Button } from "~/components/ui/button";

export const FILE_INPUT_CLASS = "block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-semibold";

export function usePublicSubmit(action: string) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [reference, setReference] = useState<string | null>(null);

  async function send(body: FormData) {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    setProgress(0);
    const result = await sendForm<{ reference: string }>(action, body, setProgress);
    setBusy(false);
    if (result.success) {
      setReference(result.reference);
      return;
    }
    setError(result.error);
    setFieldErrors(result.fieldErrors ?? {});
  }

  return { busy, progress, error, reference, send, fieldError: (key: string): string[] | undefined => fieldErrors[key] };
}

/** The answer: "<lead> <reference>. <then>", and anything below it (a link). */
export function ReceivedPanel({ title, lead, reference, then, children }: { title: string; lead: string; reference: string; then: string; children?: ReactNode }) {
  return (
    <div role="status" className="space-y-3 rounded-2xl border border-green-300 bg-green-50 p-6 text-green-900">
      <CheckCircle2 className="size-8" aria-hidden="true" />
      <h2 className="text-xl font-bold">{title}</h2>
      <p>
        {lead} <strong className="font-mono text-lg" data-testid="reference">{reference}</strong>. {then}
      </p>
      {children}
    </div>
  );
}

export function SubmitRow({ label, busy, progress, error }: { label: string; busy: boolean; progress: number; error: string | null }) {
  return (
    <>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending…" : label}
        </Button>
        {busy ? (
          <progress className="h-2 w-full sm:w-48" max={1} value={progress} aria-label="Upload progress">
            {Math.round(progress * 100)}%
          </progress>
        ) : null}
      </div>
    </>
  );
}
