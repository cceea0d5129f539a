// The result area of a review list: the server's error, the first load, the empty answer, or the count
// (a live status), the rows and Previous/Next. Controls stay disabled until the page is hydrated.
import type { ReactNode } from "react";
import { Notice } from "~/components/returns/shared";
import { Button } from "~/components/ui/button";
import type { ListLoad } from "./use-server-list";
import { untilHydrated } from "~/lib/use-hydrated";

type Props = {
  label: string;
  list: { load: ListLoad<unknown>; searching: boolean; query: { page: number }; pages: number; turnPage: (by: number) => void };
  hydrated: boolean;
  /** "Loading applications…" while the first page or a search is on its way. */
  loadingText: string;
  count: (total: number) => string;
  empty: { title: string; hint?: string };
  children: ReactNode;
};

export function ListResults({ label, list, hydrated, loadingText, count, empty, children }: Props) {
  const { load, searching, pages, turnPage } = list;
  const { page } = list.query;
  return (
    <section aria-label={label} aria-busy={load.status === "loading"} className="space-y-2">
      {load.status === "error" ? (
        <Notice tone="error">Error: {load.error || "An error occurred"}</Notice>
      ) : load.status === "loading" && !load.rows.length ? (
        <p role="status" className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
          {loadingText}
        </p>
      ) : !load.rows.length ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
          <p className="font-semibold text-slate-800">{empty.title}</p>
          {empty.hint ? <p className="text-slate-600">{empty.hint}</p> : null}
        </div>
      ) : (
        // The rows wait for the script under a layer, not by disabling each row (lib/use-hydrated.ts: untilHydrated).
        <fieldset className={untilHydrated(hydrated, "m-0 min-w-0 space-y-2 border-0 p-0")}>
          <p role="status" className="text-sm text-slate-600">
            {load.status === "loading" || searching ? loadingText : count(load.total)}
          </p>
          {children}
          {pages > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => turnPage(-1)}>
                Previous
              </Button>
              <span className="text-sm text-slate-700">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => turnPage(1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </fieldset>
      )}
    </section>
  );
}
