// The two report lists as CSV (GET /api/devanning-reports/export, /api/stock-transfer-reports/export): each
// list's own scope and filters (reports-*.server.ts), newest first as the lists are, streamed by csv-export.server.ts.
import { devanningReports, stockTransferReports } from "../../db/schema";
import type { DevanningListQuery, StockTransferListQuery } from "~/domain/reports/list";
import type { AppContext } from "~/lib/context.server";
import { csvList } from "~/lib/csv";
import type { Viewer } from "~/lib/session.server";
import { csvExportResponse, tableChunks, type CsvColumn, type KeyValues } from "./csv-export.server";
import { reportSortKeys } from "./reports-common.server";
import { devanningListWhere } from "./reports-devanning.server";
import { stockTransferListWhere } from "./reports-stock-transfer.server";

type Opts = { chunkRows?: number };

/** A field of a report's JSON section as cell text (lists joined); anything else is left out. */
function field(section: Record<string, unknown> | null | undefined, key: string): string | number | null {
  const v = section?.[key];
  if (typeof v === "string" || typeof v === "number") return v;
  if (Array.isArray(v)) return csvList(v.filter((x): x is string => typeof x === "string"));
  return null;
}

// ---------------------------------------------------------------- devanning

const devanningFields = {
  id: devanningReports.id,
  containerNumber: devanningReports.containerNumber,
  status: devanningReports.status,
  submittedAt: devanningReports.submittedAt,
  submittedBy: devanningReports.submittedBy,
  cargoDetails: devanningReports.cargoDetails,
  warehouseInfo: devanningReports.warehouseInfo,
  containerInfo: devanningReports.containerInfo,
  inventoryDetails: devanningReports.inventoryDetails,
  environmentalCheck: devanningReports.environmentalCheck,
  reviewedBy: devanningReports.reviewedBy,
  reviewedAt: devanningReports.reviewedAt,
  notes: devanningReports.notes,
};
type DevanningRow = Pick<typeof devanningReports.$inferSelect, keyof typeof devanningFields> & KeyValues;
type Product = { name?: string; sku?: string; pallets?: number; bags?: number };

const devanningColumns: CsvColumn<DevanningRow>[] = [
  { header: "Report ID", value: (r) => r.id },
  { header: "Container Number", value: (r) => r.containerNumber },
  { header: "Status", value: (r) => r.status },
  { header: "Submitted At", value: (r) => r.submittedAt },
  { header: "Submitted By", value: (r) => r.submittedBy },
  { header: "Arrival Date", value: (r) => field(r.cargoDetails, "arrivalDate") },
  { header: "Unloading Date/Time", value: (r) => field(r.cargoDetails, "unloadingDateTime") },
  { header: "Product Detail", value: (r) => field(r.cargoDetails, "productDetail") },
  {
    header: "Products",
    value: (r) => {
      const products = Array.isArray(r.cargoDetails?.products) ? (r.cargoDetails.products as Product[]) : [];
      return csvList(products.map((p) => `${[p.sku, p.name].filter(Boolean).join(" ")}: ${p.pallets ?? 0} pallets, ${p.bags ?? 0} bags`));
    },
  },
  { header: "Receivable Sign", value: (r) => field(r.cargoDetails, "receivableSign") },
  { header: "Warehouse Staff", value: (r) => csvList([field(r.warehouseInfo, "warehouseStaff1"), field(r.warehouseInfo, "warehouseStaff2")].map((v) => (v === null ? null : String(v)))) },
  { header: "Container Size", value: (r) => field(r.containerInfo, "containerSize") },
  { header: "Container Condition", value: (r) => field(r.containerInfo, "containerCondition") },
  { header: "Seal Intact", value: (r) => field(r.containerInfo, "sealIntact") },
  { header: "Seal Number", value: (r) => field(r.containerInfo, "sealNumber") },
  { header: "Damaged Inventory Count", value: (r) => field(r.inventoryDetails, "damagedInventoryCount") },
  { header: "Damaged SKUs", value: (r) => field(r.inventoryDetails, "damagedInventorySKUs") },
  { header: "Environmental Comments", value: (r) => field(r.environmentalCheck, "comments") },
  { header: "Reviewed By", value: (r) => r.reviewedBy },
  { header: "Reviewed At", value: (r) => r.reviewedAt },
  { header: "Review Notes", value: (r) => r.notes },
];

/** Every devanning report of the list as filtered, within the viewer's scope, as a streamed CSV. */
export async function exportDevanningReports(ctx: AppContext, viewer: Viewer, query: DevanningListQuery, opts: Opts = {}): Promise<Response> {
  const keys = reportSortKeys(devanningReports);
  const read = tableChunks<DevanningRow>(ctx.db, devanningReports, devanningFields, await devanningListWhere(ctx, viewer, query), keys);
  return csvExportResponse<DevanningRow>({ name: "devanning-reports", now: ctx.now(), columns: devanningColumns, keys, read, chunkRows: opts.chunkRows });
}

// ---------------------------------------------------------------- stock transfer

const stockTransferFields = {
  id: stockTransferReports.id,
  dateReceived: stockTransferReports.dateReceived,
  transferReference: stockTransferReports.transferReference,
  receivingLocation: stockTransferReports.receivingLocation,
  transferFrom: stockTransferReports.transferFrom,
  receivedBy: stockTransferReports.receivedBy,
  items: stockTransferReports.items,
  productCondition: stockTransferReports.productCondition,
  notesComments: stockTransferReports.notesComments,
  status: stockTransferReports.status,
  submittedAt: stockTransferReports.submittedAt,
  submittedBy: stockTransferReports.submittedBy,
};
type StockTransferRow = Pick<typeof stockTransferReports.$inferSelect, keyof typeof stockTransferFields> & KeyValues;

const stockTransferColumns: CsvColumn<StockTransferRow>[] = [
  { header: "Report ID", value: (r) => r.id },
  { header: "Date Received", value: (r) => r.dateReceived },
  { header: "Transfer Reference", value: (r) => r.transferReference },
  { header: "Receiving Location", value: (r) => r.receivingLocation },
  { header: "Transfer From", value: (r) => r.transferFrom },
  { header: "Received By", value: (r) => r.receivedBy },
  {
    header: "Items",
    value: (r) =>
      csvList(
        (r.items ?? []).map((i) => `${i.itemSku} x ${i.quantity}${i.damaged === "yes" ? ` (${i.damagedQuantity ?? 0} damaged)` : ""}`),
      ),
  },
  { header: "Product Condition", value: (r) => r.productCondition },
  { header: "Notes", value: (r) => r.notesComments },
  { header: "Status", value: (r) => r.status },
  { header: "Submitted At", value: (r) => r.submittedAt },
  { header: "Submitted By", value: (r) => r.submittedBy },
];

/** Every stock transfer report of the list as filtered, within the viewer's scope, as a streamed CSV. */
export async function exportStockTransferReports(ctx: AppContext, viewer: Viewer, query: StockTransferListQuery, opts: Opts = {}): Promise<Response> {
  const keys = reportSortKeys(stockTransferReports);
  const read = tableChunks<StockTransferRow>(ctx.db, stockTransferReports, stockTransferFields, await stockTransferListWhere(ctx, viewer, query), keys);
  return csvExportResponse<StockTransferRow>({ name: "stock-transfer-reports", now: ctx.now(), columns: stockTransferColumns, keys, read, chunkRows: opts.chunkRows });
}
