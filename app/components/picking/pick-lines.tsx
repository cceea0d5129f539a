// The picking screen's list: 'Loading pick list…', the order's refusal, 'No order loaded yet', or the lines
// (held back until the screen's script runs, so no tap is lost) with Load more.
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { SIGN_IN_TO_OPEN, type PickLine, type PickOrderHeader } from "~/domain/picking/lines";
import type { Hold } from "~/domain/picking/takeover";
import { untilHydrated } from "~/lib/use-hydrated";
import { LineRow, type LineActions } from "./line-row";

/** One empty list for every line nobody else is on: a new `[]` per row per render re-rendered all 60 memoized rows on every tap. */
const NOBODY: string[] = [];

export function PickLines({
  loading,
  error,
  header,
  total,
  shown,
  hasMore,
  hydrated,
  compact,
  editing,
  flashing,
  onLines,
  actions,
  holdOf,
  isClaimed,
  reasons,
  onMore,
}: {
  loading: boolean;
  error: string | null;
  header: PickOrderHeader | null;
  /** How many lines the order has (shown or not). */
  total: number;
  shown: PickLine[];
  hasMore: boolean;
  hydrated: boolean;
  compact: boolean;
  editing: ReadonlySet<string>;
  flashing: ReadonlySet<string>;
  /** Who else is on each line. */
  onLines: Map<string, string[]>;
  actions: LineActions;
  /** Another picker's hold on a line, with how long their phone has been quiet. */
  holdOf(lineId: string): Hold | null;
  isClaimed(lineId: string): boolean;
  reasons: readonly string[];
  onMore(): void;
}) {
  if (loading) return <p className="py-10 text-center text-slate-500">Loading pick list…</p>;
  return (
    <>
      {/* Wanting a sign-in is not a fault: the gate is the way in, said plainly and not in red. */}
      {error === SIGN_IN_TO_OPEN ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-800">
          {error}
        </p>
      ) : error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}

      {!total ? (
        <div className="py-10 text-center text-slate-600">
          <p className="font-semibold">{header ? `No items found for order ${header.orderNumber}.` : "No order loaded yet."}</p>
          <p className="mt-1 text-sm">Enter an order number above and click Load to fetch the pick list.</p>
        </div>
      ) : null}

      {shown.length ? (
        <fieldset className={untilHydrated(hydrated, "m-0 min-w-0 border-0 p-0")}>
          <ul className={cn("flex flex-col", compact ? "gap-1.5" : "gap-3")} aria-label="Pick lines">
            {shown.map((line) => {
              const hold = holdOf(line.id);
              return (
                <LineRow
                  key={line.id}
                  line={line}
                  editing={editing.has(line.id)}
                  flashing={flashing.has(line.id)}
                  others={onLines.get(line.id) ?? NOBODY}
                  actions={actions}
                  compact={compact}
                  heldBy={hold?.name ?? null}
                  quietFor={hold?.quietFor ?? null}
                  mine={isClaimed(line.id) && !hold}
                  reasons={reasons}
                />
              );
            })}
          </ul>
        </fieldset>
      ) : null}

      {hasMore ? (
        <Button variant="outline" className="self-center" onClick={onMore}>
          Load more
        </Button>
      ) : null}
    </>
  );
}
