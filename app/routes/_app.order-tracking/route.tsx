// Order Tracking (spec 001 §2–§9): KPIs, search, filters, the desktop table or phone cards, the order detail
// with the edit stepper and history, and batch printing. The loader brings the first page and the KPIs from
// the services /api uses (docs/decisions/008-page-data.md); later pages, searches and edits go through /api.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { initialListQuery, listUrl } from "~/components/orders/list-query";
import { laterPart, laterPartsLoaded } from "~/components/orders/later-part";
import type { LayerTap } from "~/components/orders/order-layers";
import type { Density } from "~/components/orders/order-table";
import { SearchBar, searchFieldsFor } from "~/components/orders/search-bar";
import type { OrderRow } from "~/components/orders/types";
import { useIsPhone, useOrderList } from "~/components/orders/use-order-list";
import { ORDER_TYPES } from "~/domain/orders/constants";
import { ordersCan } from "~/domain/orders/capabilities";
import { orderVisibility } from "~/domain/access/visibility";
import { orderListQuerySchema } from "~/domain/orders/query";
import { policies } from "~/domain/access/policy";
import { hasGrant } from "~/domain/access/roles";
import { authorize } from "~/lib/guard.server";
import { parseSearchParams } from "~/lib/http.server";
import { listOrders, orderKpis } from "~/services/orders.server";
import { canManageQuickBooks, quickBooksUsable } from "~/services/quickbooks.server";
import { locations } from "../../../db/schema";
import { apiAnswer, noAction } from "~/lib/route.server";
import { readKpisBody, readListBody } from "~/components/orders/first-page.server";
import { firstScreenLimit, paginationOfPage, restOfPageToCome } from "~/components/orders/first-screen";
import { AfterHydration, FieldsetUntilHydrated } from "~/components/shell/until-hydrated";
import { whenIdle } from "~/lib/when-idle";
import { OrderList } from "./order-list";

// The layers over the list (the order detail, History, a link to an order) load when the page is idle, with the
// first tap, or at once for a link; the detail and History themselves on their first open: the list is what a cheap
// phone must paint first (issue 25).
const OrderLayers = lazy(() => import("~/components/orders/order-layers").then((m) => ({ default: m.OrderLayers })));
// The batch bar and its printing show only while selecting (desktop): loaded then, not with the list.
const BatchPrint = lazy(() => import("~/components/orders/batch-print").then((m) => ({ default: m.BatchPrint })));
// Parts of the first screen whose code comes after the page's first load (decision 045, third pass): the server
// renders them, and the browser keeps that HTML until their chunk is here (later-part.tsx). The figures (tiles that
// filter, and the quick filter's chip with its Clear) can be an office user's first tap: fetched as the route runs,
// like the rows. The filter toggle is nobody's first tap: fetched when the page is idle. The export link works as a
// plain link anyway.
const Figures = laterPart(() => import("~/components/orders/kpi-tiles").then((m) => m.OrderFigures), { className: "space-y-4" });
const Filters = laterPart(() => import("~/components/orders/filter-panel").then((m) => m.OrderFilterPanel), { idle: true });
const ExportLink = laterPart(() => import("~/components/orders/export-orders-link").then((m) => m.ExportOrdersLink));
// The figures and the export link are on the first screen at every width: fetched as the route's module runs, and the
// first hydration waits for them (with the visible layout, order-list.tsx), so their server HTML is hydrated in place.
if (typeof window !== "undefined") {
  Figures.preload();
  ExportLink.preload();
}
// Select and the row density: desktop only, drawn once the layout is known (with the table's chunk).
const DesktopTools = lazy(() => import("~/components/orders/desktop-order-list").then((m) => ({ default: m.DesktopTools })));

export const policy = policies.grant("orders:view");

/** Writes go through /api; a POST here is a clean 405. */
export const action = noAction(policy);

