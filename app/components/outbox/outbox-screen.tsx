// The /outbox screen: this phone's kept writes, newest first, each with what the person did, when, and its
// state; a refused one says the server's reason in plain words and what to do, with Try again and Discard.
// It reads IndexedDB only, so it works with no signal.
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { actedAtText, refusalAdvice, sameOwner, stateLabel, type OutboxEntry } from "~/domain/outbox";
import { loginRedirect } from "~/domain/shell/viewer";
import { currentOutboxOwner, discardEntry, listEntries, retryEntry, watchOutbox } from "~/lib/outbox";

/** The entries, newest first, read again whenever the outbox changes (here or in another tab). */
function useEntries(): OutboxEntry[] | null {
  const [entries, setEntries] = useState<OutboxEntry[] | null>(null);
  useEffect(
    () =>
      watchOutbox(() => {
        void listEntries().then((all) => setEntries([...all].reverse()), () => setEntries([]));
      }),
    [],
  );
  return entries;
}

const TONE = { waiting: "amber", refused: "red", signin: "red" } as const;

function Refusal({ entry }: { entry: OutboxEntry }) {
  const status = entry.refusal?.status ?? 0;
  const fields = Object.entries(entry.refusal?.fieldErrors ?? {}).flatMap(([, messages]) => messages);
  const serverWords = entry.refusal?.message;
  return (
    <div className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="outbox-refusal">
      <p className="font-semibold">{refusalAdvice(entry.state, status)}</p>
      {entry.state === "signin" ? (
        <p>
          <Link to={loginRedirect("/outbox")} className="font-semibold underline">
            Sign in
          </Link>
        </p>
      ) : null}
      {fields.length ? (
        <ul className="list-disc pl-5">
          {fields.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : serverWords && entry.state !== "signin" ? (
        <p>{serverWords}</p>
      ) : null}
    </div>
  );
}

function EntryCard({ entry, onRetry, onDiscard }: { entry: OutboxEntry; onRetry: () => void; onDiscard: () => void }) {
  const another = !sameOwner(entry.owner, currentOutboxOwner());
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="outbox-entry">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{entry.label}</p>
          <p className="text-sm text-slate-600">Done {actedAtText(entry.actedAt)}</p>
        </div>
        <Badge tone={TONE[entry.state]}>{stateLabel(entry.state)}</Badge>
      </div>
      {another ? <p className="text-sm text-slate-600">Saved by another sign-in on this phone: it is sent when they sign in again.</p> : null}
      {entry.state !== "waiting" ? <Refusal entry={entry} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
        <Button variant="ghost" className="text-red-700" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </li>
  );
}

export function OutboxScreen() {
  const entries = useEntries();
  const { ask, dialog } = useConfirm();

  async function discard(entry: OutboxEntry) {
    const sure = await ask({
      title: "Discard this?",
      message: `"${entry.label}" will not be sent to the server, and it cannot be brought back.`,
      confirmLabel: "Discard",
      cancelLabel: "Keep it",
      danger: true,
    });
    if (sure) await discardEntry(entry.id);
  }

  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Waiting to send</h1>
        <p className="text-slate-600">What this phone keeps for the server. It is sent by itself when there is signal.</p>
      </header>
      {entries === null ? null : entries.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700" data-testid="outbox-empty">
          Nothing is waiting: everything done on this phone has reached the server.
        </p>
      ) : (
        <ul className="space-y-3">
          {entries.map((entry) => (
            <EntryCard key={entry.id} entry={entry} onRetry={() => void retryEntry(entry.id)} onDiscard={() => void discard(entry)} />
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
