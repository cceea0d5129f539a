// Admin Products & Barcodes (issue 13): each SKU's bin location and the barcodes pickers scan. Search by
// SKU, description or code, 25 a page; edit a bin; add a barcode (unit, or a case with its quantity, checked
// as the server checks it) or remove one. Every save says whether it worked, with the server's reason.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { toast } from "~/components/ui/toast";
import { LoadError, Pager, useDebouncedLoad } from "~/components/admin/paging";
import { PageHeading } from "~/components/admin/unsaved";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import type { Product, ProductPage } from "~/domain/admin/contract";
import { barcodeError, caseQuantityError, type BarcodeKind } from "~/domain/picking/barcodes";
import { binError } from "~/domain/picking/bins";
import { apiFetch, contractOf } from "~/lib/api-client";
import { refusalByField } from "~/components/admin/field-alert";
import { errorsFor, unplacedErrors } from "~/components/forms/field-errors";
import type { FieldErrors } from "~/domain/api-messages";
import { noAction, pageLoader } from "~/lib/route.server";
import { listProducts } from "~/services/products.server";
import { countText } from "~/domain/plain-format";
import { useKeptTyping } from "~/lib/use-kept-typing";

const contract = contractOf(() => import("~/domain/admin/contract"));

export const policy = policies.admin;

export const meta: MetaFunction = () => [{ title: "Products & Barcodes — Admin — Golden Grain" }];

export const loader = pageLoader(policy, async ({ ctx }) => ({ products: (await listProducts(ctx, { q: "", page: 1 })) satisfies ProductPage }));

export const action = noAction(policy);

/** What the server said about a form's fields, in plain words: the fields' own messages in order, then the rest. */
function said(fieldErrors: FieldErrors, order: readonly string[]): string {
  return [...order.flatMap((k) => errorsFor(fieldErrors, k) ?? []), ...unplacedErrors(fieldErrors, order)].join(" ");
}

export default function AdminProducts() {
  const initial = useLoaderData<typeof loader>();
  const [page, setPage] = useState<ProductPage>(initial.products);
  const [q, setQ] = useState("");
  const searchBox = useKeptTyping(setQ);
  const [pageNo, setPageNo] = useState(1);
  const params = new URLSearchParams({ page: String(pageNo) });
  if (q.trim()) params.set("q", q.trim());
  const loadError = useDebouncedLoad(`/api/admin/products?${params}`, contract("ProductPage"), setPage);

  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const replace = (p: Product) => setPage((cur) => ({ ...cur, data: cur.data.map((x) => (x.sku === p.sku ? p : x)) }));

  return (
    <div>
      <PageHeading title="Products & Barcodes" description="Bin locations and the barcodes pickers scan. A case code confirms its case quantity." />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <Input ref={searchBox}
          autoComplete="off"
          type="search"
          placeholder="Search SKU, description or barcode"
          aria-label="Search SKU, description or barcode"
          className="w-full sm:max-w-sm sm:flex-1"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPageNo(1);
          }}
        />
        <p className="text-sm text-slate-600" aria-live="polite">
          {countText(page.total)} {page.total === 1 ? "product" : "products"}
        </p>
      </div>
      <LoadError error={loadError} />
      <ul className="flex flex-col gap-2">
        {page.data.map((p) => (
          <ProductRow key={p.sku} product={p} onSaved={replace} />
        ))}
        {!page.data.length ? <li className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600">No products found.</li> : null}
      </ul>
      <Pager page={pageNo} pages={pages} onPage={setPageNo} className="mt-3 flex items-center justify-end gap-2">
        <span className="text-sm text-slate-700">
          Page {pageNo} of {pages}
        </span>
      </Pager>
    </div>
  );
}

