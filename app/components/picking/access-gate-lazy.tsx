// The access gate (access-gate.tsx: the passcode form, its call and the api client) is only for a visitor without
// access, so its code is not in the pick list's first load (issue 25). It is on the server's HTML for that visitor:
// each piece hydrates inside its own Suspense boundary, whose server HTML (a code typed before the script ran included)
// stays until the chunk has arrived. Memoized with stable props, so the screen's renders meanwhile never reach the
// waiting boundary (an update there would make React replace the server's HTML with the empty fallback).
import { lazy, memo, Suspense } from "react";

const loadAccessGate = () => import("./access-gate");
const AccessOverlay = lazy(() => loadAccessGate().then((m) => ({ default: m.AccessOverlay })));
const PasscodeBanner = lazy(() => loadAccessGate().then((m) => ({ default: m.PasscodeBanner })));

/** 'Pick List Access', the whole screen on a phone for a visitor without access. Pass stable callbacks. */
export const LazyAccessOverlay = memo(function LazyAccessOverlay({ orderNumber, onSuccess }: { orderNumber: string | null; onSuccess: () => void }) {
  return (
    <Suspense fallback={null}>
      <AccessOverlay orderNumber={orderNumber} onSuccess={onSuccess} />
    </Suspense>
  );
});

/** 'Need warehouse passcode access?' with its passcode box. Pass stable callbacks. */
export const LazyPasscodeBanner = memo(function LazyPasscodeBanner({ open, onToggle, onSuccess }: { open: boolean; onToggle: () => void; onSuccess: () => void }) {
  return (
    <Suspense fallback={null}>
      <PasscodeBanner open={open} onToggle={onToggle} onSuccess={onSuccess} />
    </Suspense>
  );
});
