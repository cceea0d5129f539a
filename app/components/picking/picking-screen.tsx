// The full-screen picking panel (/pick-list): header with progress and presence, order loader, the gate,
// the line list with Hide picked / Mark all picked / Load more, and the sticky Save / Complete bar. The
// list-wide actions wait until a real order's lines are on screen (not while loading, on sample data or
// after a load error).
import { ArrowLeft, Camera, Rows3, ScanLine, Wifi, WifiOff, X } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Dialog, DialogBody } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { showAccessOverlay, showPasscodeBanner, PASSCODE_RELOAD_DELAY_MS, type GateViewer } from "~/domain/picking/gate";
import {
  headerPercent,
  INITIAL_VISIBLE_LINES,
  inFull,
  locationLabel,
  markAllPicked,
  orderTitle,
  pickProgress,
  short,
  shortDone,
  unselect,
  visibleLines,
  VISIBLE_LINES_STEP,
  type PickLine,
} from "~/domain/picking/lines";
import { LINE_SORTS, sortLines } from "~/domain/picking/scan";
import { alsoHereLabel, presenceByLine } from "~/domain/picking/sync";
import { AccessOverlay, PasscodeBanner } from "./access-gate";
import { BottomBar } from "./bottom-bar";
import { LineRow, type LineActions } from "./line-row";
import { CameraScanner, useWedgeScanner } from "./scanner";
import { useShortReasons } from "./use-short-reasons";
import type { PickOrderData } from "./pick-order-data";
import { usePickList } from "./use-pick-list";
import { usePickView } from "./use-pick-view";
import { useSwipeBack } from "./use-swipe-back";

export type PickingScreenProps = {
  orderNumber: string | null;
  /** The `?order=` order as the page loader brought it (null: ask /api). */
  initialData?: PickOrderData | null;
  gate: GateViewer;
  passcodeEmail: string | null;
  onPasscodeLogin: () => void;
  onLeave: () => void;
};

/** How long 'Undo' stays after 'Mark all picked'. */
export const UNDO_MS = 8000;

type Undo = { count: number; skipped: number; before: Map<string, Pick<PickLine, "status" | "pickState" | "pickedQty" | "note" | "reason">> };

const STATUS_TEXT = { live: "Live", connecting: "Connecting…", offline: "Offline — changes kept on this device", denied: "Live sync off" } as const;

