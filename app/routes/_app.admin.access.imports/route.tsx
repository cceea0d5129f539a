// Admin Import (issue 21): choose what the file holds (orders, products, stock) and a CSV; the server checks every
// row and names each problem by row and column before anything is written; a valid file is then imported in parts
// through the integration API's functions, with a progress bar and a result file. Decision 031.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useReducer, useRef, useState } from "react";
import { PageHeading } from "~/components/admin/unsaved";
import { Button } from "~/components/ui/button";
import { Input, inputClass } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import { checkHeader, DEFAULT_IMPORT_SYSTEM, IMPORT_KIND_LABELS, IMPORT_KINDS, importChunks, readImportRows, type ImportKind } from "~/domain/imports/csv-file";
import { importProgress, importReducer, INITIAL_IMPORT, type CheckAnswer } from "~/domain/imports/flow";
import { apiFetch, contractOf } from "~/lib/api-client";
import { noAction, pageLoader } from "~/lib/route.server";
import { CheckResult, ColumnHelp, ImportProgress } from "./import-panels";
import { countText } from "~/domain/plain-format";

const contract = contractOf(() => import("~/domain/imports/contract"));

export const policy = policies.admin;

export const meta: MetaFunction = () => [{ title: "Import — Admin — Golden Grain" }];

export const loader = pageLoader(policy, () => ({ ok: true }));

export const action = noAction(policy);

async function checkFile(kind: ImportKind, file: File): Promise<{ ok: true; check: CheckAnswer } | { ok: false; error: string }> {
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", file);
  const res = await apiFetch("/api/admin/imports/check", contract("ImportCheckAnswer"), { method: "POST", form });
  return res.ok ? { ok: true, check: res.data } : { ok: false, error: res.error.message };
}

export default function AdminImport() {
  const [state, dispatch] = useReducer(importReducer, INITIAL_IMPORT);
  const [kind, setKind] = useState<ImportKind>("orders");
  const [sourceSystem, setSourceSystem] = useState(DEFAULT_IMPORT_SYSTEM);
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const importing = state.step === "importing";

  async function onCheck() {
    if (!file) return;
    dispatch({ type: "checking" });
    const answer = await checkFile(kind, file);
    if (answer.ok) dispatch({ type: "checked", check: answer.check, fileName: file.name });
    else dispatch({ type: "checkFailed", error: answer.error });
  }

  async function onImport() {
    if (state.step !== "checked" || !state.check.ready || !file) return;
    // The rows as the server read them (it refused anything else), in the parts the server takes.
    const { header, rows } = readImportRows(await file.text());
    const chunks = importChunks(state.check.kind, checkHeader(state.check.kind, header).columns, rows);
    dispatch({ type: "start", chunks: chunks.length });
    for (const chunk of chunks) {
      const res = await apiFetch("/api/admin/imports/run", contract("ImportRunAnswer"), {
        method: "POST",
        json: { kind: state.check.kind, sourceSystem, header, rows: chunk },
      });
      if (!res.ok) return dispatch({ type: "chunkFailed", error: res.error.message });
      dispatch({ type: "chunkDone", outcomes: res.data.results, counts: res.data.counts });
    }
  }

  function reset() {
    dispatch({ type: "reset" });
    setFile(null);
    if (fileRef.current) fileRef.current.value = "";
  }

  return (
    <div className="space-y-4">
      <PageHeading title="Import" description="Bring orders, products or stock in from a CSV file: every row is checked before anything is written." />
      <fieldset disabled={importing} className="m-0 grid min-w-0 gap-3 border-0 p-0 sm:grid-cols-3">
        <label className="text-sm font-semibold text-slate-800">
          The file holds
          <select className={`${inputClass} mt-1`} value={kind} onChange={(e) => { setKind(e.target.value as ImportKind); dispatch({ type: "reset" }); }}>
            {IMPORT_KINDS.map((k) => (
              <option key={k} value={k}>{IMPORT_KIND_LABELS[k]}</option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-slate-800">
          Source system
          <Input className="mt-1" value={sourceSystem} maxLength={40} onChange={(e) => setSourceSystem(e.target.value)} aria-describedby="import-system-help" />
          <span id="import-system-help" className="mt-1 block text-xs font-normal text-slate-600">Records are matched by this system and their sourceId, so importing a file twice changes nothing.</span>
        </label>
        <label className="text-sm font-semibold text-slate-800">
          CSV file (UTF-8)
          <input
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block min-h-11 w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
            onChange={(e) => { setFile(e.target.files?.[0] ?? null); dispatch({ type: "reset" }); }}
          />
        </label>
      </fieldset>
      <ColumnHelp kind={kind} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void onCheck()} disabled={!file || importing || (state.step === "choose" && state.busy)}>
          {state.step === "choose" && state.busy ? "Checking…" : "Check file"}
        </Button>
        {state.step === "checked" ? (
          <Button onClick={() => void onImport()} disabled={!state.check.ready}>
            Import {countText(state.check.records)} record{state.check.records === 1 ? "" : "s"}
          </Button>
        ) : null}
        {state.step === "checked" || state.step === "done" ? (
          <Button variant="ghost" onClick={reset}>
            Choose another file
          </Button>
        ) : null}
      </div>
      {state.step === "choose" && state.error ? <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900">{state.error}</p> : null}
      {state.step === "checked" ? <CheckResult check={state.check} /> : null}
      {state.step === "importing" || state.step === "done" ? <ImportProgress state={state} percent={importProgress(state)} /> : null}
    </div>
  );
}
