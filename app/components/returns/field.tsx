// A labelled form field with the server's error underneath (the public forms and the edit dialog); the input
// inside takes `fieldAria(...)` with the same id, so the message is read with it.
import type { ReactNode } from "react";
import { FieldError } from "~/components/forms/field-errors";

export function Field({ label, id, error, children, hint }: { label: string; id: string; error?: string[] | undefined; children: ReactNode; hint?: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <FieldError id={id} messages={error} />
    </div>
  );
}
