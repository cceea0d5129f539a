// A report as a printable PDF with its photos, for the viewer who may read the report (the same scope as
// its detail): stock transfer and devanning.
import type { AppContext } from "~/lib/context.server";
import { contentDisposition, fileSecurityHeaders } from "~/lib/files.server";
import { renderReportPdf, type PdfPhoto } from "~/lib/report-pdf.server";
import type { Viewer } from "~/lib/session.server";
import { PHOTO_GROUPS, PHOTO_GROUP_LABELS } from "~/domain/reports/constants";
import { getDevanningReport } from "./reports-devanning.server";
import { getStockTransferReport } from "./reports-stock-transfer.server";
import { stockTransferReports } from "../../db/schema";
import { eq } from "drizzle-orm";

// A PDF holds at most this many bytes of photos: a report's paperwork, not an archive.
const MAX_PHOTO_BYTES = 40 * 1024 * 1024;

async function loadPhotos(ctx: AppContext, items: { key: string; caption: string }[]): Promise<PdfPhoto[]> {
  const out: PdfPhoto[] = [];
  let total = 0;
  for (const item of items) {
    const object = await ctx.files.get(item.key);
    const contentType = object?.httpMetadata?.contentType ?? "unknown";
    if (!object || total + object.size > MAX_PHOTO_BYTES) {
      await object?.body.cancel();
      out.push({ caption: item.caption, bytes: null, contentType: object ? "too large for this PDF" : "missing" });
      continue;
    }
    total += object.size;
    out.push({ caption: item.caption, bytes: new Uint8Array(await object.arrayBuffer()), contentType });
  }
  return out;
}

function pdfResponse(bytes: Uint8Array, filename: string): Response {
  return new Response(bytes as BodyInit, {
    headers: { ...fileSecurityHeaders("application/pdf"), "Content-Type": "application/pdf", "Content-Disposition": contentDisposition("inline", filename), "Cache-Control": "no-store" },
  });
}

export async function stockTransferPdf(ctx: AppContext, viewer: Viewer, id: number): Promise<Response> {
  const report = await getStockTransferReport(ctx, viewer, id);
  const [row] = await ctx.db.select({ signatureKey: stockTransferReports.signatureKey }).from(stockTransferReports).where(eq(stockTransferReports.id, id));
  const photos = await loadPhotos(ctx, [
    ...(row?.signatureKey ? [{ key: row.signatureKey, caption: "Receiver's signature" }] : []),
    ...report.photos.map((p, i) => ({ key: p.s3Key, caption: `Photo ${i + 1}: ${p.originalName}` })),
  ]);
  const bytes = await renderReportPdf(
    {
      title: "Stock Transfer Receiving Report",
      subtitle: `${report.transferReference} · from ${report.transferFrom} to ${report.receivingLocation}`,
      meta: [
        ["Date received", report.dateReceived],
        ["Transfer reference", report.transferReference],
        ["Receiving location", report.receivingLocation],
        ["Transfer from", report.transferFrom],
        ["Received by", report.receivedBy],
        ["Product condition", report.productCondition],
        ["Notes", report.notesComments || "—"],
        ["Signature", report.signatureType === "type" ? `Typed: ${report.signatureTyped ?? ""}` : "Drawn (see photos page)"],
        ["Status", report.status],
        ["Submitted", `${report.submittedAt} by ${report.submittedBy}`],
      ],
      table: {
        columns: ["SKU", "Description", "Quantity", "Damaged", "Damaged qty"],
        rows: report.items.map((i) => [i.itemSku, i.itemDescription, String(i.quantity), i.damaged, i.damaged === "yes" ? String(i.damagedQuantity ?? "") : ""]),
      },
      footer: `Stock transfer report #${report.id}`,
    },
    photos,
  );
  return pdfResponse(bytes, `stock-transfer-${report.transferReference || report.id}.pdf`);
}

export async function devanningPdf(ctx: AppContext, viewer: Viewer, id: number): Promise<Response> {
  const r = await getDevanningReport(ctx, viewer, id);
  const cargo = r.cargoDetails as Record<string, unknown> & { products?: { name: string; sku: string; pallets: number; bags: number; shortageExtraBags: number }[] };
  const totals = r.totalsCalculation as Record<string, unknown>;
  const container = r.containerInfo as Record<string, unknown>;
  const inventory = r.inventoryDetails as Record<string, unknown>;
  const env = r.environmentalCheck as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v.join(", ") : String(v ?? ""));
  const photos = await loadPhotos(
    ctx,
    PHOTO_GROUPS.flatMap((g) => r.photos[g].map((p, i) => ({ key: p.path, caption: `${PHOTO_GROUP_LABELS[g]} ${i + 1}: ${p.originalName}` }))),
  );
  const review = r.status === "approved" ? `Approved by ${r.reviewedBy ?? ""} (${String(cargo.managementSign ?? "")})` : r.status === "rejected" ? `Rejected by ${r.reviewedBy ?? ""}` : "Pending Management Review";
  const bytes = await renderReportPdf(
    {
      title: "Devanning Report",
      subtitle: `Container ${r.containerNumber}`,
      meta: [
        ["Container number", r.containerNumber],
        ["Arrival date", String(cargo.arrivalDate ?? "")],
        ["Unloading", String(cargo.unloadingDateTime ?? "")],
        ["Product detail", String(cargo.productDetail ?? "")],
        ["Total pallets", String(cargo.totalPallets ?? "")],
        ["Total bags", String(cargo.totalBags ?? "")],
        ["Calculated total bags", `${String(totals.totalBagsCalculated ?? "")} (${String(totals.bagsPerPallet ?? "")} per pallet, ${String(totals.bagsInLastPallet ?? "")} in the last)`],
        ["Shortage / extra bags", String(cargo.shortageExtraBags ?? "")],
        ["Warehouse staff", [r.warehouseInfo.warehouseStaff1, r.warehouseInfo.warehouseStaff2].filter(Boolean).join(", ")],
        ["Container size", container.containerSize === "other" ? `Other: ${String(container.containerSizeOther ?? "")}` : String(container.containerSize ?? "")],
        ["Container condition", [list(container.containerCondition), String(container.containerConditionOther ?? "")].filter(Boolean).join(" — ")],
        ["Seal intact", `${String(container.sealIntact ?? "")}${container.sealNumber ? ` (seal ${String(container.sealNumber)})` : ""}`],
        ["Damaged inventory", `${String(inventory.damagedInventoryCount ?? 0)} ${String(inventory.damagedInventorySKUs ?? "")}`],
        ["Floor", list(env.floorDryness)],
        ["Pest activity", list(env.pestActivity)],
        ["Comments", String(env.comments ?? "") || "—"],
        ["Receivable signature", String(cargo.receivableSign ?? "")],
        ["Review", review],
        ["Review notes", r.notes || "—"],
        ["Submitted", `${r.submittedAt} by ${r.submittedBy}`],
      ],
      table: {
        columns: ["Product", "SKU", "Pallets", "Bags", "Shortage/extra"],
        rows: (cargo.products ?? []).map((p) => [p.name, p.sku, String(p.pallets), String(p.bags), String(p.shortageExtraBags)]),
      },
      footer: `Devanning report #${r.id}`,
    },
    photos,
  );
  return pdfResponse(bytes, `devanning-${r.containerNumber}.pdf`);
}
