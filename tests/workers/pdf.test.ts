// The document renderer inside workerd: a valid PDF, long tables paginate, pdf-lib reads it back.
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { renderSimplePdf } from "~/lib/pdf.server";

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => [`JR-${String(i + 1).padStart(4, "0")}`, i % 9 === 0 ? "Jasmine rice, premium long grain, 25 lb bag, new crop, stacked on the second pallet from the left" : "Calrose 50 lb", String((i % 40) + 1), `$${(i * 17.25).toFixed(2)}`]);

describe("renderSimplePdf (workerd)", () => {
  it("produces a PDF that pdf-lib can load", async () => {
    const bytes = await renderSimplePdf({ title: "Bill of Lading", subtitle: "Order 100234", meta: [["Customer", "Lucky Star Market"]] });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe("Bill of Lading");
  });

  it("paginates a 200-row table over several pages", async () => {
    const bytes = await renderSimplePdf({
      title: "Pick List",
      meta: [["Order", "100234"], ["Warehouse", "Hicksville"]],
      table: { columns: ["SKU", "Description", "Qty", "Amount"], rows: rows(200) },
      footer: "Golden Grain Rice Co.",
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(4);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 612, height: 792 });
  });

  it("grows with the table: more rows, more pages", async () => {
    const pages = async (n: number) =>
      (await PDFDocument.load(await renderSimplePdf({ title: "T", meta: [], table: { columns: ["SKU", "Description", "Qty", "Amount"], rows: rows(n) } }))).getPageCount();
    expect(await pages(10)).toBe(1);
    expect(await pages(400)).toBeGreaterThan(await pages(200));
  });

  it("prints text Helvetica cannot encode as '?' instead of failing", async () => {
    const bytes = await renderSimplePdf({ title: "Khách hàng 香米 🍚", meta: [["Ghi chú", "Giao hàng — cửa sau"]], table: { columns: ["Tên"], rows: [["Gạo thơm 香米"]] } });
    expect((await PDFDocument.load(bytes)).getTitle()).toBe("Khách hàng ?? ?");
  });

  it("handles an empty table and empty cells", async () => {
    const bytes = await renderSimplePdf({ title: "Empty", meta: [], table: { columns: ["A", "B"], rows: [["", ""], ["x"]] } });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
