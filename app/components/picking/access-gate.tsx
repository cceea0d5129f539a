// The pick list access gate: the 'Pick List Access' overlay on narrow screens for visitors without any
// access, and the 'Need warehouse passcode access?' banner with an inline passcode box for everyone else.
import { KeyRound, LockKeyhole } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type * as z from "zod/mini";
import { FieldError, fieldAria } from "~/components/forms/field-errors";
import type { PasscodeLoginRequest } from "~/domain/picking/contract";
import { googleSignInHref, passcodeLoginError } from "~/domain/picking/gate";
import { apiFetch, contractOf } from "~/lib/api-client";

const contract = contractOf(() => import("~/domain/picking/contract"));

/**
 * POST /api/picklist/passcode/login; the error (plain words, shown under the field) or null on success. The code is
 * read from the form when it is sent, not from React's state: a code typed (or pasted) before the page's script
 * ran is in the field but was never in the state, and used to be refused as empty ("Enter code") and wiped.
 */
function usePasscodeLogin(onSuccess: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inflight = useRef<AbortController | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get("code") ?? "");
    if (!code.trim()) {
      setError("Enter code");
      return;
    }
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    setBusy(true);
    setError(null);
    try {
      const json: z.output<typeof PasscodeLoginRequest> = { code: code.trim() };
      const result = await apiFetch("/api/picklist/passcode/login", contract("PasscodeLoginAnswer"), { json, signal: controller.signal });
      const failure = passcodeLoginError(code, result.ok ? null : result.error);
      if (failure) setError(failure);
      else {
        form.reset();
        onSuccess();
      }
    } catch {
      // Only a cancelled request (a newer attempt, or leaving the page) lands here: it is ignored.
    } finally {
      if (inflight.current === controller) setBusy(false);
    }
  }
  return { error, busy, submit };
}

function PasscodeForm({ onSuccess, autoFocus }: { onSuccess: () => void; autoFocus?: boolean }) {
  const { error, busy, submit } = usePasscodeLogin(onSuccess);
  // Before the page's script runs, a press would send the form natively (the code in the address bar): it waits.
  const hydrated = useHydrated();
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label className="sr-only" htmlFor="picklist-code">
        Pick list code
      </label>
      <input
        id="picklist-code"
        name="code"
        defaultValue=""
        placeholder="Enter pick list code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        // Only when the gate is the whole screen (a shared phone waiting for its code), never on a page with other content.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autoFocus}
        {...fieldAria(error ? { code: [error] } : undefined, "code", "picklist-code")}
        className="h-12 rounded-lg border border-slate-300 bg-white px-3 text-base tracking-wider uppercase placeholder:normal-case placeholder:tracking-normal"
      />
      {/* The field's own message, tied to it (aria-describedby) and read out when it appears. */}
      {error ? (
        <div role="alert" className="-mt-1">
          <FieldError id="picklist-code" messages={[error]} />
        </div>
      ) : null}
      <Button type="submit" size="lg" disabled={busy || !hydrated}>
        <KeyRound className="size-5" aria-hidden="true" />
        Access Pick List
      </Button>
      <p className="text-center text-xs text-slate-500">Session lasts 8 hours on this device.</p>
    </form>
  );
}

/** Full-screen overlay; shown by CSS only at 768 px or less, so there is no flash before hydration. */
export function AccessOverlay({ orderNumber, onSuccess }: { orderNumber: string | null; onSuccess: () => void }) {
  return (
    <div className="fixed inset-0 z-50 hidden items-center justify-center bg-slate-900/70 p-4 backdrop-blur-sm max-[768px]:flex" role="dialog" aria-modal="true" aria-labelledby="pick-access-title">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-2xl">
        <div className="mb-4 flex items-center gap-3">
          <span className="grid size-11 place-items-center rounded-full bg-brand-100 text-brand-800">
            <LockKeyhole className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 id="pick-access-title" className="text-lg font-bold">
              Pick List Access
            </h2>
            <p className="text-sm text-slate-600">Authentication required</p>
          </div>
        </div>
        <PasscodeForm onSuccess={onSuccess} />
        <div className="my-4 flex items-center gap-3 text-xs text-slate-400">
          <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
        </div>
        <a href={googleSignInHref(orderNumber)} className={buttonClass({ variant: "outline", size: "lg", className: "w-full" })}>
          Sign in with Google
        </a>
      </div>
    </div>
  );
}

export function PasscodeBanner({ open, onToggle, onSuccess }: { open: boolean; onToggle: () => void; onSuccess: () => void }) {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-amber-900">Need warehouse passcode access?</p>
        <Button size="sm" variant="outline" onClick={onToggle} aria-expanded={open}>
          Enter Passcode
        </Button>
      </div>
      <div className={cn("mt-3 max-w-sm", !open && "hidden")}>{/* Opened by the picker's own tap on 'Use a passcode': the field is what they asked for. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        {open ? <PasscodeForm onSuccess={onSuccess} autoFocus /> : null}</div>
    </div>
  );
}
