// The frame of a review list page: its heading with a lead line and a link on the right, whether the page is
// hydrated (controls stay disabled until then), and the detail a link's #hash asks for.
import { useCallback, useEffect, useState, type ReactNode } from "react";

export function ListHeader({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-slate-700">{lead}</p>
      </div>
      {children}
    </header>
  );
}

export { useHydrated } from "~/lib/use-hydrated";

/**
 * The row open in the detail. A link to the page with a hash (`#return-RET-1001`, `#app-12`, e.g. from the
 * home page's activity) opens that row once the first page has it: `pattern`'s first group is the id.
 * Pass module constants for `pattern` and `matches`, or it looks again on every render.
 */
export function useOpenRow<Row>(firstRows: Row[], pattern: RegExp, matches: (row: Row, id: string) => boolean) {
  const [open, setOpen] = useState<Row | null>(null);
  useEffect(() => {
    const m = pattern.exec(window.location.hash);
    const found = m ? firstRows.find((r) => matches(r, m[1]!)) : undefined;
    if (found) setOpen(found);
  }, [firstRows, pattern, matches]);
  const close = useCallback(() => setOpen(null), []);
  return { open, setOpen, close };
}
