// The pick list access gate: the 'Pick List Access' overlay on narrow screens for visitors without any
// access, and the 'Need warehouse passcode access?' banner with an inline passcode box for everyone else.
// The passcode form's call is not in the first load (passcode-form.tsx).
import { LockKeyhole } from "lucide-react";
import { buttonClass, Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { googleSignInHref } from "~/domain/picking/gate";
import { PasscodeForm } from "./passcode-form";

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
