// A warehouse employee's picks on her home page: assigned to her, not picked yet, oldest first, each with
// Begin Picking; and the way to Pick List Check.
import { Link } from "@remix-run/react";
import { ClipboardCheck, PackageOpen, ScanLine } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { pickSizeText, waitedText, type PickWork } from "~/domain/shell/home";
import { useWarmFloorCopies } from "~/components/shell/service-worker-bridge";
import { countText } from "~/domain/plain-format";

export function MyPicks({ picks }: { picks: PickWork }) {
  const rest = picks.total - picks.items.length;
  // Her picks are kept on the phone while there is signal: each opens on the dock with none.
  useWarmFloorCopies(picks.items.map((p) => p.href));
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <CardTitle className="flex items-center gap-2 text-lg">
          <PackageOpen className="size-5 text-brand-700" aria-hidden="true" />
          My picks
          <Badge tone={picks.total ? "amber" : "neutral"} aria-label={`${picks.total} to pick`}>
            {countText(picks.total)}
          </Badge>
        </CardTitle>
        <Link to="/pick-list-check" className={buttonClass({ variant: "outline", size: "sm", className: "min-h-11" })}>
          <ClipboardCheck className="size-4" aria-hidden="true" />
          Pick List Check
        </Link>
      </CardHeader>
      <div>
        {picks.items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-700">Nothing to pick right now. New orders assigned to you appear here.</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {picks.items.map((p) => (
              <li key={p.orderId} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-base font-bold text-slate-900">{p.orderNumber}</span>
                    <Badge tone={p.daysSinceOrder >= 2 ? "red" : p.daysSinceOrder >= 1 ? "orange" : "green"}>{waitedText(p.daysSinceOrder)}</Badge>
                  </div>
                  <p className="truncate text-sm font-medium text-slate-800">{p.customerName}</p>
                  <p className="text-sm text-slate-600">
                    {p.orderStatus} · {pickSizeText(p.lines, p.units)}
                  </p>
                </div>
                <Link
                  to={p.href}
                  className={buttonClass({ size: "lg", className: "w-full sm:w-auto" })}
                  aria-label={`Begin Picking ${p.orderNumber}`}
                >
                  <ScanLine className="size-5" aria-hidden="true" />
                  Begin Picking
                </Link>
              </li>
            ))}
          </ol>
        )}
        {rest > 0 ? (
          <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-700">
            {countText(rest)} more to pick, oldest first. They come up here as you finish these.
          </p>
        ) : null}
      </div>
    </Card>
  );
}
