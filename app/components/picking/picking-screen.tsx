// The full-screen picking panel (/pick-list): header with progress and presence, order loader, the gate,
// the line list with Hide picked / Mark all picked / Load more, and the sticky Save / Complete bar. The
// list-wide actions wait until a real order's lines are on screen (not while loading, on sample data or
// after a load error). The pieces are views (pick-header, pick-toolbar, pick-lines, pick-dialogs); the state
// is usePickList's reducer.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { whenIdle } from "~/lib/when-idle";
import { cn } from "~/components/ui/cn";
import { PASSCODE_RELOAD_DELAY_MS, type PickGate } from "~/domain/picking/gate";
import { INITIAL_VISIBLE_LINES, pickProgress, visibleLines, VISIBLE_LINES_STEP, type PickLine } from "~/domain/picking/lines";
import { sortLines } from "~/domain/picking/pick-path";
import type { ScanOutcome } from "~/domain/picking/scan";
import { alsoHereLabel, presenceByLine } from "~/domain/picking/sync";
import { AccessOverlay, PasscodeBanner } from "./access-gate";
import { BottomBar } from "./bottom-bar";
import { OrderForm } from "./order-form";
import { PickHeader } from "./pick-header";
import { PickLines } from "./pick-lines";
import { PickToolbar } from "./pick-toolbar";
import type { PickOrderData } from "./pick-order-data";
import { useLineActions } from "./use-line-actions";
import { useMarkAll } from "./use-mark-all";
import { usePickList } from "./use-pick-list";
import { usePickView } from "./use-pick-view";
import { useShortReasons } from "./use-short-reasons";
import { useSwipeBack } from "./use-swipe-back";
import { useTakeOver } from "./use-take-over";
import { useWedgeScanner } from "./wedge-scanner";
import { loadScanRules, scanRulesNow } from "./scan-lazy";
import { preloadLineParts } from "./line-row";

// The camera's scanner (its view, BarcodeDetector or ZXing) is not in the first paint's JavaScript (issue 25): it
// loads when the screen is idle, so a tap on Scan with no signal still opens it.
const loadCameraScanner = () => Promise.all([import("./scanner"), loadScanRules()]).then(([m]) => m);
const CameraScanner = lazy(() => loadCameraScanner().then((m) => ({ default: m.CameraScanner })));
// 'Mark all picked?' and a line's zoomed image are not on the first paint either: loaded when the screen is idle,
// mounted then (closed) or with the first tap that opens one, which shows it as soon as its code is here.
const loadPickDialogs = () => import("./pick-dialogs");
const MarkAllDialog = lazy(() => loadPickDialogs().then((m) => ({ default: m.MarkAllDialog })));
const ZoomDialog = lazy(() => loadPickDialogs().then((m) => ({ default: m.ZoomDialog })));
// A conflict the room sent back (issue 23) is asked about with code loaded when the screen is idle, or with the conflict.
const loadConflictPrompt = () => import("./use-conflict-prompt");
const ConflictPrompt = lazy(() => loadConflictPrompt().then((m) => ({ default: m.ConflictPrompt })));

export type PickingScreenProps = {
  orderNumber: string | null;
  /** The `?order=` order as the page loader brought it (null: ask /api). */
  initialData?: PickOrderData | null;
  /** What the gate shows (decided by the loader from the session). */
  gate: PickGate;
  onPasscodeLogin: () => void;
  onLeave: () => void;
  /** Above the order form: the page's "showing this phone's copy from …" when it came from the phone. */
  notice?: ReactNode;
};

