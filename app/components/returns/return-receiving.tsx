// Receiving a return: received and damaged per item (restock computed, a count other than requested flagged),
// optional notes; the server's field errors under the counts and notes they concern.
import { PackageCheck } from "lucide-react";
import { useState } from "react";
import { FieldError, fieldAria, errorsFor, UnplacedErrors } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/domain/api-messages";
import { readReceiving, receivingNote, type TypedCounts } from "~/domain/returns/detail-state";
import { recordReceipt, type ReturnDetailView } from "./api";
import type { Run } from "./return-item-card";
import { formatDate } from "./shared";

export function Receiving({ detail, busy, run, fieldErrors }: { detail: ReturnDetailView; busy: boolean; run: Run; fieldErrors: FieldErrors }) {
  const [typed, setTyped] = useState<Record<number, TypedCounts>>(() => Object.fromEntries(detail.items.map((i) => [i.index, { received: String(i.receivedQty ?? i.count), damaged: String(i.damagedQty ?? 0) }])));
  const [notes, setNotes] = useState("");
  const { rows, allValid } = readReceiving(detail.items, typed);
  const type = (index: number, patch: Partial<TypedCounts>) => setTyped((t) => ({ ...t, [index]: { ...(t[index] ?? { received: "", damaged: "" }), ...patch } }));
  const submit = () =>
    run(
      "receiving",
      () => recordReceipt(detail._id, { items: rows.map((r) => ({ index: r.item.index, received: r.received, damaged: r.damaged })), notes, version: detail.version }),
      "Failed to record the receipt. Please try again.",
      "Receipt recorded.",
    );
  const shown = ["notes", ...rows.flatMap((_, i) => [`items.${i}.received`, `items.${i}.damaged`])];
  return (
    <section aria-label="Receiving" className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
      <h3 className="inline-flex items-center gap-2 font-bold text-slate-900">
        <PackageCheck className="size-5" aria-hidden="true" /> Receiving {detail.receivedAt ? <span className="text-sm font-normal text-slate-600">(last {formatDate(detail.receivedAt, true)})</span> : null}
      </h3>
      <p className="text-sm text-slate-700">Count what arrived and what is damaged. Only the sellable rest is marked for restock; a count other than requested flags the request.</p>
      <div className="space-y-2">
        {rows.map((row, i) => {
          const { item } = row;
          const receivedId = `receive-${item._id}-received`;
          const damagedId = `receive-${item._id}-damaged`;
          return (
            <div key={item._id} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_7rem_7rem_6rem]">
              <p className="col-span-2 text-sm font-semibold text-slate-900 sm:col-span-1">
                {item.sku} <span className="font-normal text-slate-600">requested {item.count}</span>
              </p>
              <label className="text-xs font-semibold text-slate-700">
                Received
                <Input id={receivedId} aria-label={`Received ${item.sku}`} inputMode="numeric" value={typed[item.index]?.received ?? ""} onChange={(e) => type(item.index, { received: e.target.value })} {...fieldAria(fieldErrors, `items.${i}.received`, receivedId)} />
                <FieldError id={receivedId} messages={errorsFor(fieldErrors, `items.${i}.received`)} />
              </label>
              <label className="text-xs font-semibold text-slate-700">
                Damaged
                <Input id={damagedId} aria-label={`Damaged ${item.sku}`} inputMode="numeric" value={typed[item.index]?.damaged ?? ""} onChange={(e) => type(item.index, { damaged: e.target.value })} {...fieldAria(fieldErrors, `items.${i}.damaged`, damagedId)} />
                <FieldError id={damagedId} messages={errorsFor(fieldErrors, `items.${i}.damaged`)} />
              </label>
              <p className={`text-sm ${row.valid ? "text-slate-800" : "text-red-700"}`}>{receivingNote(row, item.count)}</p>
            </div>
          );
        })}
      </div>
      <Input id="receiving-notes" aria-label="Receiving notes" placeholder="Notes (optional)" value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} {...fieldAria(fieldErrors, "notes", "receiving-notes")} />
      <FieldError id="receiving-notes" messages={errorsFor(fieldErrors, "notes")} />
      <UnplacedErrors fieldErrors={fieldErrors} shown={shown} />
      <Button size="sm" disabled={busy || !allValid} onClick={submit}>
        Record receipt
      </Button>
    </section>
  );
}
