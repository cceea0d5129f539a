// "No signal: showing this phone's copy from 9:41 AM": shown on a floor screen the service worker answered from
// the phone's copy, so a picker or driver knows how old what they see is. Decided once the page has loaded (the
// server's render time against the phone's clock), and again whenever the page's data is refreshed.
import { WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { keptCopyTime } from "~/domain/shell/copy-age";

export function CopyNotice({ servedAt }: { servedAt: string | null | undefined }) {
  const [time, setTime] = useState<string | null>(null);
  useEffect(() => setTime(keptCopyTime(servedAt, Date.now())), [servedAt]);
  if (!time) return null;
  return (
    <p role="status" className="mb-3 flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="copy-notice">
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      No signal: showing this phone&apos;s copy from {time}. Your work is kept and sent when there is signal.
    </p>
  );
}
