// /proof/{token}: the customer's delivery proof (issue 8), opened from the e-mailed link without signing in.
// The token is its own credential: HMAC-signed, expiring, and naming the completion, so a revert voids it.
// The PDF, signature and photos are short-lived signed file links issued when the page loads.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { policies } from "~/domain/access/policy";
import { DomainError } from "~/domain/errors";
import { noAction, pageLoader } from "~/lib/route.server";
import { loadProof } from "~/services/delivery.server";

export const policy = policies.public;

export const meta: MetaFunction = () => [{ title: "Proof of delivery · Golden Grain" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

export const loader = pageLoader(policy, async ({ params, ctx }) => {
  try {
    return { proof: await loadProof(ctx, params.token ?? ""), error: null };
  } catch (error) {
    if (error instanceof DomainError && error.status < 500) return { proof: null, error: error.message };
    throw error;
  }
});

export const action = noAction(policy);

export default function DeliveryProof() {
  const { proof, error } = useLoaderData<typeof loader>();
  return (
    <main className="min-h-dvh bg-slate-100 px-4 py-8">
      <div className="mx-auto w-full max-w-2xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <p className="text-sm font-medium text-slate-500">Golden Grain Rice Co.</p>
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Proof of delivery</h1>
        {!proof ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
            {error}
          </p>
        ) : (
          <div className="space-y-5">
            <dl className="grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="font-semibold text-slate-600">Order</dt>
              <dd data-testid="proof-order">{proof.orderNumber}</dd>
              <dt className="font-semibold text-slate-600">Customer</dt>
              <dd>{proof.customerName || "-"}</dd>
              <dt className="font-semibold text-slate-600">Address</dt>
              <dd>{proof.address || "-"}</dd>
              <dt className="font-semibold text-slate-600">Delivered</dt>
              <dd>
                {proof.deliveryDate} {proof.completedAtEastern}
              </dd>
              <dt className="font-semibold text-slate-600">Window</dt>
              <dd>{proof.deliveryWindow || "-"}</dd>
              <dt className="font-semibold text-slate-600">Received by</dt>
              <dd>{proof.receivedBy || "-"}</dd>
              <dt className="font-semibold text-slate-600">Place</dt>
              <dd>
                {proof.mapUrl && proof.geo ? (
                  <a className="text-brand-700 underline" href={proof.mapUrl} target="_blank" rel="noreferrer noopener">
                    {proof.geo.lat.toFixed(5)}, {proof.geo.lng.toFixed(5)} (map)
                  </a>
                ) : (
                  "Not recorded"
                )}
              </dd>
            </dl>
            {proof.pdfUrl ? (
              <a className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white" href={proof.pdfUrl} target="_blank" rel="noreferrer noopener">
                Open the delivery order (PDF)
              </a>
            ) : null}
            {proof.signatureUrl ? (
              <figure>
                <figcaption className="mb-1 text-sm font-semibold text-slate-600">Signature</figcaption>
                <img src={proof.signatureUrl} alt="Receiver's signature" className="max-h-40 rounded border border-slate-200 bg-white" />
              </figure>
            ) : null}
            {proof.photos.length ? (
              <div>
                <p className="mb-1 text-sm font-semibold text-slate-600">Photos</p>
                <div className="grid grid-cols-2 gap-3">
                  {proof.photos.map((p, i) => (
                    <a key={i} href={p.url} target="_blank" rel="noreferrer noopener">
                      <img src={p.url} alt={p.label} className="aspect-square w-full rounded object-cover ring-1 ring-slate-200" />
                    </a>
                  ))}
                </div>
              </div>
            ) : null}
            <p className="text-xs text-slate-500">This link works until {proof.expiresAt.slice(0, 10)}.</p>
          </div>
        )}
      </div>
    </main>
  );
}