export function PickingScreen({ orderNumber, initialData, gate, passcodeEmail, onPasscodeLogin, onLeave }: PickingScreenProps) {
  const session = passcodeEmail ? { email: passcodeEmail, allowedLocations: gate.passcode?.allowedLocations ?? [] } : null;
  const pick = usePickList({ initialOrder: orderNumber, initialData, session });
  const [orderInput, setOrderInput] = useState(orderNumber ?? "");
  const [hidePicked, setHidePicked] = useState(false);
  const [visibleCount, setVisibleCount] = useState(INITIAL_VISIBLE_LINES);
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  const [zoomed, setZoomed] = useState<PickLine | null>(null);
  const [boxOpen, setBoxOpen] = useState(false);
  const [{ sort, compact }, changeView] = usePickView();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [code, setCode] = useState("");
  const [confirmAll, setConfirmAll] = useState(false);
  const [undo, setUndo] = useState<Undo | null>(null);
  const undoTimer = useRef<number | undefined>(undefined);
  const swipe = useSwipeBack(onLeave);

  useEffect(() => () => window.clearTimeout(undoTimer.current), []);

  const setEdit = useCallback((id: string, on: boolean) => {
    setEditing((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const { change, focus, claim } = pick;
  const actions: LineActions = useMemo(
    () => ({
      inFull: (l) => {
        setEdit(l.id, false);
        change([l.id], inFull);
      },
      short: (l) => {
        if (!claim(l.id)) return;
        setEdit(l.id, true);
        change([l.id], short);
      },
      unselect: (l) => {
        setEdit(l.id, false);
        change([l.id], unselect);
      },
      done: (l, picked, reason) => {
        setEdit(l.id, false);
        change([l.id], (line) => shortDone(line, picked, reason));
      },
      note: (l, note) => change([l.id], () => ({ note })),
      focus: (l) => focus(l.id),
      claim: (l) => void claim(l.id),
      zoom: (l) => setZoomed(l),
    }),
    [change, focus, claim, setEdit],
  );

  const afterPasscodeLogin = () => {
    setBoxOpen(false);
    onPasscodeLogin();
    // The new session cookie is set; load the order again so the room and the data use it.
    const current = pick.requested ?? orderNumber;
    if (current) window.setTimeout(() => void pick.loadOrder(current), PASSCODE_RELOAD_DELAY_MS);
  };

  const progress = pickProgress(pick.items);
  const percent = headerPercent(pick.items);
  const ordered = useMemo(() => sortLines(pick.items, sort), [pick.items, sort]);
  const { shown, hasMore } = visibleLines(ordered, hidePicked, visibleCount);
  const allPicked = pick.items.length > 0 && pick.items.every((l) => l.status === "Picked" && l.pickState === "full");
  // The first paint may already hold the order's lines (docs/decisions/008-page-data.md); a tap before the
  // screen's script runs would be lost, so the lines and the list actions wait for it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const reasons = useShortReasons(pick.demo ? null : (pick.header?.orderNumber ?? null));
  const listReady = hydrated && !pick.loading && !pick.demo && !pick.error && !!pick.header && pick.items.length > 0;

  const { scan } = pick;
  const onScan = useCallback(
    (raw: string) => {
      const outcome = scan(raw);
      if (outcome?.ok) {
        // The confirmed line comes into view (a hidden picked line stays hidden).
        requestAnimationFrame(() => document.querySelector(`[data-testid=pick-line][data-line-id="${CSS.escape(outcome.lineId)}"]`)?.scrollIntoView({ block: "nearest" }));
      }
      return outcome;
    },
    [scan],
  );
  useWedgeScanner(onScan, listReady && !confirmAll && !zoomed);

  /** 'Mark all picked', once confirmed: every line not held by another picker; Undo puts them back. */
  const markAll = () => {
    setConfirmAll(false);
    setEditing(new Set());
    const free = pick.items.filter((l) => !pick.heldBy(l.id));
    const before = new Map(free.map((l) => [l.id, { status: l.status, pickState: l.pickState, pickedQty: l.pickedQty, note: l.note, reason: l.reason }]));
    const byId = new Map(markAllPicked(free).map((l) => [l.id, l]));
    pick.change([...byId.keys()], (l) => {
      const m = byId.get(l.id)!;
      return { status: m.status, pickState: m.pickState, pickedQty: m.pickedQty };
    });
    window.clearTimeout(undoTimer.current);
    setUndo({ count: free.length, skipped: pick.items.length - free.length, before });
    undoTimer.current = window.setTimeout(() => setUndo(null), UNDO_MS);
  };
  const undoMarkAll = () => {
    if (!undo) return;
    window.clearTimeout(undoTimer.current);
    const { before } = undo;
    pick.change([...before.keys()], (l) => before.get(l.id)!);
    setUndo(null);
    pick.setMessage({ tone: "info", text: `Undone: ${before.size} line${before.size === 1 ? "" : "s"} back as they were.` });
  };
  const onLines = presenceByLine(pick.others);
  const alsoHere = alsoHereLabel(pick.others);
  // Width 0: the overlay's own CSS shows it only at 768 px or less, so server and client render alike.
  const overlay = showAccessOverlay(gate, 0, boxOpen);
  // Wide screens never get the overlay; a visitor without access there gets the banner instead.
  const banner = !gate.passcode?.authenticated && (showPasscodeBanner(gate) || !gate.me);

  return (
    <div className="fixed inset-0 z-30 overflow-hidden bg-slate-100">
      <div className="flex h-full flex-col bg-slate-50 shadow-xl" style={swipe.style} {...swipe.handlers} data-testid="pick-panel">
        <header className="z-20 border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-[920px] items-center gap-2 px-2 py-2 sm:px-4">
            <Button variant="ghost" size="icon" onClick={onLeave} aria-label="Back">
              <ArrowLeft className="size-5" aria-hidden="true" />
            </Button>
            <div className="min-w-0 flex-1">
              <h1 className="line-clamp-2 text-base leading-tight font-bold sm:text-lg">{pick.header ? orderTitle(pick.header.orderNumber, pick.header.customerName) : "Pick List"}</h1>
              <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-600 sm:text-sm">
                {pick.header ? <span>{locationLabel(pick.header.location)}</span> : null}
                {pick.roomStatus && !pick.demo ? (
                  <span className={cn("inline-flex items-center gap-1", pick.roomStatus === "live" ? "text-green-700" : "text-amber-700")} data-testid="room-status">
                    {pick.roomStatus === "live" ? <Wifi className="size-3.5" aria-hidden="true" /> : <WifiOff className="size-3.5" aria-hidden="true" />}
                    {pick.roomStatus === "offline" && pick.pendingCount > 0
                      ? `Offline — ${pick.pendingCount} change${pick.pendingCount === 1 ? "" : "s"} kept on this device`
                      : STATUS_TEXT[pick.roomStatus]}
                  </span>
                ) : null}
              </p>
            </div>
            <Button variant="ghost" size="icon" onClick={() => setCameraOpen((o) => !o)} aria-label={cameraOpen ? "Close camera" : "Scan with camera"} aria-pressed={cameraOpen} disabled={!listReady}>
              <Camera className="size-5" aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" onClick={onLeave} aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Button>
          </div>
          <div className="mx-auto max-w-[920px] px-3 pb-2 sm:px-4">
            <div className="flex items-center gap-2">
              <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Lines picked" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
                <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
              </div>
              <span className="w-10 text-right text-xs font-semibold tabular-nums text-slate-700" data-testid="header-percent">
                {percent}%
              </span>
            </div>
            {alsoHere || pick.savedHint ? (
              <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
                {alsoHere ? (
                  <span className="font-medium text-blue-700" data-testid="also-here">
                    {alsoHere}
                  </span>
                ) : null}
                {pick.savedHint ? <span data-testid="saved-hint">{pick.savedHint}</span> : null}
              </p>
            ) : null}
          </div>
        </header>

        <main className="flex-1 overflow-y-auto overscroll-contain">
          <div className={cn("mx-auto flex max-w-[920px] flex-col px-3 py-3 sm:px-4", compact ? "gap-2" : "gap-3")}>
            {banner ? (
              <div className={cn(overlay && "max-[768px]:hidden")}>
                <PasscodeBanner open={boxOpen} onToggle={() => setBoxOpen((o) => !o)} onSuccess={afterPasscodeLogin} />
              </div>
            ) : null}

            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const n = orderInput.trim();
                if (!n) return;
                window.history.replaceState(window.history.state, "", `/pick-list?order=${encodeURIComponent(n)}`);
                setVisibleCount(INITIAL_VISIBLE_LINES);
                void pick.loadOrder(n);
              }}
            >
              <label htmlFor="pick-order" className="sr-only">
                Order number
              </label>
              <input
                id="pick-order"
                value={orderInput}
                onChange={(e) => setOrderInput(e.target.value)}
                placeholder="Order number (e.g. SO-100002)"
                className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base"
              />
              <Button type="submit" disabled={pick.loading}>
                {pick.loading ? "Loading…" : "Load"}
              </Button>
            </form>

            {pick.demo ? <p className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-800">Sample data — load an order to start picking.</p> : null}

            {pick.items.length ? (
              <>
                <form
                  className="flex gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (!code.trim()) return;
                    onScan(code);
                    setCode("");
                  }}
                >
                  <label htmlFor="pick-scan" className="sr-only">
                    Scan or type a barcode
                  </label>
                  <div className="relative min-w-0 flex-1">
                    <ScanLine className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
                    <input
                      id="pick-scan"
                      data-scan-input
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                      placeholder="Scan or type a code"
                      autoComplete="off"
                      enterKeyHint="go"
                      disabled={!listReady}
                      className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-base disabled:bg-slate-100"
                    />
                  </div>
                  <label className="sr-only" htmlFor="pick-sort">
                    Sort lines
                  </label>
                  <select
                    id="pick-sort"
                    value={sort}
                    onChange={(e) => {
                      changeView({ sort: e.target.value === "order" ? "order" : "path" });
                    }}
                    className="h-11 w-28 shrink-0 rounded-lg border border-slate-300 bg-white px-2 text-sm"
                  >
                    {LINE_SORTS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="Compact rows"
                    aria-pressed={compact}
                    className={cn("shrink-0", compact && "bg-slate-100")}
                    onClick={() => changeView({ compact: !compact })}
                  >
                    <Rows3 className="size-5" aria-hidden="true" />
                  </Button>
                </form>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                  <label className="inline-flex min-h-11 items-center gap-2">
                    <input type="checkbox" className="size-5 accent-brand-700" checked={hidePicked} onChange={(e) => setHidePicked(e.target.checked)} />
                    Hide picked
                  </label>
                  <label className="inline-flex min-h-11 items-center gap-2 has-disabled:text-slate-500">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-700"
                      checked={allPicked}
                      disabled={!listReady || allPicked}
                      onChange={(e) => {
                        if (e.target.checked) setConfirmAll(true);
                      }}
                    />
                    Mark all picked
                  </label>
                </div>
                {undo ? (
                  <div role="status" className="flex items-center gap-3 rounded-lg bg-slate-900 px-3 py-2 text-sm text-white" data-testid="undo-bar">
                    <span className="flex-1">
                      Marked {undo.count} line{undo.count === 1 ? "" : "s"} picked.
                      {undo.skipped ? ` ${undo.skipped} held by others left as they are.` : ""}
                    </span>
                    <Button size="sm" variant="secondary" onClick={undoMarkAll}>
                      Undo
                    </Button>
                  </div>
                ) : null}
              </>
            ) : null}

            {pick.loading ? <p className="py-10 text-center text-slate-500">Loading pick list…</p> : null}

            {!pick.loading && pick.error ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
                {pick.error}
              </p>
            ) : null}

            {!pick.loading && !pick.items.length ? (
              <div className="py-10 text-center text-slate-600">
                <p className="font-semibold">{pick.header ? `No items found for order ${pick.header.orderNumber}.` : "No order loaded yet."}</p>
                <p className="mt-1 text-sm">Enter an order number above and click Load to fetch the pick list.</p>
              </div>
            ) : null}

            {!pick.loading && shown.length ? (
              <fieldset disabled={!hydrated} className="m-0 min-w-0 border-0 p-0">
                <ul className={cn("flex flex-col", compact ? "gap-1.5" : "gap-3")} aria-label="Pick lines">
                  {shown.map((line) => (
                    <LineRow
                      key={line.id}
                      line={line}
                      editing={editing.has(line.id)}
                      flashing={pick.flashing.has(line.id)}
                      others={onLines.get(line.id) ?? []}
                      actions={actions}
                      compact={compact}
                      heldBy={pick.heldBy(line.id)}
                      mine={pick.claims.has(line.id) && !pick.heldBy(line.id)}
                      reasons={reasons}
                    />
                  ))}
                </ul>
              </fieldset>
            ) : null}

            {!pick.loading && hasMore ? (
              <Button variant="outline" className="self-center" onClick={() => setVisibleCount((c) => c + VISIBLE_LINES_STEP)}>
                Load more
              </Button>
            ) : null}
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

      <CameraScanner open={cameraOpen && listReady} onClose={() => setCameraOpen(false)} onScan={onScan} />

      <Dialog open={confirmAll} onClose={() => setConfirmAll(false)} title="Mark all picked?">
        <DialogBody>
          <p className="text-sm text-slate-700">
            Every line of order {pick.header?.orderNumber} is set to picked in full ({pick.items.length} line{pick.items.length === 1 ? "" : "s"}). Lines another picker holds stay as
            they are. You can undo this for a few seconds.
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirmAll(false)}>
              Cancel
            </Button>
            <Button onClick={markAll}>Mark all picked</Button>
          </div>
        </DialogBody>
      </Dialog>

      <Dialog open={!!zoomed} onClose={() => setZoomed(null)} title={zoomed?.name || zoomed?.sku || "Image"}>
        <DialogBody>{zoomed?.imageLarge ? <img src={zoomed.imageLarge} alt={zoomed.name} className="mx-auto max-h-[70dvh] w-auto rounded-lg" /> : null}</DialogBody>
      </Dialog>
    </div>
  );
}
