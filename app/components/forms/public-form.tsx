// What the two public forms (/request-return, /apply) share: sending the multipart request with progress
// through the one client (apiUpload), the reference number once it is received, the server's reason in plain
// words (each field's next to that field; what no field shows listed above the button), and the submit row
// with its upload progress. What was typed stays: the form's state is never reset by a refusal.
import { CheckCircle2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { UnplacedErrors } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import type { FieldErrors } from "~/domain/api-messages";
import { apiUpload, contractOf } from "~/lib/api-client";

// Loaded with the submit, not the first paint: zod and the contract stay off the public form's first load.
const contract = contractOf(() => import("~/domain/returns/contract"));

export const FILE_INPUT_CLASS = "block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-semibold";

export function usePublicSubmit(action: string) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [reference, setReference] = useState<string | null>(null);

  async function send(body: FormData) {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    setProgress(0);
    const result = await apiUpload(action, contract("PublicSubmitAnswer"), body, { onProgress: setProgress });
    setBusy(false);
    if (result.ok) {
      setReference(result.data.reference);
      return;
    }
    setError(result.error.message);
    setFieldErrors(result.error.fieldErrors);
  }

  return { busy, progress, error, reference, send, fieldErrors, fieldError: (key: string): string[] | undefined => fieldErrors[key] };
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

type SubmitRowProps = {
  label: string;
  busy: boolean;
  progress: number;
  error: string | null;
  /** The server's field errors, and the keys the form shows next to a field: the rest are listed here. */
  fieldErrors?: FieldErrors;
  shown?: readonly string[];
  labels?: Record<string, string>;
};

export function SubmitRow({ label, busy, progress, error, fieldErrors, shown = [], labels }: SubmitRowProps) {
  return (
    <>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <UnplacedErrors fieldErrors={fieldErrors} shown={shown} labels={labels} />
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
