// A driver's deliveries for today on the home page: in route order, with the address, a map link and the
// delivery wizard one tap away (the order in Order Tracking opens it).
import { Link } from "@remix-run/react";
import { MapPin, Navigation, PackageCheck, Truck } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { waitedText, type DeliveryWork } from "~/domain/shell/home";

export function TodaysDeliveries({
  deliveries,
}: {
  deliveries: DeliveryWork;
}) {
  const rest = deliveries.total - deliveries.items.length;
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Truck className="size-5 text-brand-700" aria-hidden="true" />
          Today&apos;s deliveries
          <Badge
            tone={deliveries.total ? "amber" : "neutral"}
            aria-label={`${deliveries.total} to deliver`}
          >
            {deliveries.total.toLocaleString("en-US")}
          </Badge>
        </CardTitle>
        <p className="text-sm text-slate-700">
          {deliveries.deliveredToday.toLocaleString("en-US")} delivered today
        </p>
      </CardHeader>
      <div>
        {deliveries.items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-700">
            No deliveries waiting. Orders ready for delivery appear here in
            route order.
          </p>
        ) : (
          <ol
            className="divide-y divide-slate-100"
            aria-label="Stops in route order"
          >
            {deliveries.items.map((s, i) => (
              <li key={s.orderId} className="flex gap-2.5 px-4 py-3 sm:gap-3">
                <span
                  className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                  aria-label={`Stop ${i + 1}`}
                >
                  {i + 1}
                </span>
                {/* Phone: the stop, then its buttons under it; wider screens: the buttons at the right. */}
                <div className="flex min-w-0 flex-1 flex-col gap-2 md:flex-row md:items-center md:gap-4">
                  <div className="min-w-0 flex-1 space-y-2">
                    <div>
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="text-base font-bold text-slate-900">
                          {s.customerName || s.orderNumber}
                        </span>
                        <Badge tone={s.onTruck ? "blue" : "neutral"}>
                          {s.onTruck ? "On the truck" : "Ready to load"}
                        </Badge>
                        {s.cashOnDelivery ? (
                          <Badge tone="amber">Collect cash</Badge>
                        ) : null}
                      </div>
                      <p className="text-sm text-slate-600">
                        {s.orderNumber} · {s.orderStatus}
                        {s.daysSinceOrder > 1
                          ? ` · waiting ${waitedText(s.daysSinceOrder)}`
                          : ""}
                      </p>
                    </div>
                    <address className="flex items-start gap-1.5 text-sm text-slate-800 not-italic">
                      <MapPin
                        className="mt-0.5 size-4 shrink-0 text-slate-500"
                        aria-hidden="true"
                      />
                      <span>
                        {s.addressLines.length
                          ? s.addressLines.join(", ")
                          : "No address on this order"}
                      </span>
                    </address>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Link
                      to={s.href}
                      className={buttonClass({
                        size: "md",
                        className: "flex-1 whitespace-nowrap sm:flex-none",
                      })}
                      aria-label={`Open delivery ${s.orderNumber}`}
                    >
                      <PackageCheck className="size-5" aria-hidden="true" />
                      Open delivery
                    </Link>
                    {s.mapsUrl ? (
                      <a
                        href={s.mapsUrl}
                        target="_blank"
                        rel="noreferrer"
                        className={buttonClass({
                          variant: "outline",
                          size: "md",
                        })}
                        aria-label={`Map for ${s.orderNumber}`}
                      >
                        <Navigation className="size-4" aria-hidden="true" />
                        Map
                      </a>
                    ) : null}
                  </div>
                </div>
              </li>
            ))}
          </ol>
        )}
        {rest > 0 ? (
          <p className="border-t border-slate-100 px-4 py-1 text-sm text-slate-700">
            {rest.toLocaleString("en-US")} more stops.{" "}
            <Link
              to="/order-tracking"
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
            >
              See them all in Order Tracking
            </Link>
          </p>
        ) : null}
      </div>
    </Card>
  );
}
