// One application: contact, location and date, documents, and for admins Approve, Decline and Edit (edit on
// desktop only, spec 000 §2). Approval creates the customer in QuickBooks; then /submit-feedback is sent. While
// QuickBooks cannot create it, the approval stands and the customer shows as pending with QuickBooks' answer.
// Any failure is shown with a Retry, never silently lost; a 409 shows the current state.
import { Check, Pencil, RotateCw, X } from "lucide-react";
import { useState } from "react";
import { UnplacedErrors } from "~/components/forms/field-errors";
import { formatDate, Notice, StatusPill } from "~/components/returns/shared";
import { Button } from "~/components/ui/button";
import { displayStatus, feedbackFor, type ApplicationDecision } from "~/domain/applications/rules";
import { statusTone } from "~/domain/returns/rules";
import type { FieldErrors } from "~/domain/api-messages";
import { parseContract } from "~/lib/api-client";
import { contract, decideApplication, submitFeedback, type ApplicationView } from "./api";
import { Documents } from "./documents";
import { EditDialog } from "./edit-dialog";

type Message = { tone: "error" | "success" | "warning"; text: string; retry?: () => void; fieldErrors?: FieldErrors } | null;

export function ApplicationDetail({ app, phone, canDecide, canEdit, onChanged }: { app: ApplicationView; phone: boolean; canDecide: boolean; canEdit: boolean; onChanged: (app: ApplicationView) => void }) {
  const [current, setCurrent] = useState(app);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [feedbackProblem, setFeedbackProblem] = useState<{ companyID: string; feedback: "positive" | "negative"; error: string } | null>(null);
  const [editing, setEditing] = useState(false);

  function apply(next: ApplicationView) {
    setCurrent(next);
    onChanged(next);
  }

  async function sendFeedback(companyID: string, feedback: "positive" | "negative") {
    const result = await submitFeedback(companyID, feedback);
    setFeedbackProblem(result.ok ? null : { companyID, feedback, error: result.error.message });
  }

  async function decide(status: ApplicationDecision) {
    setBusy(true);
    setMessage(null);
    const result = await decideApplication(current._id, { status, decisionDate: new Date().toISOString(), version: current.version });
    setBusy(false);
    if (!result.ok) {
      // 409: someone decided first; the answer carries the application as it is now.
      const now = result.error.status === 409 ? await parseContract(contract("Application"), result.error.data) : null;
      if (now) {
        apply(now);
        setMessage({ tone: "warning", text: result.error.message });
      } else {
        setMessage({ tone: "error", text: `Failed to update application. Please try again. (${result.error.message})`, retry: () => void decide(status), fieldErrors: result.error.fieldErrors });
      }
      return;
    }
    const res = result.data;
    apply(res.data);
    const owed = status === "Approved" && !res.companyID ? res.data.quickbooksPending : null;
    setMessage(
      owed
        ? { tone: "warning", text: `Application approved successfully! QuickBooks could not create the customer yet (${owed.reason ?? "no answer"}); it will be created when QuickBooks can.` }
        : {
            tone: "success",
            text: status === "Approved" ? `Application approved successfully! The customer was created in QuickBooks (customer ${res.companyID}).` : "Application declined successfully!",
          },
    );
    if (res.companyID) await sendFeedback(res.companyID, feedbackFor(status));
  }

  const pending = displayStatus(current.status) === "Pending";
  // The phone's review block appears only while the application is pending (spec 000 §2).
  const showReview = canDecide && (!phone || pending);
  const a = current.addresses[0];
  return (
    <div className="space-y-5">
      {message ? (
        <Notice tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
          {/* A decision has no fields of its own: whatever the server named is listed here. */}
          <UnplacedErrors fieldErrors={message.fieldErrors} shown={[]} labels={{ status: "Decision", decisionDate: "Decision date" }} />
          {message.retry ? (
            <Button size="sm" variant="outline" className="ml-2" onClick={message.retry} disabled={busy}>
              <RotateCw className="size-4" aria-hidden="true" /> Retry
            </Button>
          ) : null}
        </Notice>
      ) : null}
      {feedbackProblem ? (
        <Notice tone="warning">
          The decision is saved, but its feedback was not recorded: {feedbackProblem.error}.
          <Button size="sm" variant="outline" className="ml-2" onClick={() => void sendFeedback(feedbackProblem.companyID, feedbackProblem.feedback)}>
            <RotateCw className="size-4" aria-hidden="true" /> Retry feedback
          </Button>
        </Notice>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <StatusPill tone={statusTone(displayStatus(current.status))}>{displayStatus(current.status)}</StatusPill>
          {current.reference ? <span className="font-mono text-sm text-slate-700">{current.reference}</span> : null}
          {current.companyID ? <span className="text-sm text-slate-700">QuickBooks customer {current.companyID}</span> : null}
          {!current.companyID && current.quickbooksPending ? (
            <span className="text-sm text-amber-800" title={current.quickbooksPending.reason ?? undefined}>
              QuickBooks customer pending since {formatDate(current.quickbooksPending.since)}
              {current.quickbooksPending.reason ? ` — ${current.quickbooksPending.reason}` : ""}
            </span>
          ) : null}
        </div>
        {showReview || (canEdit && !phone) ? (
          <div className="flex flex-wrap gap-2">
            {showReview ? (
              <>
                <Button size="sm" onClick={() => decide("Approved")} disabled={busy || !pending}>
                  <Check className="size-4" aria-hidden="true" /> {busy ? "Saving…" : "Approve"}
                </Button>
                <Button size="sm" variant="danger" onClick={() => decide("Declined")} disabled={busy || !pending}>
                  <X className="size-4" aria-hidden="true" /> Decline
                </Button>
              </>
            ) : null}
            {canEdit && !phone ? (
              <Button size="sm" variant="outline" onClick={() => setEditing(true)} disabled={busy}>
                <Pencil className="size-4" aria-hidden="true" /> Edit
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <section className="grid gap-4 sm:grid-cols-3">
        <div>
          <h3 className="text-sm font-bold text-slate-900">Contact</h3>
          <p className="text-sm text-slate-800">{current.ownerName || "—"}</p>
          <p className="text-sm wrap-anywhere text-slate-800">{current.email || "—"}</p>
          <p className="text-sm text-slate-800">Phone {current.phoneNumber || "—"}</p>
          <p className="text-sm text-slate-800">Owner {current.ownerNumber || "—"}</p>
        </div>
        <div>
          <h3 className="text-sm font-bold text-slate-900">Location</h3>
          {a ? (
            <address className="not-italic text-sm text-slate-800">
              <div>{a.street}</div>
              {a.street2 ? <div>{a.street2}</div> : null}
              <div>
                {a.city}, {a.state} {a.postalCode}
              </div>
            </address>
          ) : (
            <p className="text-sm text-slate-600">No address</p>
          )}
          {current.addresses.length > 1 ? <p className="text-xs text-slate-600">+{current.addresses.length - 1} more</p> : null}
        </div>
        <div>
          <h3 className="text-sm font-bold text-slate-900">Date</h3>
          <p className="text-sm text-slate-800">Applied {formatDate(current.createdAt)}</p>
          <p className="text-sm text-slate-800">Decision {formatDate(current.decisionDate)}</p>
          {current.remarks ? <p className="text-sm text-slate-800">Remarks: {current.remarks}</p> : null}
        </div>
      </section>

      <Documents applicationId={current._id} phone={phone} />
      {editing ? (
        <EditDialog
          app={current}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            apply(next);
            setEditing(false);
            setMessage({ tone: "success", text: "Application updated" });
          }}
          onConflict={apply}
        />
      ) : null}
    </div>
  );
}
