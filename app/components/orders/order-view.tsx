// The order detail's view: customer, order, status, documents, pictures, notes and items cards, with Edit,
// History and Pick List; what shows follows the loader's OrdersCan.
import { Link } from "@remix-run/react";
import { AlertTriangle, History, ImageOff, MapPin, Pencil, ScanLine } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { OrdersCan } from "~/domain/orders/capabilities";
import { formatDateTime, formatOrderDate } from "~/domain/orders/format";
import { normalizeTrucking } from "~/domain/orders/status";
import { pickListApi } from "~/components/documents/api";
import { fetchOrderLines } from "./api";
import { CustomerBalance } from "./customer-balance";
import { ImageViewer, type ViewerImage } from "./image-viewer";
import { ItemCards, ItemsTable } from "./order-items";
import { StatusBadge } from "./status-badge";
import type { OrderRow, OrdersViewer, SalesOrderLine } from "./types";
// The documents card (pick list, BOL, Will Call, the PDF viewer) loads with the detail, not with the list.
const OrderDocuments = lazy(() => import("~/components/documents/order-documents").then((m) => ({ default: m.OrderDocuments })));

export const PICK_LIST_REMINDER = "Reminder: the digital pick list for this order is not completed yet.";

export function OrderView({ row, viewer, isPhone, can, onEdit, onHistory }: { row: OrderRow; viewer: OrdersViewer; isPhone: boolean; can: OrdersCan; onEdit: () => void; onHistory: () => void }) {
  const [lines, setLines] = useState<{ loading: boolean; error: string | null; items: SalesOrderLine[] }>({ loading: true, error: null, items: [] });
  const [imageIndex, setImageIndex] = useState<number | null>(null);
  const [pickListDone, setPickListDone] = useState<boolean | null>(null);
  // The pick-list reminder is for those whose order work is capture (the warehouse employee's, spec 001).
  const warehouse = can.rowOpens === "capture";
  const showPayment = can.seePayment;
  const showTrucking = can.seeTrucking;

  useEffect(() => {
    const ctrl = new AbortController();
    setLines({ loading: true, error: null, items: [] });
    fetchOrderLines(row.orderNumber, ctrl.signal)
      .then((items) => setLines({ loading: false, error: null, items }))
      .catch((e: unknown) => !ctrl.signal.aborted && setLines({ loading: false, error: e instanceof Error ? e.message : "Failed to load items", items: [] }));
    if (warehouse) {
      setPickListDone(null);
      // Unknown (no answer) shows no reminder rather than a wrong one.
      pickListApi.status(row._id, ctrl.signal).then((res) => setPickListDone(res.ok ? !!res.data.completedAt : null), () => undefined);
    }
    return () => ctrl.abort();
  }, [row.orderNumber, row._id, warehouse]);

  const images: ViewerImage[] = useMemo(
    () =>
      lines.items.flatMap((l) =>
        l.images
          .map((img) => img.largeUrl || img.originalUrl || img.smallUrl || img.thumbUrl || "")
          .filter(Boolean)
          .map((src, i) => ({ src, alt: `${l.sku} ${l.description} picture ${i + 1}` })),
      ),
    [lines.items],
  );
  const thumbs = useMemo(
    () => lines.items.flatMap((l) => l.images.map((img) => img.thumbUrl || img.smallUrl || img.largeUrl || img.originalUrl || "").filter(Boolean)),
    [lines.items],
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        {can.edit ? (
          <Button onClick={onEdit} className="whitespace-nowrap">
            <Pencil className="size-4 shrink-0" aria-hidden="true" /> Edit
          </Button>
        ) : null}
        <Button variant="outline" onClick={onHistory} className="whitespace-nowrap">
          <History className="size-4 shrink-0" aria-hidden="true" /> History
        </Button>
        <Link to={`/pick-list?order=${encodeURIComponent(row.orderNumber)}`} className={`${buttonClass({ variant: "outline" })} whitespace-nowrap`}>
          <ScanLine className="size-4 shrink-0" aria-hidden="true" /> Pick List
        </Link>
      </div>

      {warehouse && pickListDone === false ? (
        <p role="note" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {PICK_LIST_REMINDER}
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <InfoCard title="Customer">
          <Field label="Name">{row.customerName || "—"}</Field>
          <Field label="Sales rep">{row.createdBy || "—"}</Field>
          <Field label="Address">
            {row.address?.lines?.length ? (
              <>
                {row.address.lines.map((l, i) => (
                  <span key={i} className="block">
                    {l}
                  </span>
                ))}
                {row.address.mapsUrl ? (
                  <a href={row.address.mapsUrl} target="_blank" rel="noreferrer" className="mt-1 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 hover:underline md:min-h-0">
                    <MapPin className="size-4" aria-hidden="true" /> Open map
                  </a>
                ) : null}
              </>
            ) : (
              "—"
            )}
          </Field>
          {/* QuickBooks balance (spec 001): only for those who may read customers; it asks no one else's account. */}
          <CustomerBalance customerName={row.customerName} viewer={viewer} />
        </InfoCard>
        <InfoCard title="Order Details">
          <Field label="Order #">{row.orderNumber}</Field>
          <Field label="Order date">{formatOrderDate(row.orderDate)}</Field>
          <Field label="Order type">{row.orderType || "—"}</Field>
          <Field label="Warehouse">{row.warehouseLocation || "—"}</Field>
          {showTrucking ? <Field label="Trucking">{normalizeTrucking(row.truckingCompany) || "Not set"}</Field> : null}
          <Field label="Assigned">{row.warehouseAssignment?.length ? row.warehouseAssignment.join(", ") : "Unassigned"}</Field>
        </InfoCard>
        <InfoCard title="Status">
          <Field label="Order status">
            <StatusBadge value={row.orderStatus} />
          </Field>
          {showPayment ? (
            <Field label="Payment">
              <StatusBadge value={row.paymentStatus} />
            </Field>
          ) : null}
          <Field label="Delivery order">{row.hasDeliveryOrder ? "Yes" : "No"}</Field>
          {row.deliveryCompletedAt ? <Field label="Delivered">{formatDateTime(row.deliveryCompletedAt)}</Field> : null}
          <Field label="Last updated">{formatDateTime(row.lastUpdatedAt ?? row.updatedAt ?? null)}</Field>
        </InfoCard>
      </div>

      {/* Pick list, BOL and Will Call (office staff; docs/decisions/016-dock-documents.md). */}
      <Suspense fallback={<p className="text-sm text-slate-500" role="status">Loading documents…</p>}>
        <OrderDocuments row={row} viewer={viewer} />
      </Suspense>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <InfoCard title="Uploaded Pictures" fields={false}>
          {lines.loading ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : thumbs.length === 0 ? (
            <p className="text-sm text-slate-600">No pictures uploaded.</p>
          ) : (
            <ul className="grid grid-cols-4 gap-2">
              {thumbs.map((src, i) => (
                <li key={i}>
                  <button type="button" onClick={() => setImageIndex(i)} className="block aspect-square w-full overflow-hidden rounded-lg border border-slate-200" aria-label={`View picture ${i + 1}`}>
                    <Thumb src={src} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </InfoCard>
        <InfoCard title="Notes" fields={false}>
          <p className="text-sm whitespace-pre-wrap text-slate-800">{row.notes?.trim() ? row.notes : "No notes."}</p>
        </InfoCard>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Items</CardTitle>
        </CardHeader>
        <CardContent className="p-0">
          {lines.loading ? (
            <p role="status" className="px-4 py-4 text-sm text-slate-600">Loading items…</p>
          ) : lines.error ? (
            <p role="alert" className="px-4 py-4 text-sm text-red-700">Error: {lines.error}</p>
          ) : lines.items.length === 0 ? (
            <p className="px-4 py-4 text-sm text-slate-600">No items on this order.</p>
          ) : isPhone ? (
            <ItemCards items={lines.items} />
          ) : (
            <ItemsTable items={lines.items} />
          )}
        </CardContent>
      </Card>

      <ImageViewer images={images} index={imageIndex} onIndex={setImageIndex} onClose={() => setImageIndex(null)} />
    </div>
  );
}

/** `fields` cards hold label/value pairs (a <dl>); the others hold free content. */
function InfoCard({ title, children, fields = true }: { title: string; children: ReactNode; fields?: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{fields ? <dl className="space-y-2">{children}</dl> : children}</CardContent>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 text-sm">
      <dt className="font-semibold text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** A picture thumbnail that shows a placeholder instead of a broken image when the file is missing. */
function Thumb({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="flex size-full items-center justify-center bg-slate-100 text-slate-400">
        <ImageOff className="size-6" aria-hidden="true" />
      </span>
    );
  }
  return <img src={src} alt="" className="size-full object-cover" loading="lazy" onError={() => setFailed(true)} />;
}
