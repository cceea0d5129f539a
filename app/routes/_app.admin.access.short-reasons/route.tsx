// Admin Short Reasons (issue 13): the reasons a picker gives for a short line, and what each raises (a
// follow-up task for the office, a recount task for the warehouse, or nothing). Add, rename, change the
// action, activate/deactivate, move up/down. Deactivated reasons are refused by a pick save; old pick logs
// keep the label they were saved with. Every save says whether it worked, with the server's reason.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { toast } from "~/components/ui/toast";
import { PageHeading } from "~/components/admin/unsaved";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { policies } from "~/domain/access/policy";
import type { ShortReason } from "~/domain/admin/contract";
import { SHORT_REASON_ACTION_LABELS, SHORT_REASON_ACTIONS, shortReasonLabelError, type ShortReasonAction } from "~/domain/picking/short-reasons";
import { refusalByField } from "~/components/admin/field-alert";
import { errorsFor, unplacedErrors } from "~/components/forms/field-errors";
import { apiFetch, contractOf, type ApiError } from "~/lib/api-client";
import { noAction, pageLoader } from "~/lib/route.server";
import { listShortReasons } from "~/services/pick-short-reasons.server";

const contract = contractOf(() => import("~/domain/admin/contract"));

export const policy = policies.admin;

export const meta: MetaFunction = () => [{ title: "Short Reasons — Admin — Golden Grain" }];

export const loader = pageLoader(policy, async ({ ctx }) => ({ reasons: (await listShortReasons(ctx, { activeOnly: false })) satisfies ShortReason[] }));

export const action = noAction(policy);

type Reason = ShortReason;

function ActionSelect({ value, onChange, label, disabled }: { value: ShortReasonAction; onChange: (v: ShortReasonAction) => void; label: string; disabled?: boolean }) {
  return (
    <select aria-label={label} disabled={disabled} className="min-h-11 rounded-lg border border-slate-300 bg-white px-2" value={value} onChange={(e) => onChange(e.target.value as ShortReasonAction)}>
      {SHORT_REASON_ACTIONS.map((a) => (
        <option key={a} value={a}>
          {SHORT_REASON_ACTION_LABELS[a]}
        </option>
      ))}
    </select>
  );
}

export default function AdminShortReasons() {
  const initial = useLoaderData<typeof loader>();
  const [reasons, setReasons] = useState<Reason[]>(initial.reasons);
  const [label, setLabel] = useState("");
  const [newAction, setNewAction] = useState<ShortReasonAction>("none");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add() {
    const error = shortReasonLabelError(label);
    setMessage(error);
    if (error) return;
    setBusy(true);
    const res = await apiFetch("/api/admin/short-reasons", contract("ShortReasonAnswer"), { method: "POST", json: { label: label.trim(), action: newAction } });
    setBusy(false);
    if (!res.ok) {
      // The label's own reason (a duplicate names no field: its message is about the label too); an action
      // the server refused is said after it, so nothing it said is dropped.
      const { label: about, ...rest } = refusalByField(res.error, "label");
      setMessage([...(about ?? []), ...unplacedErrors(rest, [], { action: "Action" })].join(" ") || res.error.message);
      toast.error("Failed to add the reason", { description: res.error.message });
      return;
    }
    setReasons((rs) => [...rs, res.data]);
    setLabel("");
    setNewAction("none");
    toast.success(`Reason '${res.data.label}' added`);
  }

  /** Saves one change; answers the refusal (null when saved) so a row can show it under its field. */
  async function update(r: Reason, patch: Partial<Pick<Reason, "label" | "action" | "active">> & { move?: "up" | "down" }, done: string): Promise<ApiError | null> {
    setBusy(true);
    const res = await apiFetch(`/api/admin/short-reasons/${r.id}`, contract("ShortReasonsAnswer"), { method: "PUT", json: { ...patch, version: r.version } });
    setBusy(false);
    if (!res.ok) {
      toast.error("Failed to save the reason", { description: res.error.message });
      // A stale version: reload the list so the next try starts from what is stored.
      if (res.error.status === 409) {
        const fresh = await apiFetch("/api/admin/short-reasons", contract("ShortReasonsAnswer"));
        if (fresh.ok) setReasons(fresh.data);
      }
      return res.error;
    }
    setReasons(res.data);
    toast.success(done);
    return null;
  }

  return (
    <div>
      <PageHeading title="Short Reasons" description="What a picker says when a line is short, and what it raises. A deactivated reason can no longer be chosen; old pick logs keep it." />
      <form
        className="mb-4 flex flex-wrap items-start gap-2 rounded-xl border border-slate-200 bg-white p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <Input
          autoComplete="off"
          placeholder="New reason"
          aria-label="New reason"
          className="min-w-0 flex-1 basis-48"
          value={label}
          maxLength={120}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "new-reason-msg" : undefined}
          onChange={(e) => {
            setLabel(e.target.value);
            setMessage(null);
          }}
        />
        <ActionSelect value={newAction} onChange={setNewAction} label="Action of the new reason" />
        <Button type="submit" disabled={busy || !label.trim()}>
          Add reason
        </Button>
        {message ? (
          <p id="new-reason-msg" role="alert" className="w-full text-sm text-red-700">
            {message}
          </p>
        ) : null}
      </form>
      <ol className="flex flex-col gap-2" aria-label="Short reasons">
        {reasons.map((r, i) => (
          <ReasonRow key={r.id} reason={r} first={i === 0} last={i === reasons.length - 1} busy={busy} onUpdate={update} />
        ))}
        {!reasons.length ? <li className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600">No reasons yet.</li> : null}
      </ol>
    </div>
  );
}

