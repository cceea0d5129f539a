// The bill of lading PDF on the shared pdf-lib renderer (workerd-safe): shipper, consignee, carrier, places,
// charges, packages and weights, the order's lines and the signature lines.
import { renderSimplePdf } from "./pdf.server";

export const BOL_TITLE = "BILL OF LADING";

export type BolPdfInput = {
  orderNumber: string;
  orderDate: string;
  customerName: string;
  addressLines: string[];
  warehouse: string;
  freightCarrier: string;
  placeOfDischarge: string;
  placeOfDelivery: string;
  chargeType: string;
  totalPackages: number | null;
  totalPallets: number | null;
  netWeightLbs: number | null;
  grossWeightLbs: number | null;
  comments: string;
  instructions: string;
  createdAt: string;
  createdBy: string;
  lines: { sku: string; description: string; quantity: number }[];
};

const orDash = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "-" : String(v));
const lbs = (v: number | null) => (v === null ? "-" : `${v.toLocaleString("en-US")} lbs`);

export function renderBolPdf(input: BolPdfInput): Promise<Uint8Array> {
  return renderSimplePdf({
    title: `${BOL_TITLE} - ${input.orderNumber}`,
    subtitle: `Shipper: Golden Grain, ${orDash(input.warehouse)} - Consignee: ${orDash(input.customerName)}`,
    meta: [
      ["Order number", input.orderNumber],
      ["Order date", orDash(input.orderDate)],
      ["Consignee", orDash(input.customerName)],
      ["Consignee address", input.addressLines.length ? input.addressLines.join(", ") : "-"],
      ["Ship from", orDash(input.warehouse)],
      ["Freight carrier", orDash(input.freightCarrier)],
      ["Place of discharge", orDash(input.placeOfDischarge)],
      ["Place of delivery", orDash(input.placeOfDelivery)],
      ["Freight charges", orDash(input.chargeType)],
      ["Total packages", orDash(input.totalPackages)],
      ["Total pallets", orDash(input.totalPallets)],
      ["Net weight", lbs(input.netWeightLbs)],
      ["Gross weight", lbs(input.grossWeightLbs)],
      ["Comments", orDash(input.comments)],
      ["Instructions", orDash(input.instructions)],
      ["Shipper signature", "______________________________   Date __________"],
      ["Carrier signature", "______________________________   Date __________"],
      ["Consignee signature", "______________________________   Date __________"],
    ],
    table: {
      columns: ["#", "SKU", "Description", "Qty"],
      rows: input.lines.map((l, i) => [String(i + 1), l.sku, l.description, String(l.quantity)]),
    },
    footer: `${BOL_TITLE} ${input.orderNumber} - created ${input.createdAt.slice(0, 16).replace("T", " ")} UTC by ${input.createdBy}`,
  });
}
