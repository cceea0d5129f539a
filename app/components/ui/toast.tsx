// Toasts (spec 000: 2.5 s, top centre, a close button): the `toast` calls screens make and the one Toaster.
// sonner loads right after hydration, not with the first paint (issue 25's first-load budget, decision 045);
// a toast raised before it has loaded shows once it has (sonner replays active toasts to a late Toaster).
import { lazy, Suspense, type ReactNode } from "react";
import type { ExternalToast, ToasterProps } from "sonner";
import { useHydrated } from "~/lib/use-hydrated";

type Sonner = typeof import("sonner");
type Message = Parameters<Sonner["toast"]>[0];

let loading: Promise<Sonner> | null = null;

/** sonner, fetched once; a failed fetch (no signal before the service worker kept it) is tried again next time. */
function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Runs a toast call once sonner is here; calls keep their order (a dismiss before a show stays before it). */
function later(call: (toast: Sonner["toast"]) => unknown): void {
  void loadSonner()
    .then((sonner) => call(sonner.toast))
    .catch(() => {});
}

/** sonner's `toast`, as the screens call it (the id it returns is not needed by any of them). */
export const toast = Object.assign((message: Message, data?: ExternalToast) => later((t) => t(message, data)), {
  success: (message: Message, data?: ExternalToast) => later((t) => t.success(message, data)),
  error: (message: Message, data?: ExternalToast) => later((t) => t.error(message, data)),
  info: (message: Message, data?: ExternalToast) => later((t) => t.info(message, data)),
  warning: (message: Message, data?: ExternalToast) => later((t) => t.warning(message, data)),
  message: (message: Message, data?: ExternalToast) => later((t) => t.message(message, data)),
  dismiss: (id?: string | number) => later((t) => t.dismiss(id)),
});

// With no signal before the service worker kept sonner, the page goes on without toasts rather than failing.
const SonnerToaster = lazy(() =>
  loadSonner().then(
    (m): { default: (props: ToasterProps) => ReactNode } => ({ default: m.Toaster }),
    () => ({ default: () => null }),
  ),
);

/** The toasts' region, mounted once the page has hydrated (a toast only ever follows a person's action or an effect). */
export function Toaster(props: ToasterProps) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}
