// The order's change history: who changed which field from what to what, and when it happened (a change
// queued on a phone shows when it was sent too, decision 040).
import { useEffect, useState } from "react";
import { Dialog, DialogBody } from "~/components/ui/dialog";
import { sentLater } from "~/domain/acted-at";
import { fieldLabel, formatChangeValue, formatDateTime } from "~/domain/orders/format";
import { fetchHistory } from "./api";
import type { HistoryEntry } from "./types";

/** The receipt time, as a time alone when it was the same day as the act ('4:05 PM'), else in full. */
function sentTime(actedAt: string, at: string): string {
  const a = new Date(actedAt);
  const r = new Date(at);
  if (a.toDateString() === r.toDateString()) return r.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  return formatDateTime(at);
}

export function HistoryModal({ orderNumber, onClose }: { orderNumber: string | null; onClose: () => void }) {
  const [state, setState] = useState<{ loading: boolean; error: string | null; entries: HistoryEntry[] }>({ loading: false, error: null, entries: [] });

  useEffect(() => {
    if (!orderNumber) return;
    const ctrl = new AbortController();
    setState({ loading: true, error: null, entries: [] });
    fetchHistory(orderNumber, ctrl.signal)
      .then((entries) => setState({ loading: false, error: null, entries }))
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setState({ loading: false, error: e instanceof Error ? e.message : "Failed to load history", entries: [] });
      });
    return () => ctrl.abort();
  }, [orderNumber]);

  return (
    <Dialog open={!!orderNumber} onClose={onClose} title={`History — ${orderNumber ?? ""}`} className="max-w-2xl">
      <DialogBody>
        {state.loading ? (
          <p role="status" className="text-slate-600">Loading history…</p>
        ) : state.error ? (
          <p role="alert" className="text-red-700">Error: {state.error}</p>
        ) : state.entries.length === 0 ? (
          <p className="text-slate-600">No changes recorded yet.</p>
        ) : (
          <ol className="space-y-4" aria-label="Changes">
            {state.entries.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-slate-200 p-3">
                <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                  <span className="font-bold text-slate-900">{entry.actor || "System"}</span>
                  <span className="text-slate-600">
                    <time dateTime={entry.actedAt ?? entry.at}>{formatDateTime(entry.actedAt ?? entry.at)}</time>
                    {sentLater(entry.actedAt, entry.at) ? (
                      <>
                        {" · sent from the phone at "}
                        <time dateTime={entry.at}>{sentTime(entry.actedAt!, entry.at)}</time>
                      </>
                    ) : null}
                  </span>
                </p>
                <ul className="mt-2 space-y-1 text-sm">
                  {entry.changes.map((c, i) => (
                    <li key={i} className="text-slate-800">
                      <span className="font-semibold">{fieldLabel(c.field)}</span>: <span className="text-slate-600 line-through decoration-slate-400">{formatChangeValue(c.before)}</span>{" "}
                      → <span className="font-medium text-slate-900">{formatChangeValue(c.after)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </DialogBody>
    </Dialog>
  );
}
