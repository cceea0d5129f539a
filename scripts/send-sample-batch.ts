// Sends a sample batch to the running dev server's integration API (issue 21), the way the company's
// inventory system would: locations, products with bins and barcodes, stock per warehouse, then orders with
// their lines, and prints each answer. The ids are fixed, so a second run answers 'unchanged' throughout.
//   npx tsx scripts/send-sample-batch.ts [--base http://127.0.0.1:5173] [--key gg_live_…] [--bad]
// --bad adds one malformed order, to see a record refused beside accepted ones. The key defaults to
// INTEGRATION_KEY or the seeded local key (README, 'Seeded accounts').
import { parseArgs } from "node:util";
import { SEEDED_INTEGRATION_KEY } from "../db/seed";

const { values } = parseArgs({
  options: { base: { type: "string" }, key: { type: "string" }, bad: { type: "boolean", default: false } },
  strict: true,
});
const base = (values.base ?? process.env.APP_URL ?? `http://127.0.0.1:${process.env.APP_PORT ?? "5173"}`).replace(/\/$/, "");
const key = values.key ?? process.env.INTEGRATION_KEY ?? SEEDED_INTEGRATION_KEY;
const today = new Date().toISOString().slice(0, 10);

const locations = [
  { sourceId: "NY-MAIN", name: "NY Main - Hicksville" },
  { sourceId: "NJ-WH", name: "NJ Warehouse" },
];

const products = [
  { sourceId: "INV-P-9001", sku: "SMP-JAS-20", description: "Sample Jasmine Rice 20 lb", bin: "C-01-1", barcodes: [{ code: "SMP-JAS-20" }, { code: "SMP-JAS-20-CASE", kind: "case", quantity: 12 }] },
  { sourceId: "INV-P-9002", sku: "SMP-BAS-10", description: "Sample Basmati Rice 10 lb", bin: "C-01-2", barcodes: [{ code: "SMP-BAS-10" }] },
];

const stock = [
  { sku: "SMP-JAS-20", locationId: "NY-MAIN", quantityOnHand: 240 },
  { sku: "SMP-JAS-20", locationId: "NJ-WH", quantityOnHand: 60 },
  { sku: "SMP-BAS-10", locationId: "NY-MAIN", quantityOnHand: 115 },
];

const orders: unknown[] = [1, 2, 3].map((n) => ({
  sourceId: `INV-SO-${9000 + n}`,
  orderNumber: `SMP-${9000 + n}`,
  orderDate: today,
  customerName: ["Lucky Dragon Market", "Saffron House", "Golden Bowl Kitchen"][n - 1],
  customerEmail: `orders${n}@sample-customer.test`,
  salesRep: "Sam Sales",
  orderType: (["Freight", "Will Call", "NY/NJ Delivery"] as const)[n - 1],
  warehouseLocation: n === 2 ? "NJ-WH" : "NY-MAIN",
  paymentStatus: n === 3 ? "Cash On Delivery" : "Paid",
  addressLines: [`${100 + n} Sample Street`, "Hicksville, NY 11801"],
  lines: [
    { sourceId: `INV-SO-${9000 + n}-1`, sku: "SMP-JAS-20", description: "Sample Jasmine Rice 20 lb", quantity: 4 * n, unitPriceCents: 2850 },
    { sourceId: `INV-SO-${9000 + n}-2`, sku: "SMP-BAS-10", description: "Sample Basmati Rice 10 lb", quantity: n, unitPriceCents: 1890 },
  ],
}));
if (values.bad) orders.push({ sourceId: "INV-SO-BAD", orderNumber: "SMP-BAD", orderDate: "someday", lines: [] });

type Answer = { success: boolean; error?: string; data?: { results: { index: number; sourceId: string | null; outcome: string; reason?: string }[]; counts: Record<string, number> } };

async function send(kind: string, records: unknown[]): Promise<boolean> {
  const res = await fetch(`${base}/api/integrations/${kind}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ [kind]: records }),
  });
  const body = (await res.json().catch(() => ({ success: false, error: `HTTP ${res.status} without JSON` }))) as Answer;
  if (!res.ok || !body.data) {
    console.error(`${kind}: ${res.status} ${body.error ?? ""}`);
    return false;
  }
  const { counts, results } = body.data;
  console.log(`${kind}: ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(", ")}`);
  for (const r of results) if (r.outcome === "refused") console.log(`  record ${r.index} (${r.sourceId ?? "no id"}) refused: ${r.reason}`);
  return true;
}

async function main() {
  console.log(`sending a sample batch to ${base} with key ${key.slice(0, 21)}…`);
  for (const [kind, records] of [["locations", locations], ["products", products], ["stock", stock], ["orders", orders]] as const) {
    if (!(await send(kind, records as unknown[]))) process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(`send-sample-batch: ${error instanceof Error ? error.message : String(error)} (is \`npm run dev\` running?)`);
  process.exit(1);
});
