// Pieces both review screens share: status pills (spec tones), KPI tiles, the phone breakpoint (768 px or
// less), a debounced value (600 ms), and the detail shell: a centred modal on desktop, a full-screen slide-in
// page on a phone that pushes '#{hash}' and closes on Back.
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { NativeDialog } from "~/components/ui/dialog";
import { useMaxWidth } from "~/lib/use-max-width";
import type { Tone } from "~/domain/returns/rules";
import { dateFormat } from "~/domain/intl";
import { countText } from "~/domain/plain-format";

export const SEARCH_DEBOUNCE_MS = 600;
/** A centred modal wider than the shared Dialog's (whose max width a class cannot override: cn does not merge). */
export const WIDE_DIALOG = "m-auto w-[calc(100vw-3rem)] max-w-4xl rounded-2xl max-h-[calc(100dvh-2rem)] overflow-y-auto";

const TONE: Record<Tone, BadgeTone> = { green: "green", amber: "amber", red: "red", gray: "neutral" };

export function StatusPill({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <Badge tone={TONE[tone]}>{children}</Badge>;
}

export function KpiTiles({ label, tiles }: { label: string; tiles: { name: string; value: number | null | undefined }[] }) {
  return (
    <section aria-label={label}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {tiles.map((t) => (
          <li key={t.name} className="flex min-h-20 flex-col justify-between rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
            <span className="text-xs font-semibold text-slate-700 sm:text-sm">{t.name}</span>
            <span className="mt-1 text-2xl font-extrabold tabular-nums text-slate-900 sm:text-3xl">{t.value === null || t.value === undefined ? "–" : countText(t.value)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** null until the browser answers (server render and first paint show both layouts through CSS). */
/** The lists' phone layout (768 px and below, as their CSS), first rendered as the browser's layout hint says. */
export function useIsPhone(): boolean | null {
  return useMaxWidth(768, { hinted: true });
}

export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * The detail view. On a phone it pushes `#{hash}` when it opens and closes on Back (popstate); closing it
 * with its own Back button goes back in history, so the entry never lingers.
 */
export function DetailShell({ open, phone, hash, title, onClose, children }: { open: boolean; phone: boolean; hash: string; title: string; onClose: () => void; children: ReactNode }) {
  const pushed = useRef(false);
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    if (!open) return setEntered(false);
    const frame = requestAnimationFrame(() => setEntered(true));
    return () => cancelAnimationFrame(frame);
  }, [open]);
  useEffect(() => {
    if (!open || !phone) return;
    if (window.location.hash !== `#${hash}`) {
      window.history.pushState({ detail: hash }, "", `#${hash}`);
      pushed.current = true;
    }
    const onPop = () => {
      pushed.current = false;
      onClose();
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [open, phone, hash, onClose]);

  function close() {
    if (phone && pushed.current) {
      window.history.back(); // popstate closes it
      return;
    }
    if (phone && window.location.hash === `#${hash}`) window.history.replaceState(null, "", window.location.pathname + window.location.search);
    onClose();
  }

  if (!open) return null;
  if (!phone) {
    return (
      <NativeDialog open onClose={close} title={title} className={WIDE_DIALOG}>
        <div className="px-5 pb-5">{children}</div>
      </NativeDialog>
    );
  }
  return (
    <div role="dialog" aria-modal="true" aria-label={title} className={`fixed inset-0 z-50 flex flex-col overflow-y-auto bg-slate-50 transition-transform duration-200 ease-out ${entered ? "translate-x-0" : "translate-x-full"}`}>
      <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-2">
        <button type="button" onClick={close} className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 font-semibold text-slate-800 hover:bg-slate-100">
          <ArrowLeft className="size-5" aria-hidden="true" /> Back
        </button>
        <h2 className="min-w-0 truncate text-base font-bold text-slate-900">{title}</h2>
      </div>
      <div className="p-4">{children}</div>
    </div>
  );
}

export function Notice({ tone, children, onDismiss }: { tone: "error" | "success" | "warning"; children: ReactNode; onDismiss?: () => void }) {
  const cls = tone === "error" ? "border-red-300 bg-red-50 text-red-800" : tone === "warning" ? "border-amber-300 bg-amber-50 text-amber-900" : "border-green-300 bg-green-50 text-green-900";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-3 ${cls}`}>
      <div className="min-w-0 break-words font-medium">{children}</div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="-m-1 shrink-0 rounded px-2 text-sm underline">
          Dismiss
        </button>
      ) : null}
    </div>
  );
}

export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return withTime
    ? dateFormat({ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(d)
    : dateFormat({ month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(d);
}
