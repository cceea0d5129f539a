// The phone's delivery outbox, for drivers on every screen (mounted beside the header's Need Help): it sends
// what waited when the app starts or the signal returns (so a closed app loses nothing), shows
// 'N waiting to send', and reports what the server refused once it could answer.
import { CloudOff } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { plainError, plainFieldErrors } from "~/domain/api-messages";
import { onFlushed, watchQueue } from "~/lib/offline-queue";

export function OutboxStatus() {
  const [waiting, setWaiting] = useState(0);
  useEffect(() => watchQueue(setWaiting), []);
  useEffect(
    () =>
      onFlushed((o) => {
        if (o.ok) toast.success("Sent", { description: o.request.label });
        // The server's refusal in plain words (never a zod path): what it said about the request that waited.
        else toast.error(o.request.label, { description: plainError(o.status, o.error, plainFieldErrors((o.body as { fieldErrors?: unknown } | null)?.fieldErrors)), duration: 15_000 });
      }),
    [],
  );
  if (!waiting) return null;
  return (
    <p
      role="status"
      data-testid="outbox-status"
      className="fixed bottom-3 left-3 z-40 flex items-center gap-2 rounded-full bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-900 shadow ring-1 ring-amber-300"
    >
      <CloudOff className="size-4" aria-hidden="true" /> {waiting} waiting to send
    </p>
  );
}