function ReasonRow({
  reason: r,
  first,
  last,
  busy,
  onUpdate,
}: {
  reason: Reason;
  first: boolean;
  last: boolean;
  busy: boolean;
  onUpdate: (r: Reason, patch: Partial<Pick<Reason, "label" | "action" | "active">> & { move?: "up" | "down" }, done: string) => Promise<ApiError | null>;
}) {
  const [label, setLabel] = useState(r.label);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setLabel(r.label), [r.label]);
  const renamed = label.trim() !== r.label;

  async function rename() {
    const problem = shortReasonLabelError(label);
    setError(problem);
    if (problem) return;
    const refused = await onUpdate(r, { label: label.trim() }, `Renamed to '${label.trim()}'`);
    // The server's reason goes under the name, which keeps what was typed (a taken name names no field).
    if (refused) setError(errorsFor(refusalByField(refused, "label"), "label")?.join(" ") ?? refused.message);
  }

  return (
    <li data-testid="admin-short-reason-row" className={cn("flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-3", !r.active && "bg-slate-50")}>
      <div className="flex min-w-0 flex-1 basis-56 flex-col">
        <div className="flex gap-2">
          <Input
            autoComplete="off"
            aria-label={`Name of reason ${r.label}`}
            className={cn("min-w-0 flex-1", !r.active && "text-slate-500")}
            value={label}
            maxLength={120}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `reason-${r.id}-msg` : undefined}
            onChange={(e) => {
              setLabel(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && renamed) void rename();
            }}
          />
          {renamed ? (
            <Button variant="outline" disabled={busy} onClick={() => void rename()} aria-label={`Save name of reason ${r.label}`}>
              Save
            </Button>
          ) : null}
        </div>
        {error ? (
          <p id={`reason-${r.id}-msg`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <ActionSelect
        value={r.action}
        disabled={busy}
        label={`Action of reason ${r.label}`}
        onChange={(action) => void onUpdate(r, { action }, `${r.label}: ${SHORT_REASON_ACTION_LABELS[action]}`)}
      />
      <label className="flex min-h-11 items-center gap-2 font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={r.active}
          disabled={busy}
          onChange={(e) => void onUpdate(r, { active: e.target.checked }, `${r.label} ${e.target.checked ? "activated" : "deactivated"}`)}
        />
        Active
      </label>
      <div className="flex gap-1">
        <Button variant="outline" size="icon" disabled={busy || first} aria-label={`Move ${r.label} up`} onClick={() => void onUpdate(r, { move: "up" }, `${r.label} moved up`)}>
          ↑
        </Button>
        <Button variant="outline" size="icon" disabled={busy || last} aria-label={`Move ${r.label} down`} onClick={() => void onUpdate(r, { move: "down" }, `${r.label} moved down`)}>
          ↓
        </Button>
      </div>
    </li>
  );
}
