// /delivery-routes (logistics and admins, issue 24): plan a driver's day. Pick a date and a driver; the open
// deliveries on no route that day on one side, the driver's stops numbered on the other; add, remove, reorder by
// drag or by Move up / Move down (keyboard and touch users cannot drag reliably), 'Sort by distance from the
// warehouse', Save. A save made stale by another planner comes back as a 409 in plain words.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { toast } from "~/components/ui/toast";
import { errorsFor, FieldError, UnplacedErrors } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import { policies } from "~/domain/access/policy";
import type { FieldErrors } from "~/domain/api-messages";
import { addStop, moveStop, removeStop, sortByDistance } from "~/domain/delivery/route";
import type { DayPlan, RouteStop } from "~/domain/delivery/route-contract";
import { apiFetch, contractOf } from "~/lib/api-client";
import { noAction, pageLoader } from "~/lib/route.server";
import { dayPlan, planDateOf } from "~/services/delivery-routes.server";
import { moneyText } from "~/domain/plain-format";

// The contract loads with the first call, not the first paint (zod stays off this page's first load).
const contract = contractOf(() => import("~/domain/delivery/route-contract"));

export const policy = policies.grant("delivery:plan");

export const meta: MetaFunction = () => [{ title: "Delivery routes — Golden Grain" }];

export const loader = pageLoader(policy, async ({ request, viewer, ctx }): Promise<DayPlan> => {
  const date = planDateOf(ctx, new URL(request.url).searchParams.get("date"));
  return dayPlan(ctx, viewer, date);
});

export const action = noAction(policy);

function money(cents: number) {
  return moneyText(cents / 100);
}

function StopText({ stop }: { stop: RouteStop }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="font-semibold break-words text-slate-900">{stop.customerName || stop.orderNumber}</p>
      <p className="text-sm break-words text-slate-700">
        {stop.orderNumber} · {stop.warehouseLocation}
        {stop.codDueCents !== null ? ` · COD ${money(stop.codDueCents)}` : ""}
      </p>
      <p className="text-sm break-words text-slate-600">{stop.addressLines.join(", ") || "No address on this order"}</p>
    </div>
  );
}

const iconButton = "inline-flex size-11 shrink-0 items-center justify-center rounded-lg ring-1 ring-slate-300 text-slate-800 hover:bg-slate-50 disabled:opacity-40";