function ProductRow({ product, onSaved }: { product: Product; onSaved: (p: Product) => void }) {
  const [bin, setBin] = useState(product.bin ?? "");
  const [binMessage, setBinMessage] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [kind, setKind] = useState<BarcodeKind>("unit");
  const [quantity, setQuantity] = useState("");
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
  // The server refused the case quantity itself: that box is marked too (the message sits under the form).
  const [quantityRefused, setQuantityRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setBin(product.bin ?? ""), [product.bin]);
  const sku = encodeURIComponent(product.sku);
  const binChanged = bin.trim().toUpperCase() !== (product.bin ?? "");

  async function saveBin() {
    const error = binError(bin);
    setBinMessage(error);
    if (error) return;
    setBusy(true);
    const res = await apiFetch(`/api/admin/products/${sku}`, contract("ProductAnswer"), { method: "PUT", json: { bin: bin.trim() || null } });
    setBusy(false);
    if (!res.ok) {
      setBinMessage(said(refusalByField(res.error, "bin"), ["bin"]));
      toast.error("Failed to save the bin", { description: res.error.message });
      return;
    }
    onSaved(res.data);
    toast.success(`Bin of ${product.sku} saved`);
  }

  async function addCode() {
    const qty = kind === "unit" ? 1 : Number(quantity);
    const error = barcodeError(code) ?? caseQuantityError(kind, quantity.trim() === "" && kind === "case" ? NaN : qty);
    setCodeMessage(error);
    setQuantityRefused(false);
    if (error) return;
    setBusy(true);
    const res = await apiFetch(`/api/admin/products/${sku}/barcodes`, contract("ProductAnswer"), { method: "POST", json: { code: code.trim(), kind, quantity: qty } });
    setBusy(false);
    if (!res.ok) {
      const refused = refusalByField(res.error, "code");
      setCodeMessage(said(refused, ["code", "kind", "quantity"]));
      setQuantityRefused(!!errorsFor(refused, "quantity"));
      toast.error("Failed to add the barcode", { description: res.error.message });
      return;
    }
    onSaved(res.data);
    setCode("");
    setQuantity("");
    setKind("unit");
    toast.success(`Barcode added to ${product.sku}`);
  }

  async function remove(id: number, text: string) {
    setBusy(true);
    const res = await apiFetch(`/api/admin/products/${sku}/barcodes/${id}`, contract("ProductAnswer"), { method: "DELETE" });
    setBusy(false);
    if (!res.ok) {
      toast.error("Failed to remove the barcode", { description: res.error.message });
      return;
    }
    onSaved(res.data);
    toast.success(`Barcode ${text} removed`);
  }

  const id = `p-${product.sku.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  return (
    <li data-testid="admin-product-row" className="rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold wrap-anywhere">
          {product.sku} <span className="font-normal text-slate-700">{product.description}</span>
        </p>
        <p className="text-sm text-slate-600">On hand {countText(product.onHand)}</p>
      </div>
      <div className="mt-2 grid gap-3 lg:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <div>
          <label htmlFor={`${id}-bin`} className="text-sm font-semibold text-slate-700">
            Bin
          </label>
          <div className="mt-1 flex gap-2">
            <Input
              id={`${id}-bin`}
              autoComplete="off"
              placeholder="A-03-2"
              className="min-w-0 flex-1 uppercase"
              value={bin}
              aria-invalid={binMessage ? true : undefined}
              aria-describedby={binMessage ? `${id}-bin-msg` : undefined}
              onChange={(e) => {
                setBin(e.target.value);
                setBinMessage(null);
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter" && binChanged) void saveBin();
              }}
            />
            <Button variant="outline" disabled={busy || !binChanged} onClick={() => void saveBin()} aria-label={`Save bin of ${product.sku}`}>
              Save
            </Button>
          </div>
          {binMessage ? (
            <p id={`${id}-bin-msg`} role="alert" className="mt-1 text-sm text-red-700">
              {binMessage}
            </p>
          ) : null}
        </div>
        <div>
          <p className="text-sm font-semibold text-slate-700">Barcodes</p>
          <ul className="mt-1 flex flex-wrap gap-2" aria-label={`Barcodes of ${product.sku}`}>
            {product.barcodes.map((b) => (
              <li key={b.id} className="flex items-center gap-1 rounded-lg border border-slate-200 bg-slate-50 py-1 pr-1 pl-2 text-sm">
                <span className="font-mono">{b.code}</span>
                <span className="text-slate-600">{b.kind === "case" ? `Case of ${b.quantity}` : "Unit"}</span>
                <button
                  type="button"
                  className="ml-1 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-red-700 hover:bg-red-50 disabled:opacity-50"
                  disabled={busy}
                  aria-label={`Remove barcode ${b.code}`}
                  onClick={() => void remove(b.id, b.code)}
                >
                  ✕
                </button>
              </li>
            ))}
            {!product.barcodes.length ? <li className="text-sm text-slate-500">No barcodes yet.</li> : null}
          </ul>
          <form
            className="mt-2 flex flex-wrap items-start gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void addCode();
            }}
          >
            <Input
              autoComplete="off"
              inputMode="text"
              placeholder="Scan or type a code"
              aria-label={`New barcode for ${product.sku}`}
              className="min-w-0 flex-1 basis-44 font-mono"
              value={code}
              aria-invalid={codeMessage ? true : undefined}
              aria-describedby={codeMessage ? `${id}-code-msg` : undefined}
              onChange={(e) => {
                setCode(e.target.value);
                setCodeMessage(null);
              }}
            />
            <select
              aria-label={`Kind of the new barcode for ${product.sku}`}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as BarcodeKind);
                setCodeMessage(null);
              }}
            >
              <option value="unit">Unit</option>
              <option value="case">Case</option>
            </select>
            {kind === "case" ? (
              <Input
                type="number"
                inputMode="numeric"
                min={2}
                placeholder="Units"
                aria-label={`Units in the case for ${product.sku}`}
                className="w-24"
                value={quantity}
                aria-invalid={quantityRefused && codeMessage ? true : undefined}
                aria-describedby={quantityRefused && codeMessage ? `${id}-code-msg` : undefined}
                onChange={(e) => {
                  setQuantity(e.target.value);
                  setCodeMessage(null);
                }}
              />
            ) : null}
            <Button type="submit" disabled={busy || !code.trim()} aria-label={`Add barcode to ${product.sku}`}>
              Add
            </Button>
          </form>
          {codeMessage ? (
            <p id={`${id}-code-msg`} role="alert" className="mt-1 text-sm text-red-700">
              {codeMessage}
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}
