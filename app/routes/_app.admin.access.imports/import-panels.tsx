// The pieces of the admin Import screen: the columns a kind takes, the check's answer (problems by row and column,
// the first rows), the progress of an import and its result with the file to download.
import { Download } from "lucide-react";
import { useEffect, useMemo } from "react";
import { buttonClass } from "~/components/ui/button";
import { IMPORT_COLUMNS, resultRecords, type ImportKind } from "~/domain/imports/csv-file";
import type { CheckAnswer, ImportState } from "~/domain/imports/flow";
import { CSV_BOM, CSV_CONTENT_TYPE, csvLine } from "~/lib/csv";
import { countText } from "~/domain/plain-format";

export function ColumnHelp({ kind }: { kind: ImportKind }) {
  return (
    <details className="rounded-lg border border-slate-200 bg-slate-50">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold text-slate-800">Columns of this file</summary>
      <ul className="grid gap-1 p-3 text-sm sm:grid-cols-2">
        {IMPORT_COLUMNS[kind].map((c) => (
          <li key={c.name}>
            <code className="font-semibold">{c.name}</code>
            {c.required ? <span className="text-red-800"> (required)</span> : null}
            {c.help ? <span className="text-slate-600"> — {c.help}</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

export function CheckResult({ check }: { check: CheckAnswer }) {
  return (
    <div className="space-y-3">
      <p role="status" className={check.ready ? "rounded-lg border border-green-300 bg-green-50 px-4 py-2 text-green-900" : "rounded-lg border border-red-300 bg-red-50 px-4 py-2 text-red-900"}>
        {countText(check.rows)} row{check.rows === 1 ? "" : "s"}, {countText(check.records)} record{check.records === 1 ? "" : "s"}.{" "}
        {check.ready ? "Every row is valid: nothing has been written yet." : `${countText(check.errorCount)} problem${check.errorCount === 1 ? "" : "s"} to fix before anything can be imported.`}
      </p>
      {check.errors.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Problems by row and column</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th className="py-2 pr-3">Row</th>
                <th className="py-2 pr-3">Column</th>
                <th className="py-2">Problem</th>
              </tr>
            </thead>
            <tbody>
              {check.errors.map((e, i) => (
                <tr key={i} className="border-b border-slate-100">
                  <td className="py-1 pr-3 tabular-nums">{e.row}</td>
                  <td className="py-1 pr-3"><code>{e.column ?? "—"}</code></td>
                  <td className="py-1">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {check.errorCount > check.errors.length ? <p className="mt-1 text-sm text-slate-600">…and {countText(check.errorCount - check.errors.length)} more.</p> : null}
        </div>
      ) : null}
      {check.preview.length ? (
        <div className="overflow-x-auto">
          <h2 className="mb-1 font-semibold text-slate-900">First rows</h2>
          <table className="text-left text-sm whitespace-nowrap">
            <thead>
              <tr className="border-b border-slate-300">
                <th className="py-1 pr-3">Row</th>
                {check.header.map((h, i) => (
                  <th key={i} className="py-1 pr-3">{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {check.preview.map((r) => (
                <tr key={r.row} className="border-b border-slate-100">
                  <td className="py-1 pr-3 tabular-nums">{r.row}</td>
                  {check.header.map((_, i) => (
                    <td key={i} className="max-w-60 truncate py-1 pr-3" title={r.cells[i] ?? ""}>{r.cells[i] ?? ""}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** A link to the result file (built in the browser from the outcomes), released when the result goes away. */
function ResultDownload({ state }: { state: Extract<ImportState, { step: "done" }> }) {
  const href = useMemo(() => {
    const text = CSV_BOM + resultRecords(state.outcomes).map((r) => csvLine(r)).join("");
    return URL.createObjectURL(new Blob([text], { type: CSV_CONTENT_TYPE }));
  }, [state.outcomes]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  const name = `import-result-${state.fileName.replace(/\.[^.]+$/, "").replace(/[^a-z0-9-]+/gi, "-") || "file"}.csv`;
  return (
    <a href={href} download={name} className={buttonClass({ variant: "outline" })}>
      <Download className="size-4" aria-hidden="true" /> Download results (CSV)
    </a>
  );
}

export function ImportProgress({ state, percent }: { state: Extract<ImportState, { step: "importing" | "done" }>; percent: number }) {
  const { counts } = state;
  return (
    <div className="space-y-3">
      <label className="block text-sm font-semibold text-slate-800">
        {state.step === "importing" ? `Importing… part ${Math.min(state.done + 1, state.chunks)} of ${state.chunks}` : state.stopped ? "Import stopped" : "Import finished"}
        <progress className="mt-1 block h-3 w-full" max={100} value={percent} aria-valuetext={`${percent}%`} />
      </label>
      <p role="status" aria-live="polite" className="text-slate-800">
        {counts.created} created · {counts.updated} updated · {counts.unchanged} unchanged · {counts.refused} refused
      </p>
      {state.step === "done" && state.stopped ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-2 text-red-900">
          {state.stopped} Parts already imported stay; import the same file again to finish: records already in come back unchanged, none twice.
        </p>
      ) : null}
      {state.step === "done" && counts.refused ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          {state.outcomes
            .filter((o) => o.outcome === "refused")
            .slice(0, 50)
            .map((o, i) => (
              <li key={i}>
                Row {o.rows[0]} ({o.sourceId ?? "no id"}): {o.reason}
              </li>
            ))}
        </ul>
      ) : null}
      {state.step === "done" ? <ResultDownload state={state} /> : null}
    </div>
  );
}
