// The copy notice's code loads after hydration: the notice is never in the server's HTML (it is decided against the
// phone's clock once the page runs), so no first paint needs it, and every signed-in page's first load is lighter.
// The service worker precaches the chunk, so a copy opened with no signal still shows it.
import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";

const CopyNotice = lazy(() => import("./copy-notice").then((m) => ({ default: m.CopyNotice })));

export function CopyNoticeLater({ servedAt }: { servedAt: string | null | undefined }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <CopyNotice servedAt={servedAt} />
    </Suspense>
  ) : null;
}
