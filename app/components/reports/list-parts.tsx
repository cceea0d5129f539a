// Pieces of the two report list modals: collapsible filters bound to the URL, the failed and empty lists,
// the table and the phone card's heading, pagination by 10, a status badge, the detail's toolbar, and photos resolved through the link call (spec
// 002 §2: photos are fetched through a link call).
import { useSearchParams } from "@remix-run/react";
import { ArrowLeft, ChevronLeft, ChevronRight, FileDown, Filter } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { DialogBody } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { apiFetch } from "~/lib/api-client";
import { contract } from "./client";

const STATUS_TONES: Record<string, BadgeTone> = { submitted: "blue", pending: "amber", reviewed: "purple", approved: "green", rejected: "red" };

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? "neutral"}>{status[0]!.toUpperCase() + status.slice(1)}</Badge>;
}

export type FilterField = { name: string; label: string; type: "text" | "date" | "select"; options?: readonly string[] };

/** Filters live in the URL (shareable, kept on reload); Apply sends them, Clear removes them. */
export function ListFilters({ fields }: { fields: FilterField[] }) {
  const [params, setParams] = useSearchParams();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.name, params.get(f.name) ?? ""])));
  const active = fields.filter((f) => params.get(f.name)).length;
  useEffect(() => setValues(Object.fromEntries(fields.map((f) => [f.name, params.get(f.name) ?? ""]))), [params, fields]);
  return (
    <details className="rounded-lg border border-slate-200 bg-slate-50" open={active > 0}>
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 font-semibold text-slate-800">
        <Filter className="size-4" aria-hidden="true" /> Filters{active ? ` (${active})` : ""}
      </summary>
      <form
        className="grid gap-3 p-3 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          const next = new URLSearchParams();
          for (const [k, v] of Object.entries(values)) if (v.trim()) next.set(k, v.trim());
          setParams(next, { preventScrollReset: true });
        }}
      >
        {fields.map((f) => (
          <div key={f.name}>
            <label htmlFor={`filter-${f.name}`} className="mb-1 block text-sm font-semibold text-slate-700">
              {f.label}
            </label>
            {f.type === "select" ? (
              <select id={`filter-${f.name}`} value={values[f.name]} onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))} className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3">
                <option value="">All</option>
                {f.options!.map((o) => (
                  <option key={o} value={o}>{o}</option>
                ))}
              </select>
            ) : (
              <Input id={`filter-${f.name}`} type={f.type === "date" ? "date" : "search"} value={values[f.name]} onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))} maxLength={200} />
            )}
          </div>
        ))}
        <div className="flex items-end gap-2 sm:col-span-3">
          <Button type="submit">Apply filters</Button>
          <Button variant="outline" onClick={() => setParams(new URLSearchParams(), { preventScrollReset: true })}>
            Clear
          </Button>
        </div>
      </form>
    </details>
  );
}

/** A list call that failed: the filters stay, so a bad filter can be changed, above the server's reason. */
export function ListFailure({ fields, error }: { fields: FilterField[]; error: string }) {
  return (
    <DialogBody>
      <ListFilters fields={fields} />
      <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">{error}</p>
    </DialogBody>
  );
}

export function NoReports({ message = "No reports match these filters." }: { message?: string }) {
  return <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">{message}</p>;
}

/** The list as a table on a wide screen (a phone gets cards): one heading a column, the last for the buttons. */
export function ReportTable({ headings, buttonsLabel, children }: { headings: string[]; buttonsLabel: string; children: ReactNode }) {
  return (
    <table className="hidden w-full text-left text-sm md:table">
      <thead className="border-b border-slate-200 text-slate-600">
        <tr>
          {headings.map((h) => (
            <th key={h} className="py-2 pr-2">{h}</th>
          ))}
          <th className="py-2"><span className="sr-only">{buttonsLabel}</span></th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A phone card's first line: what the report is called, and its status. */
export function CardHeading({ title, status }: { title: string; status: string }) {
  return (
    <span className="flex items-center justify-between gap-2">
      <span className="font-semibold">{title}</span>
      <StatusBadge status={status} />
    </span>
  );
}

/** The top of a report's detail: back to the list, and the report's PDF in a new tab. */
export function DetailToolbar({ onBack, pdfHref }: { onBack: () => void; pdfHref: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Button size="sm" variant="ghost" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to list
      </Button>
      <a href={pdfHref} target="_blank" rel="noreferrer" className={buttonClass({ size: "sm", variant: "outline" })}>
        <FileDown className="size-4" aria-hidden="true" /> PDF
      </a>
    </div>
  );
}

export function Pagination({ page, totalPages, total }: { page: number; totalPages: number; total: number }) {
  const [params, setParams] = useSearchParams();
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete("page");
    else next.set("page", String(p));
    setParams(next, { preventScrollReset: true });
  };
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2 pt-2">
      <p className="text-sm text-slate-600">
        {total} report{total === 1 ? "" : "s"} · Page {Math.min(page, totalPages)} of {totalPages}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => go(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" /> Previous
        </Button>
        <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => go(page + 1)}>
          Next <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** A photo by its key, shown once the link call answers (links last 5 minutes, so they are asked for on open). */
export function ReportPhoto({ linkPath, name }: { linkPath: string; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    apiFetch(linkPath, contract("ReportPhotoLinkAnswer"), { signal: ctrl.signal })
      .then((res) => (res.ok ? setUrl(res.data.presignedUrl) : setFailed(true)))
      .catch(() => {
        // Aborted: the photo left the screen before its link came.
      });
    return () => ctrl.abort();
  }, [linkPath]);
  return (
    <li className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      {url ? (
        <a href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={name} className="aspect-square w-full object-cover" />
        </a>
      ) : (
        <div className="flex aspect-square items-center justify-center p-2 text-center text-xs text-slate-500">{failed ? "Photo unavailable" : "Loading…"}</div>
      )}
      <p className="truncate px-2 py-1 text-xs text-slate-700">{name}</p>
    </li>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="break-words text-slate-900">{children || "—"}</dd>
    </div>
  );
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}
