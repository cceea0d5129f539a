// Pagination with at most five page buttons around the current page, plus previous and next.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { countText } from "~/domain/plain-format";

export const PAGE_BUTTONS = 5;

/** The window of page numbers to show: five, centred on the current page where possible. */
export function pageWindow(page: number, pages: number, size = PAGE_BUTTONS): number[] {
  const count = Math.min(size, Math.max(pages, 1));
  let first = Math.max(1, page - Math.floor(size / 2));
  first = Math.min(first, Math.max(1, pages - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}

export function Pagination({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  if (pages <= 1) return <p className="text-sm text-slate-600">{countText(total)} order(s)</p>;
  const btn = "inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border px-2 text-sm font-semibold";
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-600">
        Page {page} of {pages} · {countText(total)} orders
      </p>
      <div className="flex items-center gap-1">
        <button type="button" className={cn(btn, "border-slate-300 bg-white")} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
          <ChevronLeft className="size-4" aria-hidden="true" />
        </button>
        {pageWindow(page, pages).map((n) => (
          <button
            key={n}
            type="button"
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPage(n)}
            className={cn(btn, n === page ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
          >
            {n}
          </button>
        ))}
        <button type="button" className={cn(btn, "border-slate-300 bg-white")} disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
