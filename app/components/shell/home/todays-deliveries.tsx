// A driver's deliveries for today on the home page: today's planned route, numbered, next stop first and done
// stops folded away, with what each stop needs; then, apart, the open deliveries on no route of theirs today
// (overdue or unplanned). The address, a map link and the delivery wizard are one tap away on every stop.
import { Link } from "@remix-run/react";
import { MapPin, Navigation, PackageCheck, Truck } from "lucide-react";
import { useEffect, useRef } from "react";
import { afterSettled } from "~/lib/when-idle";
import { useWarmFloorCopies } from "~/components/shell/service-worker-bridge";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { waitedText, type DeliveryStop, type DeliveryWork, type RouteStopView } from "~/domain/shell/home";
import { countText, moneyText } from "~/domain/plain-format";

function money(cents: number): string {
  return moneyText(cents / 100);
}

function StopRow({ stop, number, next, route }: { stop: DeliveryStop; number: number | null; next?: boolean; route?: RouteStopView }) {
  return (
    <li className={`list-row-lazy flex gap-2.5 px-4 py-3 sm:gap-3 ${next ? "bg-brand-50" : ""}`}>
      {number !== null ? (
        <span
          className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
          aria-label={`Stop ${number}`}
        >
          {number}
        </span>
      ) : null}
      {/* Phone: the stop, then its buttons under it; wider screens: the buttons at the right. */}
      <div className="flex min-w-0 flex-1 flex-col gap-2 md:flex-row md:items-center md:gap-4">
        <div className="min-w-0 flex-1 space-y-2">
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-base font-bold text-slate-900">{stop.customerName || stop.orderNumber}</span>
              {next ? <Badge tone="green">Next stop</Badge> : null}
              {route?.done ? (
                <Badge tone="neutral">Delivered</Badge>
              ) : (
                <Badge tone={stop.onTruck ? "blue" : "neutral"}>{stop.onTruck ? "On the truck" : "Ready to load"}</Badge>
              )}
              {route && route.codDueCents !== null ? (
                <Badge tone="amber">Collect {money(route.codDueCents)}</Badge>
              ) : stop.cashOnDelivery ? (
                <Badge tone="amber">Collect cash</Badge>
              ) : null}
            </div>
            <p className="text-sm text-slate-600">
              {stop.orderNumber} · {stop.orderStatus}
              {!route && stop.daysSinceOrder > 1 ? ` · waiting ${waitedText(stop.daysSinceOrder)}` : ""}
            </p>
            {route && route.proofNeeded.length ? (
              <p className="text-sm text-slate-700">Proof: {route.proofNeeded.join(", ")}</p>
            ) : null}
          </div>
          <address className="flex items-start gap-1.5 text-sm text-slate-800 not-italic">
            <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span>{stop.addressLines.length ? stop.addressLines.join(", ") : "No address on this order"}</span>
          </address>
        </div>
        <div className="flex shrink-0 gap-2">
          {/* A document load, not a client one: the '#order-' hash survives a tap with no signal (the phone's copy of
              Order Tracking answers it and opens the wizard). */}
          <Link
            to={stop.href}
            reloadDocument
            className={buttonClass({ size: "md", className: "flex-1 whitespace-nowrap sm:flex-none" })}
            aria-label={`Open delivery ${stop.orderNumber}`}
          >
            <PackageCheck className="size-5" aria-hidden="true" />
            Open delivery
          </Link>
          {stop.mapsUrl ? (
            <a
              href={stop.mapsUrl}
              target="_blank"
              rel="noreferrer"
              className={buttonClass({ variant: "outline", size: "md" })}
              aria-label={`Map for ${stop.orderNumber}`}
            >
              <Navigation className="size-4" aria-hidden="true" />
              Map
            </a>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * Today's stops are kept on the phone while there is signal: Order Tracking (where a stop opens) as a screen
 * copy, and each stop's meta and address for the wizard, so the route opens at the door with no signal.
 */
function useKeepStops(stops: readonly DeliveryStop[]) {
  const paths = stops.map((s) => s.href);
  useWarmFloorCopies(paths);
  // The stops as they are now, read once the page has settled (their calls, parses and writes are not what a first tap
  // should wait behind); the effect runs again only when the list changes.
  const latest = useRef(stops);
  latest.current = stops;
  const key = stops.map((s) => s.orderNumber).join(",");
  useEffect(() => {
    if (!key) return;
    const list = latest.current.map((s) => ({ orderId: s.orderId, orderNumber: s.orderNumber }));
    return afterSettled(() => void import("~/components/delivery/keep-stops").then(({ keepStopsOnPhone }) => keepStopsOnPhone(list)).catch(() => {}));
  }, [key]);
}

export function TodaysDeliveries({ deliveries }: { deliveries: DeliveryWork }) {
  const route = deliveries.route ?? [];
  const open = route.filter((s) => !s.done);
  const done = route.filter((s) => s.done);
  const planned = route.length > 0;
  const unplannedTotal = deliveries.total - open.length;
  useKeepStops(planned ? open : deliveries.items);
  const rest = unplannedTotal - deliveries.items.length;
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Truck className="size-5 text-brand-700" aria-hidden="true" />
          Today&apos;s deliveries
          <Badge tone={deliveries.total ? "amber" : "neutral"} aria-label={`${deliveries.total} to deliver`}>
            {countText(deliveries.total)}
          </Badge>
        </CardTitle>
        <p className="text-sm text-slate-700">{countText(deliveries.deliveredToday)} delivered today</p>
      </CardHeader>
      <div>
        {planned ? (
          <>
            {open.length ? (
              <ol className="divide-y divide-slate-100" aria-label="Stops in route order">
                {open.map((s, i) => (
                  <StopRow key={s.orderId} stop={s} number={s.stopNumber} next={i === 0} route={s} />
                ))}
              </ol>
            ) : (
              <p className="px-4 py-6 text-sm text-slate-700">Every stop of today&apos;s route is delivered.</p>
            )}
            {done.length ? (
              <details className="border-t border-slate-100">
                <summary className="flex min-h-11 cursor-pointer items-center px-4 text-sm font-semibold text-slate-800">
                  {done.length} done
                </summary>
                <ol className="divide-y divide-slate-100" aria-label="Delivered stops">
                  {done.map((s) => (
                    <StopRow key={s.orderId} stop={s} number={s.stopNumber} route={s} />
                  ))}
                </ol>
              </details>
            ) : null}
          </>
        ) : null}
        {planned && deliveries.items.length ? (
          <h3 className="border-t border-slate-200 bg-slate-50 px-4 py-2 text-sm font-bold text-slate-900">
            Not on today&apos;s route ({countText(unplannedTotal)}): overdue or unplanned
          </h3>
        ) : null}
        {!planned && deliveries.items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-700">
            No deliveries waiting. Orders ready for delivery appear here in route order.
          </p>
        ) : null}
        {deliveries.items.length ? (
          <ol
            className="divide-y divide-slate-100"
            aria-label={planned ? "Open deliveries not on today's route" : "Stops in route order"}
          >
            {deliveries.items.map((s, i) => (
              <StopRow key={s.orderId} stop={s} number={planned ? null : i + 1} />
            ))}
          </ol>
        ) : null}
        {rest > 0 ? (
          <p className="border-t border-slate-100 px-4 py-1 text-sm text-slate-700">
            {countText(rest)} more {planned ? "open deliveries" : "stops"}.{" "}
            <Link to="/order-tracking" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
              See them all in Order Tracking
            </Link>
          </p>
        ) : null}
      </div>
    </Card>
  );
}
