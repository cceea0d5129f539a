// The pick list's passcode form (the access gate's box: access-gate.tsx). It is in the server's HTML for a visitor
// without access, so it is in the first load; its call (passcode-login.ts, with the api client) is not (issue 25):
// it loads when the form is idle on screen, or with the first send. The field's message is never in the server's
// HTML either: it comes with the first refusal.
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { whenIdle } from "~/lib/when-idle";
import { Button } from "~/components/ui/button";
import { passcodeLoginError } from "~/domain/picking/gate";
import { KeyRound } from "./icons";

const loadPasscodeLogin = () => import("./passcode-login");
const FieldError = lazy(() => import("~/components/forms/field-errors").then((m) => ({ default: m.FieldError })));

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
      const login = await loadPasscodeLogin().catch(() => null);
      if (!login) {
        // No code for the call (no signal before it arrived): said as the client says no connection.
        setError("No connection: could not load this. Check the signal and try again.");
        return;
      }
      const result = await login.passcodeLogin(code.trim(), controller.signal);
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

export function PasscodeForm({ onSuccess, autoFocus }: { onSuccess: () => void; autoFocus?: boolean }) {
  const { error, busy, submit } = usePasscodeLogin(onSuccess);
  // Before the page's script runs, a press would send the form natively (the code in the address bar): it waits.
  const hydrated = useHydrated();
  useEffect(() => whenIdle(() => void loadPasscodeLogin().catch(() => {})), []);
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
        // As fieldAria (components/forms/field-errors) ties a field to its message, without loading it for the first paint.
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "picklist-code-error" : undefined}
        className="h-12 rounded-lg border border-slate-300 bg-white px-3 text-base tracking-wider uppercase placeholder:normal-case placeholder:tracking-normal"
      />
      {/* The field's own message, tied to it (aria-describedby) and read out when it appears. */}
      {error ? (
        <div role="alert" className="-mt-1">
          <Suspense fallback={null}>
            <FieldError id="picklist-code" messages={[error]} />
          </Suspense>
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
