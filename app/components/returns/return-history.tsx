// A return request's history: who changed what and when, each entry's changes in words (domain/returns/detail-state).
import { describeChanges } from "~/domain/returns/detail-state";
import type { HistoryEntry } from "./api";
import { formatDate } from "./shared";

export function History({ entries, loading }: { entries: HistoryEntry[]; loading: boolean }) {
  return (
    <section aria-label="History" className="space-y-2">
      <h3 className="font-bold text-slate-900">History</h3>
      {loading ? <p className="text-sm text-slate-600">Loading history…</p> : null}
      {!loading && !entries.length ? <p className="text-sm text-slate-600">No changes yet.</p> : null}
      <ol className="space-y-1">
        {entries.map((e, i) => (
          <li key={`${e.at}-${i}`} className="text-sm text-slate-800">
            <span className="text-slate-600">{formatDate(e.at, true)}</span> · <strong>{e.actor}</strong>: {describeChanges(e.changes, e.action)}
          </li>
        ))}
      </ol>
    </section>
  );
}
