// The Devanning Report form (spec 002 §2, §5): six sections, products with auto-summed totals, the calculated
// total bags and its non-blocking warning, the container number uppercased and checked, the conditional
// requirements, photos in four groups uploaded in the background, a local draft restored on load, a leave-page
// warning while dirty (the app's own dialog inside the app), and on a phone the chips, progress and sticky
// submit bar. Its state is the pure reducer in app/domain/reports/devanning-form.ts; the sections are views.
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { UnplacedErrors } from "~/components/forms/field-errors";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { localToday, MESSAGES, PHOTO_GROUP_LABELS } from "~/domain/reports/constants";
import { devanningErrors, devanningProgress, emptyDevanning, type DevanningProductDraft } from "~/domain/reports/devanning";
import { devanningFormReducer, initialDevanningForm, visibleDevanningErrors, type DevanningPath } from "~/domain/reports/devanning-form";
import { DEVANNING_PLACED, placedKeys } from "~/domain/reports/server-errors";
import { idempotencyKey } from "~/lib/api-client";
import { contract, failureText, prepareForNoSignal, sendUntilAnswered } from "./client";
import { CargoSection } from "./devanning-cargo-section";
import { clearDraft, loadDraft, saveDraft } from "./devanning-draft";
import { ContainerSection, EnvironmentSection, InventorySection, NotesSection, PhotosSection } from "./devanning-sections";
import { Banner, FormHeader, ProgressBar, SectionChips, StickySubmitBar, WideSubmit } from "./form-parts";
import { countsOf, failedGroup, fromUploaded, uploadedPhotos, usePhotoUploads, waitingCount } from "./use-photo-uploads";
import { useLeaveWarning } from "./use-leave-warning";
import { useMaxWidth } from "./use-narrow";

const FORM_ID = "devanning-form";
const SECTIONS = [
  { id: "dv-cargo", label: "Cargo Summary" },
  { id: "dv-container", label: "Container" },
  { id: "dv-inventory", label: "Inventory" },
  { id: "dv-environment", label: "Environment" },
  { id: "dv-photos", label: "Photos" },
  { id: "dv-notes", label: "Notes" },
];
const LEAVE = { title: "Leave this page?", message: "Your draft is saved on this device." };

