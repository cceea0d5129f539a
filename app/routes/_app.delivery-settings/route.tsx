// /delivery-settings (admins): which proof completing a delivery needs, per order type (issue 8): receiver
// name, signature, photo, COD photo. The loader reads what GET /api/delivery/settings answers; Save sends the
// PUT, and the server refuses a completion without what is ticked, naming what is missing.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { toast } from "~/components/ui/toast";
import { errorsFor, FieldError, UnplacedErrors } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import type { FieldErrors } from "~/domain/api-messages";
import { policies } from "~/domain/access/policy";
import type { RequiredProofSettings } from "~/domain/delivery/contract";
import { PROOF_KINDS, PROOF_LABELS, type RequiredProof } from "~/domain/delivery/rules";
import { apiFetch, contractOf } from "~/lib/api-client";
import { noAction, pageLoader } from "~/lib/route.server";
import { requiredProofSettings } from "~/services/delivery.server";

// The contracts load with the first call, not the first paint (zod stays off this page's first load).
const contract = contractOf(() => import("~/domain/delivery/contract"));

export const policy = policies.grant("admin:manage");

export const meta: MetaFunction = () => [{ title: "Delivery proof settings — Golden Grain" }];

export const loader = pageLoader(policy, async ({ ctx }): Promise<RequiredProofSettings> => ({ requiredProof: await requiredProofSettings(ctx) }));

export const action = noAction(policy);

export default function DeliverySettings() {
  const data = useLoaderData<typeof loader>();
  const [proof, setProof] = useState<Record<string, RequiredProof>>(data.requiredProof);
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  /** The server's words on one order type (its row, or one of its boxes). */
  const typeErrors = (type: string) => {
    const keys = [`requiredProof.${type}`, ...PROOF_KINDS.map((k) => `requiredProof.${type}.${k}`)];
    const list = keys.flatMap((k) => errorsFor(fieldErrors, k) ?? []);
    return list.length ? list : undefined;
  };
  const shownKeys = Object.keys(proof).flatMap((t) => [`requiredProof.${t}`, ...PROOF_KINDS.map((k) => `requiredProof.${t}.${k}`)]);

  const toggle = (type: string, kind: (typeof PROOF_KINDS)[number], on: boolean) => setProof((all) => ({ ...all, [type]: { ...all[type]!, [kind]: on } }));

  async function save() {
    setSaving(true);
    try {
      const r = await apiFetch("/api/delivery/settings", contract("SettingsAnswer"), { method: "PUT", json: { requiredProof: proof } });
      // A refusal keeps the ticks as they are, with the server's word next to the order type it concerns.
      setFieldErrors(r.ok ? {} : r.error.fieldErrors);
      if (!r.ok) return void toast.error("Settings not saved", { description: r.error.message });
      setProof(r.data.requiredProof);
      toast.success("Delivery proof settings saved");
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Delivery proof</h1>
        <p className="text-slate-600">What a driver must capture before a delivery of each order type can be completed. A COD photo is asked only of cash-on-delivery orders.</p>
      </div>
      {/* A phone gets one card per order type (the four columns do not fit 390 px); md and up the table. */}
      <ul className="space-y-3 md:hidden" aria-label="Required proof per order type">
        {Object.entries(proof).map(([type, p]) => (
          <li key={type} className="rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
            <fieldset>
              <legend className="font-semibold text-slate-900">{type}</legend>
              <div className="mt-1 grid grid-cols-2 gap-x-3">
                {PROOF_KINDS.map((k) => (
                  <label key={k} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" className="size-5 shrink-0 accent-brand-700" checked={p[k]} onChange={(e) => toggle(type, k, e.target.checked)} />
                    {PROOF_LABELS[k]}
                  </label>
                ))}
              </div>
              <FieldError id={`proof-card-${type}`} messages={typeErrors(type)} />
            </fieldset>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200 md:block" role="region" aria-label="Required proof per order type">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Order type
              </th>
              {PROOF_KINDS.map((k) => (
                <th key={k} scope="col" className="px-3 py-2 text-center capitalize">
                  {PROOF_LABELS[k]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {Object.entries(proof).map(([type, p]) => (
              <tr key={type}>
                <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                  {type}
                  <FieldError id={`proof-row-${type}`} messages={typeErrors(type)} />
                </th>
                {PROOF_KINDS.map((k) => (
                  <td key={k} className="px-3 py-2 text-center">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-700"
                      aria-label={`${type}: ${PROOF_LABELS[k]} required`}
                      checked={p[k]}
                      onChange={(e) => toggle(type, k, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <UnplacedErrors fieldErrors={fieldErrors} shown={shownKeys} labels={{ requiredProof: "Required proof" }} />
      <Button onClick={save} disabled={saving}>
        {saving ? "Saving…" : "Save"}
      </Button>
    </div>
  );
}
