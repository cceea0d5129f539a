// What waits for the page's script without the page rendering again for it. Each of these holds its own "hydrated"
// flag (useHydrated, a transition): when it flips only this element renders again, its children being the same
// elements as before, so a long list inside costs nothing. A screen whose layout is known from the first render
// (the layout hint, decision 047) has no other flip after hydration, and must not gain one for this (issue 25).
import type { ComponentProps, ReactNode } from "react";
import { untilHydrated, useHydrated } from "~/lib/use-hydrated";

/**
 * A fieldset whose controls wait for the script: until it runs they take no taps (lib/use-hydrated.ts: untilHydrated),
 * and are disabled only while `disabled`. Not disabled until hydration: enabling a fieldset of many controls restyles
 * each one, which Lighthouse's trace (it records every style invalidation with its stack) turned into a 73 ms task at
 * 1x on Order Tracking's 50 rows, about 300 ms of its 4x.
 */
export function FieldsetUntilHydrated({ disabled = false, className, ...props }: ComponentProps<"fieldset">) {
  const hydrated = useHydrated();
  return <fieldset {...props} disabled={disabled} className={untilHydrated(hydrated, className)} />;
}

/**
 * Drawn only after hydration: a lazy part the server must not render, since React would hydrate it as a Suspense
 * boundary of its own, and an update reaching it first throws its HTML away with an error.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
