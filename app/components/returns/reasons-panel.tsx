// The admin's list of return reasons ('Other' is always offered on the form): add one, hide or show one.
// Collapsed until opened; every save shows the server's answer, a refused label under the field.
import { ListChecks } from "lucide-react";
import { useState, type FormEvent } from "react";
import { errorsFor, FieldError, fieldAria } from "~/components/forms/field-errors";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/domain/api-messages";
import { REASON_MAX } from "~/domain/returns/rules";
import type { ApiResult } from "~/lib/api-client";
import { addReason, fetchReasons, setReasonActive, type Reason } from "./api";
import { Notice } from "./shared";

export function ReasonsPanel() {
  const [open, setOpen] = useState(false);
  const [reasons, setReasons] = useState<Reason[] | null>(null);
  const [label, setLabel] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  async function reload() {
    try {
      setReasons(await fetchReasons(true));
    } catch (e) {
      setMessage({ tone: "error", text: (e as Error).message });
    }
  }

  async function toggle() {
    const next = !open;
    setOpen(next);
    if (next && !reasons) await reload();
  }

  async function save(work: () => Promise<ApiResult<unknown>>, success: string): Promise<boolean> {
    setBusy(true);
    setMessage(null);
    setFieldErrors({});
    const result = await work();
    setMessage(result.ok ? { tone: "success", text: success } : { tone: "error", text: result.error.message });
    if (!result.ok) setFieldErrors(result.error.fieldErrors);
    await reload();
    setBusy(false);
    return result.ok;
  }

  function add(e: FormEvent) {
    e.preventDefault();
    const text = label.trim();
    if (!text) return;
    void save(() => addReason(text), `Added '${text}'.`).then((saved) => saved && setLabel(""));
  }

  return (
    <section aria-label="Return reasons" className="rounded-xl border border-slate-200 bg-white">
      <button type="button" onClick={toggle} aria-expanded={open} className="flex min-h-11 w-full items-center gap-2 px-4 py-2 text-left font-semibold text-slate-900">
        <ListChecks className="size-5" aria-hidden="true" /> Return reasons (admin)
      </button>
      {open ? (
        <div className="space-y-3 border-t border-slate-100 p-4">
          {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
          <p className="text-sm text-slate-700">The reasons customers choose from. &lsquo;Other&rsquo; with their own words is always offered.</p>
          <ul className="divide-y divide-slate-100">
            {(reasons ?? []).map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2 py-2">
                <span className={r.active ? "text-slate-900" : "text-slate-500 line-through"}>{r.label}</span>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => save(() => setReasonActive(r, !r.active), r.active ? `Hid '${r.label}'.` : `Showing '${r.label}' again.`)}>
                  {r.active ? "Hide" : "Show"}
                </Button>
              </li>
            ))}
          </ul>
          <form onSubmit={add}>
            <div className="flex gap-2">
              <Input id="new-reason" aria-label="New reason" placeholder="New reason" value={label} maxLength={REASON_MAX} onChange={(e) => setLabel(e.target.value)} {...fieldAria(fieldErrors, "label", "new-reason")} />
              <Button type="submit" disabled={busy || !label.trim()}>
                Add
              </Button>
            </div>
            <FieldError id="new-reason" messages={errorsFor(fieldErrors, "label")} />
          </form>
        </div>
      ) : null}
    </section>
  );
}
