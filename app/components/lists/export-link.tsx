// "Export CSV" on a list screen: a plain download link to the list's /export call with the list's current search,
// filters and sort (page and limit dropped: the file holds every matching row). It works before the screen's
// script runs, and the server decides what the file may hold.
import { useSearchParams } from "@remix-run/react";
import { Download } from "lucide-react";
import { buttonClass } from "~/components/ui/button";

const PAGING = ["page", "limit", "light"];

/** The export call for a list URL or its query: '/api/return-requests?page=2&sort=x' → '/api/return-requests/export?sort=x'. */
export function exportHref(exportPath: string, query: string | URLSearchParams): string {
  const text = typeof query === "string" ? (query.includes("?") ? query.slice(query.indexOf("?") + 1) : query) : query.toString();
  const params = new URLSearchParams(text);
  for (const name of PAGING) params.delete(name);
  const rest = params.toString();
  return rest ? `${exportPath}?${rest}` : exportPath;
}

export function ExportCsvLink({ href, size = "md", className }: { href: string; size?: "sm" | "md"; className?: string }) {
  return (
    <a href={href} download className={buttonClass({ variant: "outline", size, className })}>
      <Download className="size-4" aria-hidden="true" /> Export CSV
    </a>
  );
}

/** For a list whose filters live in the page's URL (the report lists): the export with those filters. */
export function UrlExportLink({ exportPath }: { exportPath: string }) {
  const [params] = useSearchParams();
  return (
    <div className="flex justify-end">
      <ExportCsvLink size="sm" href={exportHref(exportPath, params)} />
    </div>
  );
}
