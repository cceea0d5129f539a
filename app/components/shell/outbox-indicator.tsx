// The header's one outbox state for everyone signed in (issue 23): nothing while nothing waits, "3 waiting to
// send" (amber), "All sent" (green, a few seconds) after the last one went, "1 needs you" (red) when the server
// refused a write or it waits for sign-in; it links to /outbox. Mounting it starts the outbox for this session
// (flush on start, on signal, every 30 s) and says "Sent: <label>" when a queued write reaches the server.
import { Link } from "@remix-run/react";
import { CheckCircle2, CloudOff, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toast";
import { cn } from "~/components/ui/cn";
import { ALL_SENT_SHOWN_MS, headerState, type OutboxCounts } from "~/domain/outbox";
import { onOutboxAnswered, startOutboxFor, watchOutbox } from "~/lib/outbox-lazy";

const TONE = {
  waiting: "bg-amber-100 text-amber-900 ring-amber-300",
  sent: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  needs: "bg-red-100 text-red-900 ring-red-300",
} as const;

/** The counts, and whether "All sent" shows: only after something waited during this session. */
function useOutboxState(owner: string) {
  const [counts, setCounts] = useState<OutboxCounts>({ waiting: 0, needsYou: 0 });
  const [justSent, setJustSent] = useState(false);
  const hadWaiting = useRef(false);
  useEffect(() => startOutboxFor(owner), [owner]);
  useEffect(() => {
    let timer: number | undefined;
    const stop = watchOutbox((next) => {
      setCounts(next);
      if (next.waiting > 0 || next.needsYou > 0) {
        hadWaiting.current = true;
        setJustSent(false);
      } else if (hadWaiting.current) {
        hadWaiting.current = false;
        setJustSent(true);
        window.clearTimeout(timer);
        timer = window.setTimeout(() => setJustSent(false), ALL_SENT_SHOWN_MS);
      }
    });
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, []);
  useEffect(
    () =>
      onOutboxAnswered((e) => {
        if (e.verdict === "sent") toast.success(`Sent: ${e.entry.label}`);
      }),
    [],
  );
  return headerState(counts, justSent);
}

export function OutboxIndicator({ owner }: { owner: string }) {
  const state = useOutboxState(owner);
  if (state.tone === "none") return null;
  const Icon = state.tone === "sent" ? CheckCircle2 : state.tone === "needs" ? TriangleAlert : CloudOff;
  return (
    <Link
      to="/outbox"
      // Not discovered ahead: the indicator shows while there is no signal, when Remix's route lookup would
      // fail; a tap with no signal loads /outbox as a page, which the service worker keeps for the floor.
      discover="none"
      data-testid="outbox-indicator"
      data-tone={state.tone}
      aria-live="polite"
      // Narrow on a 390 px phone (two short lines, the colour says the state), one line with its icon from 640 px.
      className={cn("inline-flex min-h-11 max-w-[4.5rem] shrink-0 items-center gap-1.5 rounded-2xl px-1.5 text-[11px] leading-[1.15] font-semibold ring-1 sm:max-w-none sm:rounded-full sm:px-2.5 sm:text-sm", TONE[state.tone])}
    >
      <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
      <span>{state.text}</span>
    </Link>
  );
}
