// The admin lists' shared pieces: the Prev / Next pager, the line saying why a list did not load, and the
// debounced load behind a search box (the loader answered the first page, so the first render asks nothing).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { apiFetch, type ApiSchema, type ContractOutput } from "~/lib/api-client";

/** Prev and Next around the page label the screen shows (`children`); `onPage` gets the page to show. */
export function Pager({ page, pages, onPage, className, children }: { page: number; pages: number; onPage: (page: number) => void; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
        Prev
      </Button>
      {children}
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}

export function LoadError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800">
      {error}
    </p>
  );
}

/**
 * GETs `url` 250 ms after it last changed and hands the answer, read by `schema`, to `onLoaded`; an answer a
 * newer url overtook is dropped. Returns the reason in plain words while the last load failed, null once one works.
 */
export function useDebouncedLoad<S extends ApiSchema>(url: string, schema: S, onLoaded: (body: ContractOutput<S>) => void): string | null {
  const [error, setError] = useState<string | null>(null);
  const first = useRef(true);
  const loaded = useRef(onLoaded);
  const contract = useRef(schema);
  useEffect(() => {
    loaded.current = onLoaded;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let cancelled = false;
    const t = setTimeout(() => {
      void apiFetch(url, contract.current).then((res) => {
        if (cancelled) return;
        if (res.ok) {
          loaded.current(res.data as ContractOutput<S>);
          setError(null);
        } else setError(res.error.message);
      });
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(t);
    };
  }, [url]);
  return error;
}