export const meta: MetaFunction = () => [{ title: "Order Tracking — Golden Grain" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  // What this viewer may see and do, from grants: the screen decides by it, never by a role's name.
  const can = ordersCan(viewer);
  const pageSize = can.pageSize;
  // The screen's first request to GET /api/order-trackers, parsed by the same zod schema as that route; a long
  // page (warehouse, 500 rows) comes as its first screen and the screen asks for the rest (decision 045).
  const firstRequest = new Request(new URL(listUrl(initialListQuery(new URL(request.url).searchParams, firstScreenLimit(pageSize))), request.url));
  // The order detail's balance line asks QuickBooks only when it is connected: no failing call otherwise.
  const seesBalances = viewer.isAdmin || hasGrant(viewer.grants, "customers:view");
  const [warehouses, list, kpis, qbConnected] = await Promise.all([
    context.app.db.select({ id: locations.id, name: locations.name }).from(locations).orderBy(locations.id),
    apiAnswer(async () => {
      const page = await listOrders(context.app, viewer, parseSearchParams(firstRequest, orderListQuerySchema));
      return { success: true, data: page.rows, pagination: paginationOfPage(page.pagination, pageSize), meta: page.meta };
    }),
    apiAnswer(async () => ({ success: true, data: await orderKpis(context.app, viewer) })),
    seesBalances ? quickBooksUsable(context.app) : Promise.resolve(false),
    // The parts whose code comes after the page's first load: here before the render, which draws them whole.
    laterPartsLoaded(),
  ]);
  return {
    viewer: {
      isAdmin: viewer.isAdmin,
      grants: viewer.grants.map((g) => g.key),
      name: viewer.name,
      email: viewer.email,
      quickBooks: seesBalances ? { connected: qbConnected, canConnect: canManageQuickBooks(viewer) } : null,
    },
    can,
    /** The search fields the list accepts from this viewer (a driver's exclude trucking company). */
    searchFields: searchFieldsFor(orderVisibility(viewer)),
    locations: warehouses,
    /**
     * What /api/order-trackers and /api/order-trackers/kpis would answer for the screen's first requests, read
     * here by their contracts (zod stays on the server; the screen's first load has none, decision 038).
     */
    firstPage: { list: readListBody(list), kpis: readKpisBody(kpis), rest: list.success === true && restOfPageToCome(list.data.length, list.pagination.total, pageSize) },
  };
}

/**
 * The loader's rows are the first page only; after that the screen asks /api. Taking the entry query out of
 * the URL (or a task link's new search) must not run the loader again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && !formMethod ? false : defaultShouldRevalidate;

export default function OrderTracking() {
  const { viewer, can, searchFields, locations: warehouses, firstPage } = useLoaderData<typeof loader>();
  const pageSize = can.pageSize;
  const [params, setParams] = useSearchParams();
  const isPhone = useIsPhone();
  const arriving = useRef(params);
  const list = useOrderList({
    initialQuery: initialListQuery(arriving.current, pageSize),
    initialData: firstPage,
    ready: isPhone !== null,
    append: !!isPhone,
  });
  const [density, setDensity] = useState<Density>("comfortable");
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // A tap that opens a layer, kept for the layers' code; the order a link named, for a row that opens capture.
  const [layerTap, setLayerTap] = useState<LayerTap | null>(null);
  const [linked, setLinked] = useState<OrderRow | null>(null);
  const [layersWanted, setLayersWanted] = useState(false);
  useEffect(() => {
    if (window.location.hash.startsWith("#order-")) setLayersWanted(true);
    else return whenIdle(() => setLayersWanted(true));
  }, []);
  const openLayer = (tap: LayerTap) => {
    setLayersWanted(true);
    setLayerTap(tap);
  };

  // Spec 001 §2: the entry query is applied (initial state above), then cleared from the URL. A task link
  // followed while the screen is open brings a new one: it is applied the same way.
  // The list's setters change identity as the list changes; the effect must run for a new URL only (running
  // it for a new setter re-applied the same entry query until React gave up: 'Maximum update depth').
  const listActions = useRef({ applySearch: list.applySearch, setQuick: list.setQuick });
  listActions.current = { applySearch: list.applySearch, setQuick: list.setQuick };
  useEffect(() => {
    if (!params.has("search") && !params.has("searchBy") && !params.has("quick")) return;
    if (params !== arriving.current) {
      const first = initialListQuery(params, pageSize);
      if (params.has("search") || params.has("searchBy")) listActions.current.applySearch(first.search, first.searchBy);
      if (params.has("quick")) listActions.current.setQuick(first.quick);
    }
    setParams({}, { replace: true, preventScrollReset: true });
  }, [params, setParams, pageSize]);


  const orderTypes = list.allowedOrderTypes ?? [...ORDER_TYPES];
  // Batch actions act on the rows on screen: not while they are being replaced or could not be loaded.
  const listBusy = list.loading || !!list.error;

  return (
    <div className={selected.size ? "space-y-4 pb-24" : "space-y-4"}>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Order Tracking</h1>
        <p className="text-slate-700">Monitor and manage order status and logistics</p>
      </header>

      {/* Until the screen's script runs (the layout is known) its controls would do nothing: they wait. The search
          text box does not: what is typed before is kept and searched once the script runs. */}
      <FieldsetUntilHydrated disabled={isPhone === null} className="mx-0 min-w-0 space-y-4 border-0 p-0">
        <Figures.Part kpis={list.kpis} quick={list.query.quick} onQuick={list.setQuick} />
      </FieldsetUntilHydrated>

      <SearchBar
        value={list.searchInput}
        field={list.query.searchBy}
        fields={searchFields}
        isPhone={!!isPhone}
        waiting={isPhone === null}
        onChange={list.setSearchInput}
        onFieldChange={list.setSearchBy}
      />

      <FieldsetUntilHydrated disabled={isPhone === null} className="m-0 min-w-0 space-y-4 border-0 p-0">
        <Filters.Part filters={list.query.filters} onChange={list.setFilters} orderTypes={orderTypes} locations={warehouses} can={can} />

        <div className="flex flex-wrap items-center justify-end gap-2">
          <ExportLink.Part query={list.query} />
          {isPhone === false ? (
            <AfterHydration>
              <Suspense fallback={null}>
                <DesktopTools
                  canPrint={can.print}
                  selecting={selecting}
                  busy={listBusy}
                  density={density}
                  onSelecting={() => {
                    setSelecting((s) => !s);
                    setSelected(new Set());
                  }}
                  onDensity={setDensity}
                />
              </Suspense>
            </AfterHydration>
          ) : null}
        </div>

        {list.error ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">Error: {list.error}</p>
        ) : list.loading && list.rows.length === 0 ? (
          <p role="status" className="rounded-lg bg-white px-4 py-8 text-center text-slate-600">Loading orders…</p>
        ) : list.rows.length === 0 ? (
          <div className="rounded-lg bg-white px-4 py-8 text-center">
            <p className="font-semibold text-slate-900">No orders found</p>
            <p className="text-sm text-slate-600">Try adjusting your search or filters.</p>
          </div>
        ) : (
          <OrderList
            isPhone={isPhone}
            rows={list.rows}
            can={can}
            loading={list.loading}
            filling={list.filling}
            fillingRest={list.fillingRest}
            onRest={list.wantRest}
            pagination={list.pagination}
            density={density}
            sort={list.query.sort}
            dir={list.query.dir}
            selecting={selecting}
            selected={selected}
            onSort={list.setSort}
            onPage={list.setPage}
            onLoadMore={list.loadMore}
            onOpen={(row) => openLayer({ row })}
            linked={linked}
            onHistory={(row) => openLayer({ history: row.orderNumber })}
            onToggle={(n) => setSelected((s) => { const next = new Set(s); if (next.has(n)) next.delete(n); else next.add(n); return next; })}
            onToggleAll={(checked) => setSelected(checked ? new Set(list.rows.map((r) => r.orderNumber)) : new Set())}
          />
        )}
      </FieldsetUntilHydrated>

      {layersWanted ? (
        <Suspense fallback={null}>
          <OrderLayers
            tap={layerTap}
            isPhone={isPhone}
            can={can}
            rows={list.rows}
            viewer={viewer}
            orderTypes={list.allowedOrderTypes}
            onLinked={setLinked}
            onRowChange={list.replaceRow}
          />
        </Suspense>
      ) : null}
      {selecting ? (
        <Suspense fallback={null}>
          <BatchPrint selected={selected} viewer={viewer} isPhone={!!isPhone} disabled={listBusy} onClear={() => setSelected(new Set())} />
        </Suspense>
      ) : null}
    </div>
  );
}
