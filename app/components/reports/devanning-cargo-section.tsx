// Section 1 of the Devanning Report, Cargo Summary (spec 002 §5): products with their pallets, bags and
// shortage, the auto-summed totals, bags per pallet and in the last pallet with the calculated total and its
// non-blocking warning, the container number (uppercased, checked on leaving the field), staff and the
// receivable signature.
import { Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { devanningTotals, emptyProduct, isContainerNumber, normalizeContainerNumber, type DevanningProductDraft } from "~/domain/reports/devanning";
import { Field, Section } from "./form-parts";
import type { DevanningSectionProps } from "./devanning-sections";

const AMOUNTS = [
  { key: "pallets", label: "Pallets", className: "sm:col-span-2" },
  { key: "bags", label: "Bags", className: "sm:col-span-2" },
  { key: "shortageExtraBags", label: "Shortage / extra", className: "col-span-2 sm:col-span-2" },
] as const;

export function CargoSection({ draft, err, edit, touch, touched, setProducts }: DevanningSectionProps & { touched: Record<string, boolean>; setProducts: (next: DevanningProductDraft[]) => void }) {
  const products = draft.cargoDetails.products;
  const totals = devanningTotals(draft);
  const change = (i: number, patch: Partial<DevanningProductDraft>) => setProducts(products.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const container = draft.cargoDetails.containerNumber;
  return (
    <Section id="dv-cargo" number={1} title="Cargo Summary">
      <Field id="productDetail" label="Product detail">
        <Input id="productDetail" value={draft.cargoDetails.productDetail} onChange={(e) => edit("cargoDetails", "productDetail", e.target.value)} maxLength={500} />
      </Field>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">Products<span className="text-red-700"> *</span></h3>
        <ol className="space-y-3">
          {products.map((p, i) => (
            <li key={p.id} className="rounded-lg border border-slate-200 p-3">
              <div className="mb-2 flex items-center justify-between">
                <span className="font-semibold text-slate-800">Product {i + 1}</span>
                {products.length > 1 ? (
                  <Button size="sm" variant="ghost" onClick={() => setProducts(products.filter((_, k) => k !== i))} aria-label={`Remove product ${i + 1}`}>
                    <Trash2 className="size-4" aria-hidden="true" /> Remove
                  </Button>
                ) : null}
              </div>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-6">
                <Field id={`products.${i}.name`} label="Name" className="col-span-2 sm:col-span-3">
                  <Input id={`products.${i}.name`} value={p.name} onChange={(e) => change(i, { name: e.target.value })} maxLength={200} />
                </Field>
                <Field id={`products.${i}.sku`} label="SKU" className="col-span-2 sm:col-span-3">
                  <Input id={`products.${i}.sku`} value={p.sku} onChange={(e) => change(i, { sku: e.target.value })} maxLength={80} />
                </Field>
                {AMOUNTS.map((f) => (
                  <Field key={f.key} id={`products.${i}.${f.key}`} label={f.label} error={err(`cargoDetails.products.${i}.${f.key}`)} className={f.className}>
                    <Input id={`products.${i}.${f.key}`} inputMode={f.key === "shortageExtraBags" ? "text" : "numeric"} value={String(p[f.key])} onChange={(e) => change(i, { [f.key]: e.target.value.trim() })} />
                  </Field>
                ))}
              </div>
            </li>
          ))}
        </ol>
        {err("cargoDetails.products") ? <p className="mt-1 text-sm font-medium text-red-700">{err("cargoDetails.products")}</p> : null}
        <Button className="mt-3" variant="outline" onClick={() => setProducts([...products, emptyProduct(`p${Date.now().toString(36)}`)])}>
          <Plus className="size-4" aria-hidden="true" /> Add product
        </Button>
      </div>
      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-3 text-center">
        <Total label="Total pallets" value={totals.totalPallets} />
        <Total label="Total bags" value={totals.totalBags} />
        <Total label="Shortage / extra" value={totals.shortageExtraBags} />
      </dl>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="bagsPerPallet" label="Bags per pallet" error={err("totalsCalculation.bagsPerPallet")}>
          <Input id="bagsPerPallet" inputMode="numeric" value={String(draft.totalsCalculation.bagsPerPallet)} onChange={(e) => edit("totalsCalculation", "bagsPerPallet", e.target.value.trim())} />
        </Field>
        <Field id="bagsInLastPallet" label="Bags in last pallet" error={err("totalsCalculation.bagsInLastPallet")}>
          <Input id="bagsInLastPallet" inputMode="numeric" value={String(draft.totalsCalculation.bagsInLastPallet)} onChange={(e) => edit("totalsCalculation", "bagsInLastPallet", e.target.value.trim())} />
        </Field>
        <div>
          <p className="mb-1 text-sm font-semibold text-slate-800">Calculated total bags</p>
          <p className="flex min-h-11 items-center rounded-lg bg-slate-100 px-3 text-lg font-semibold" data-testid="calculated-total">{totals.totalBagsCalculated}</p>
        </div>
      </div>
      {totals.warning ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {totals.warning}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="containerNumber" label="Container number" required error={err("cargoDetails.containerNumber")} hint="Four letters and seven digits, e.g. MSKU1234567">
          <Input
            id="containerNumber"
            value={container}
            onChange={(e) => edit("cargoDetails", "containerNumber", e.target.value.toUpperCase())}
            onBlur={() => {
              touch("cargoDetails.containerNumber");
              edit("cargoDetails", "containerNumber", normalizeContainerNumber(container));
            }}
            maxLength={20}
            autoCapitalize="characters"
            autoComplete="off"
            aria-invalid={!!err("cargoDetails.containerNumber") || (!!container && !isContainerNumber(container) && touched["cargoDetails.containerNumber"])}
          />
        </Field>
        <Field id="arrivalDate" label="Arrival date">
          <Input id="arrivalDate" type="date" value={draft.cargoDetails.arrivalDate} onChange={(e) => edit("cargoDetails", "arrivalDate", e.target.value)} />
        </Field>
        <Field id="unloadingDateTime" label="Unloading date and time">
          <Input id="unloadingDateTime" type="datetime-local" value={draft.cargoDetails.unloadingDateTime} onChange={(e) => edit("cargoDetails", "unloadingDateTime", e.target.value)} />
        </Field>
        <Field id="warehouseStaff1" label="Warehouse staff 1" required error={err("warehouseInfo.warehouseStaff1")}>
          <Input id="warehouseStaff1" value={draft.warehouseInfo.warehouseStaff1} onChange={(e) => edit("warehouseInfo", "warehouseStaff1", e.target.value)} onBlur={() => touch("warehouseInfo.warehouseStaff1")} maxLength={120} />
        </Field>
        <Field id="warehouseStaff2" label="Warehouse staff 2">
          <Input id="warehouseStaff2" value={draft.warehouseInfo.warehouseStaff2} onChange={(e) => edit("warehouseInfo", "warehouseStaff2", e.target.value)} maxLength={120} />
        </Field>
        <Field id="receivableSign" label="Receivable signature (full name)" required error={err("cargoDetails.receivableSign")}>
          <Input id="receivableSign" value={draft.cargoDetails.receivableSign} onChange={(e) => edit("cargoDetails", "receivableSign", e.target.value)} onBlur={() => touch("cargoDetails.receivableSign")} maxLength={200} className="font-serif italic" />
        </Field>
      </div>
    </Section>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