export function DevanningForm({ owner, staffName }: { owner: string; staffName: string }) {
  const initial = useMemo(() => ({ ...emptyDevanning(localToday()), warehouseInfo: { warehouseStaff1: staffName, warehouseStaff2: "" } }), [staffName]);
  const [state, dispatch] = useReducer(devanningFormReducer, initial, initialDevanningForm);
  const { draft, dirty } = state;
  const photos = usePhotoUploads();
  const key = useRef<string | null>(null);
  const loaded = useRef(false);
  const narrow = useMaxWidth(768);
  const { ask, dialog } = useConfirm();
  const leaveDialog = useLeaveWarning(dirty, LEAVE);

  // The submit must work with no signal: its contract is loaded now, not when the answer comes back.
  useEffect(prepareForNoSignal, []);

  // Restore the draft once, after hydration (localStorage is this device's).
  useEffect(() => {
    const saved = loadDraft(owner);
    if (saved) {
      dispatch({ type: "restore", draft: saved.draft, savedAt: saved.savedAt });
      photos.reset(fromUploaded(saved.photos));
    }
    loaded.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, [owner]);

  const counts = countsOf(photos.uploads);
  const pendingPhotos = waitingCount(photos.uploads);

  // Saved on every change (spec 002 §4), with the photos already on the server.
  useEffect(() => {
    if (!loaded.current || !dirty) return;
    saveDraft(owner, { draft, photos: uploadedPhotos(photos.uploads), savedAt: new Date().toISOString() });
  }, [draft, photos.uploads, dirty, owner]);

  const errors = visibleDevanningErrors(state, counts);
  const progress = devanningProgress(draft, counts);
  const err = useCallback((k: string) => errors[k], [errors]);
  const edit = useCallback(<P extends DevanningPath>(section: P[0], field: P[1], value: unknown) => dispatch({ type: "edit", section, field, value }), []);
  const touch = useCallback((k: string) => dispatch({ type: "touch", key: k }), []);
  const setProducts = useCallback((products: DevanningProductDraft[]) => dispatch({ type: "products", products }), []);

  /** Back to an empty form: after a discard, and after the server has the report. */
  function clearAll() {
    clearDraft(owner);
    photos.reset();
  }

  async function discardDraft() {
    const yes = await ask({ title: "Discard this draft?", message: "Discard this draft and start a new report?", confirmLabel: "Discard draft", cancelLabel: "Keep editing", danger: true });
    if (!yes) return;
    clearAll();
    dispatch({ type: "start-over", initial });
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (state.status !== "idle") return;
    if (Object.keys(devanningErrors(draft, counts)).length) {
      dispatch({ type: "invalid" });
      window.scrollTo({ top: 0, behavior: "smooth" });
      return;
    }
    dispatch({ type: "sending" });
    try {
      // Photos still on their way go first; the report names only photos the server holds.
      await photos.settled();
      const failed = failedGroup(photos.uploads);
      if (failed) return dispatch({ type: "photo-failed", text: MESSAGES.uploadFailed(PHOTO_GROUP_LABELS[failed]) });
      key.current ??= idempotencyKey();
      const answer = await sendUntilAnswered("/api/devanning-reports", contract("ReportSubmittedAnswer"), { json: { ...draft, photos: uploadedPhotos(photos.uploads) }, idempotencyKey: key.current }, { onWaiting: (waiting) => dispatch({ type: "waiting", waiting }) });
      // Answered either way: a corrected form is a new request with a new key.
      key.current = null;
      if (answer.ok) {
        clearAll();
        dispatch({ type: "submitted", initial });
      } else {
        dispatch({ type: "refused", fieldErrors: answer.error.fieldErrors, text: failureText(answer.error) });
      }
      window.scrollTo({ top: 0, behavior: "smooth" });
    } finally {
      dispatch({ type: "settled" });
    }
  }

  const busy = state.status !== "idle";
  const waitingNote =
    state.status === "waiting" || pendingPhotos ? (
      <p role="status" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="waiting-to-send">
        {state.status === "waiting" ? "No signal. The report will send when the connection returns. " : ""}
        {pendingPhotos ? `${pendingPhotos} photo${pendingPhotos === 1 ? "" : "s"} waiting to send.` : ""}
      </p>
    ) : null;
  const sectionProps = { draft, err, edit, touch };

  return (
    <div className={narrow ? "space-y-4 pb-40" : "space-y-4"}>
      <FormHeader title="Devanning Report" backTo="/reports">
        <p className="text-sm text-slate-600">Container unloading. Your draft is saved on this device as you type.</p>
      </FormHeader>
      {narrow ? <SectionChips sections={SECTIONS} /> : <ProgressBar progress={progress} />}
      {state.restoredAt ? (
        <Banner tone="info">
          <span>Draft restored (saved {new Date(state.restoredAt).toLocaleString()}).</span>{" "}
          <button type="button" onClick={() => void discardDraft()} className="min-h-11 underline">
            Discard draft
          </button>
        </Banner>
      ) : null}
      {state.banner ? <Banner tone={state.banner.tone} onDismiss={() => dispatch({ type: "dismiss-banner" })}>{state.banner.text}</Banner> : null}

      <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-4">
        <CargoSection {...sectionProps} touched={state.touched} setProducts={setProducts} />
        <ContainerSection {...sectionProps} />
        <InventorySection {...sectionProps} />
        <EnvironmentSection {...sectionProps} />
        <PhotosSection photos={photos} err={err} onChange={() => dispatch({ type: "photos-changed" })} />
        <NotesSection />
        <UnplacedErrors fieldErrors={state.serverErrors} shown={placedKeys(state.serverErrors, DEVANNING_PLACED)} />
        {narrow === false ? <WideSubmit busy={busy} status={waitingNote} /> : null}
      </form>
      {narrow ? <StickySubmitBar formId={FORM_ID} progress={progress} submitLabel="Submit Report" busy={busy} status={waitingNote} /> : null}
      {dialog}
      {leaveDialog}
    </div>
  );
}