export default function DeliveryRoutes() {
  const plan = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [driverId, setDriverId] = useState<number | null>(plan.drivers[0]?.driverId ?? null);
  const driver = plan.drivers.find((d) => d.driverId === driverId) ?? null;
  const saved = useMemo(() => driver?.stops.map((s) => s.orderId) ?? [], [driver]);
  const [ids, setIds] = useState<number[]>(saved);
  const [dragged, setDragged] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);

  // A new driver, date or a reload starts from what is saved.
  useEffect(() => {
    setIds(saved);
    setProblem(null);
    setFieldErrors({});
  }, [saved]);

  const byId = useMemo(() => {
    const all = new Map<number, RouteStop>();
    for (const s of plan.unplanned) all.set(s.orderId, s);
    for (const d of plan.drivers) for (const s of d.stops) all.set(s.orderId, s);
    return all;
  }, [plan]);
  const stops = ids.map((id) => byId.get(id)).filter((s): s is RouteStop => !!s);
  // Only what the chosen driver may deliver (his warehouses and delivery types; none set: every one).
  const inArea = (s: RouteStop) =>
    !!driver &&
    (!driver.locationIds.length || driver.locationIds.includes(s.warehouseLocation)) &&
    (driver.orderTypes.length ? driver.orderTypes.includes(s.orderType) : s.orderType.endsWith(" Delivery"));
  const available = [...plan.unplanned, ...(driver?.stops ?? [])].filter((s) => !ids.includes(s.orderId) && inArea(s));
  const changed = ids.join(",") !== saved.join(",");

  function sortByWarehouse() {
    const counts = new Map<string, number>();
    for (const s of stops) counts.set(s.warehouseLocation, (counts.get(s.warehouseLocation) ?? 0) + 1);
    const home = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const start = home ? (plan.warehousePoints[home] ?? null) : null;
    if (!start) return void toast.error("The warehouse has no map point, so the stops cannot be sorted by distance.");
    setIds(sortByDistance(start, stops).map((s) => s.orderId));
    const unplaced = stops.filter((s) => !s.point).length;
    if (unplaced) toast.message(`${unplaced} stop${unplaced === 1 ? " has" : "s have"} no map point and stay at the end.`);
  }

  async function save() {
    if (driverId === null) return;
    setSaving(true);
    try {
      const r = await apiFetch(`/api/delivery/routes/${driverId}`, contract("DriverDayAnswer"), {
        method: "PUT",
        json: { date: plan.date, orderIds: ids, expected: saved },
      });
      setFieldErrors(r.ok ? {} : r.error.fieldErrors);
      if (!r.ok) {
        setProblem(r.error.message);
        return void toast.error("Route not saved", { description: r.error.message });
      }
      setProblem(null);
      toast.success(`Route saved: ${r.data.stops.length} stop${r.data.stops.length === 1 ? "" : "s"} for ${r.data.driverName}`);
      revalidator.revalidate();
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Delivery routes</h1>
        <p className="text-slate-700">Plan which deliveries a driver takes on a day, and in what order. The driver&apos;s Home lists them numbered.</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium text-slate-800">
          Date
          <input
            type="date"
            className="mt-1 min-h-11 rounded-lg px-3 ring-1 ring-slate-300"
            value={plan.date}
            onChange={(e) => e.target.value && navigate(`?date=${e.target.value}`)}
          />
        </label>
        <label className="flex flex-col text-sm font-medium text-slate-800">
          Driver
          <select
            className="mt-1 min-h-11 rounded-lg px-3 ring-1 ring-slate-300"
            value={driverId ?? ""}
            onChange={(e) => setDriverId(Number(e.target.value))}
          >
            {plan.drivers.map((d) => (
              <option key={d.driverId} value={d.driverId}>
                {d.driverName} ({d.stops.length} stop{d.stops.length === 1 ? "" : "s"})
              </option>
            ))}
          </select>
        </label>
      </div>
      {problem ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {problem}{" "}
          <button type="button" className="min-h-11 font-semibold underline" onClick={() => revalidator.revalidate()}>
            Reload the route
          </button>
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="stops-heading" className="rounded-xl bg-white ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 id="stops-heading" className="font-bold text-slate-900">
              {driver ? `${driver.driverName}'s stops` : "Stops"} ({stops.length})
            </h2>
            {/* Wraps on a phone: the label is wider than a 390 px card's button row. */}
            <Button type="button" variant="outline" size="md" className="max-w-full py-2 whitespace-normal" onClick={sortByWarehouse} disabled={stops.length < 2}>
              Sort by distance from the warehouse
            </Button>
          </div>
          {stops.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-700">No stops yet. Add deliveries from the list.</p>
          ) : (
            <ol className="divide-y divide-slate-100" aria-label="Planned stops">
              {stops.map((s, i) => (
                <li
                  key={s.orderId}
                  draggable
                  onDragStart={() => setDragged(i)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={() => {
                    if (dragged !== null) setIds((list) => moveStop(list, dragged, i));
                    setDragged(null);
                  }}
                  className="flex items-start gap-2 px-3 py-3"
                >
                  <span className="mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white" aria-label={`Stop ${i + 1}`}>
                    {i + 1}
                  </span>
                  <StopText stop={s} />
                  <div className="flex shrink-0 flex-wrap justify-end gap-1">
                    <button type="button" className={iconButton} aria-label={`Move up ${s.orderNumber}`} disabled={i === 0} onClick={() => setIds((l) => moveStop(l, i, i - 1))}>
                      <ArrowUp className="size-5" aria-hidden="true" />
                    </button>
                    <button type="button" className={iconButton} aria-label={`Move down ${s.orderNumber}`} disabled={i === stops.length - 1} onClick={() => setIds((l) => moveStop(l, i, i + 1))}>
                      <ArrowDown className="size-5" aria-hidden="true" />
                    </button>
                    <button type="button" className={iconButton} aria-label={`Remove ${s.orderNumber}`} onClick={() => setIds((l) => removeStop(l, s.orderId))}>
                      <X className="size-5" aria-hidden="true" />
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <FieldError id="route-stops" messages={errorsFor(fieldErrors, "orderIds")} />
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 px-4 py-3">
            <Button type="button" size="md" onClick={save} disabled={saving || !changed || driverId === null}>
              {saving ? "Saving…" : "Save route"}
            </Button>
            {changed ? <span className="text-sm text-slate-700">Not saved yet</span> : null}
          </div>
          <UnplacedErrors fieldErrors={fieldErrors} shown={["orderIds"]} labels={{ date: "Date", expected: "Route" }} />
        </section>
        <section aria-labelledby="unplanned-heading" className="rounded-xl bg-white ring-1 ring-slate-200">
          <h2 id="unplanned-heading" className="border-b border-slate-100 px-4 py-3 font-bold text-slate-900">
            Open deliveries in {driver ? `${driver.driverName}'s` : "the driver's"} area on no route ({available.length})
          </h2>
          {available.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-700">Every open delivery you can plan is on a route for this day.</p>
          ) : (
            <ul className="max-h-[70vh] divide-y divide-slate-100 overflow-y-auto" aria-label="Open deliveries on no route">
              {available.map((s) => (
                <li key={s.orderId} className="flex items-start gap-2 px-3 py-3">
                  <StopText stop={s} />
                  <button type="button" className={iconButton} aria-label={`Add ${s.orderNumber}`} disabled={driverId === null} onClick={() => setIds((l) => addStop(l, s.orderId))}>
                    <Plus className="size-5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