export function PickingScreen({ orderNumber, initialData, gate, onPasscodeLogin, onLeave, notice }: PickingScreenProps) {
  const session = gate.passcodeEmail ? { email: gate.passcodeEmail, allowedLocations: gate.allowedLocations } : null;
  const pick = usePickList({ initialOrder: orderNumber, initialData, session });
  const [hidePicked, setHidePicked] = useState(false);
  const [visibleCount, setVisibleCount] = useState(INITIAL_VISIBLE_LINES);
  const [zoomed, setZoomed] = useState<PickLine | null>(null);
  const [boxOpen, setBoxOpen] = useState(false);
  const [{ sort, compact }, changeView] = usePickView();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const swipe = useSwipeBack(onLeave);
  const { actions: lineActions, editing, clearEditing } = useLineActions({ change: pick.change, focus: pick.focus, claim: pick.claim, zoom: setZoomed });
  const { holdOf, startTakeOver, takeOverDialog } = useTakeOver({ claims: pick.claims, you: pick.you, takeOver: pick.takeOver, focus: pick.focus });
  const actions = useMemo(() => ({ ...lineActions, takeOver: (line: PickLine) => void startTakeOver(line.id) }), [lineActions, startTakeOver]);
  const { undo, markAll, undoMarkAll } = useMarkAll({ items: pick.items, heldBy: pick.heldBy, change: pick.change, setMessage: pick.setMessage });

  const afterPasscodeLogin = () => {
    setBoxOpen(false);
    onPasscodeLogin();
    // The new session cookie is set; load the order again so the room and the data use it.
    const current = pick.requested ?? orderNumber;
    if (current) window.setTimeout(() => void pick.loadOrder(current), PASSCODE_RELOAD_DELAY_MS);
  };

  const progress = pickProgress(pick.items);
  // Who else is on each line, once per presence change: a new list per render re-renders every row.
  const onLines = useMemo(() => presenceByLine(pick.others), [pick.others]);
  const ordered = useMemo(() => sortLines(pick.items, sort), [pick.items, sort]);
  const { shown, hasMore } = visibleLines(ordered, hidePicked, visibleCount);
  const allPicked = pick.items.length > 0 && pick.items.every((l) => l.status === "Picked" && l.pickState === "full");
  // The first paint may already hold the order's lines (docs/decisions/008-page-data.md); a tap before the
  // screen's script runs would be lost, so the lines and the list actions wait for it.
  const [hydrated, setHydrated] = useState(false);
  const [dialogsReady, setDialogsReady] = useState(false);
  useEffect(() => {
    setHydrated(true);
    return whenIdle(() => {
      void loadCameraScanner().catch(() => {});
      preloadLineParts();
      void loadConflictPrompt().catch(() => {});
      void loadPickDialogs().then(() => setDialogsReady(true), () => {});
    });
  }, []);
  const reasons = useShortReasons(pick.demo ? null : (pick.header?.orderNumber ?? null));
  const listReady = hydrated && !pick.loading && !pick.demo && !pick.error && !!pick.header && pick.items.length > 0;

  const { scan } = pick;
  const onScanRef = useRef<(raw: string) => ScanOutcome | null>(() => null);
  const scanRef = useRef(scan);
  scanRef.current = scan;
  const onScan = useCallback(
    (raw: string): ScanOutcome | null => {
      // A scan before the rules have loaded waits for them (the camera's scanner loads them first, so it never does).
      if (!scanRulesNow()) {
        // With no code for them (no signal before it arrived) the scan says so.
        void loadScanRules().then(
          () => onScanRef.current(raw),
          () => scanRef.current(raw),
        );
        return null;
      }
      const outcome = scan(raw);
      if (outcome?.ok) {
        // The confirmed line comes into view (a hidden picked line stays hidden).
        requestAnimationFrame(() => document.querySelector(`[data-testid=pick-line][data-line-id="${CSS.escape(outcome.lineId)}"]`)?.scrollIntoView({ block: "nearest" }));
      }
      return outcome;
    },
    [scan],
  );
  onScanRef.current = onScan;
  useWedgeScanner(onScan, listReady && !confirmAll && !zoomed);

  // The overlay's own CSS shows it only at 768 px or less, so server and client render alike.
  const overlay = gate.needsAccess && !boxOpen;
  const banner = gate.offerPasscode;

  return (
    <div className="fixed inset-0 z-30 overflow-hidden bg-slate-100">
      <div className="flex h-full flex-col bg-slate-50 shadow-xl" style={swipe.style} {...swipe.handlers} data-testid="pick-panel">
        <PickHeader
          header={pick.header}
          roomStatus={pick.demo ? null : pick.roomStatus}
          pendingCount={pick.pendingCount}
          progress={progress}
          alsoHere={alsoHereLabel(pick.others)}
          savedHint={pick.savedHint}
          cameraOpen={cameraOpen}
          cameraReady={listReady}
          onCamera={() => setCameraOpen((o) => !o)}
          onLeave={onLeave}
        />

        <main className="flex-1 overflow-y-auto overscroll-contain">
          <div className={cn("mx-auto flex max-w-[920px] flex-col px-3 py-3 sm:px-4", compact ? "gap-2" : "gap-3")}>
            {notice}
            {banner ? (
              <div className={cn(overlay && "max-[768px]:hidden")}>
                <PasscodeBanner open={boxOpen} onToggle={() => setBoxOpen((o) => !o)} onSuccess={afterPasscodeLogin} />
              </div>
            ) : null}

            <OrderForm
              initial={orderNumber ?? ""}
              loading={pick.loading}
              onLoad={(n) => {
                window.history.replaceState(window.history.state, "", `/pick-list?order=${encodeURIComponent(n)}`);
                setVisibleCount(INITIAL_VISIBLE_LINES);
                void pick.loadOrder(n);
              }}
            />

            {pick.demo ? <p className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-800">Sample data — load an order to start picking.</p> : null}

            {pick.items.length ? (
              <PickToolbar
                listReady={listReady}
                sort={sort}
                compact={compact}
                hidePicked={hidePicked}
                allPicked={allPicked}
                undo={undo}
                onScan={(code) => void onScan(code)}
                onView={changeView}
                onHidePicked={setHidePicked}
                onMarkAll={() => setConfirmAll(true)}
                onUndo={undoMarkAll}
              />
            ) : null}

            <PickLines
              loading={pick.loading}
              error={pick.error}
              header={pick.header}
              total={pick.items.length}
              shown={shown}
              hasMore={hasMore}
              hydrated={hydrated}
              compact={compact}
              editing={editing}
              flashing={pick.flashing}
              onLines={onLines}
              actions={actions}
              holdOf={holdOf}
              isClaimed={(id) => pick.claims.has(id)}
              reasons={reasons}
              onMore={() => setVisibleCount((c) => c + VISIBLE_LINES_STEP)}
            />
          </div>
        </main>

        <BottomBar
          progress={progress}
          ready={listReady}
          saving={pick.saving}
          completing={pick.completing}
          message={pick.message}
          onSave={() => void pick.save()}
          onComplete={() => void pick.complete()}
        />
      </div>

      {overlay ? <AccessOverlay orderNumber={orderNumber} onSuccess={afterPasscodeLogin} /> : null}

      {cameraOpen ? (
        <Suspense fallback={null}>
          <CameraScanner open={cameraOpen && listReady} onClose={() => setCameraOpen(false)} onScan={onScan} />
        </Suspense>
      ) : null}

      {dialogsReady || confirmAll || zoomed ? (
        <Suspense fallback={null}>
          <MarkAllDialog
            open={confirmAll}
            orderNumber={pick.header?.orderNumber}
            lineCount={pick.items.length}
            onCancel={() => setConfirmAll(false)}
            onConfirm={() => {
              setConfirmAll(false);
              clearEditing();
              markAll();
            }}
          />
          <ZoomDialog line={zoomed} onClose={() => setZoomed(null)} />
        </Suspense>
      ) : null}
      {pick.confirmDialog}
      {takeOverDialog}
      {pick.conflicts.length ? (
        <Suspense fallback={null}>
          <ConflictPrompt conflicts={pick.conflicts} change={pick.change} settle={pick.settleConflict} />
        </Suspense>
      ) : null}
    </div>
  );
}
