// Pick List Check rules (spec 002 §2, §4, §5): line statuses, on-hand colours, done/issue, totals, sorting,
// and the local saved-progress history. Pure and client-safe; the page and the unit tests share them.

export const PICK_LINE_STATUSES = ["ok", "short", "over", "ns"] as const;
export type PickLineStatus = (typeof PICK_LINE_STATUSES)[number];
export const PICK_LINE_STATUS_LABELS: Record<PickLineStatus, string> = { ok: "OK", short: "Short", over: "Over", ns: "Not Stocked" };

export const PICK_WAREHOUSES = ["Main", "VL", "External"] as const;
export type PickWarehouse = (typeof PICK_WAREHOUSES)[number];
export const DEFAULT_PICK_WAREHOUSE: PickWarehouse = "Main";

export const PICK_CHECK_AUTOSAVE_MS = 400;
/** The local saved-check history is capped at about 5,000,000 characters (spec 002 §9). */
export const PICK_CHECK_HISTORY_MAX_CHARS = 5_000_000;
export const PICK_CHECK_STORAGE_KEY = "pickListCheck.history";

export type CheckLine = { lineItemId: string; sku: string; description: string; quantity: number; onHand: number | null };
export type CheckRow = { pickedQty: number; status: PickLineStatus; note: string };
export type CheckProgress = {
  rows: Record<string, CheckRow>;
  pickerName: string;
  warehouse: PickWarehouse;
  startedAt: string | null;
  finishedAt: string | null;
  savedAt: string;
};

export type OnHandTone = "red" | "amber" | "green" | "grey";

/** Red at 0 or below, amber below the ordered quantity, green otherwise, grey if unknown. */
export function onHandTone(onHand: number | null | undefined, ordered: number): OnHandTone {
  if (onHand === null || onHand === undefined || !Number.isFinite(onHand)) return "grey";
  if (onHand <= 0) return "red";
  if (onHand < ordered) return "amber";
  return "green";
}

export function emptyRow(): CheckRow {
  return { pickedQty: 0, status: "ok", note: "" };
}

/** 'Match': picked = ordered and status ok. */
export function matchRow(row: CheckRow, ordered: number): CheckRow {
  return { ...row, pickedQty: Math.max(0, ordered), status: "ok" };
}

/** A picked quantity is a whole number of at least 0; anything else becomes 0. */
export function clampPicked(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;
}

/** The status a new picked quantity suggests; 'Not Stocked' is the picker's call and is kept. */
export function statusForPicked(ordered: number, picked: number, current: PickLineStatus): PickLineStatus {
  if (current === "ns") return "ns";
  if (picked < ordered) return "short";
  if (picked > ordered) return "over";
  return "ok";
}

/** Sets the picked quantity (the +/- buttons and the input): never below 0, status follows the quantity. */
export function setPicked(row: CheckRow, ordered: number, picked: number): CheckRow {
  const pickedQty = clampPicked(picked);
  return { ...row, pickedQty, status: statusForPicked(ordered, pickedQty, row.status) };
}

/** Done only when the status is ok and the picked quantity equals the ordered quantity. */
export function isRowDone(row: CheckRow | undefined, ordered: number): boolean {
  return !!row && row.status === "ok" && row.pickedQty === ordered;
}

/** An issue is a line marked short, over or not stocked. */
export function isRowIssue(row: CheckRow | undefined): boolean {
  return !!row && row.status !== "ok";
}

export type CheckSummary = { lines: number; done: number; issues: number; orderedUnits: number; pickedUnits: number; percent: number };

export function summarizeCheck(lines: readonly CheckLine[], rows: Record<string, CheckRow>): CheckSummary {
  let done = 0;
  let issues = 0;
  let orderedUnits = 0;
  let pickedUnits = 0;
  for (const line of lines) {
    const row = rows[line.lineItemId];
    orderedUnits += line.quantity;
    pickedUnits += row?.pickedQty ?? 0;
    if (isRowDone(row, line.quantity)) done++;
    if (isRowIssue(row)) issues++;
  }
  const percent = lines.length ? Math.round((done / lines.length) * 100) : 0;
  return { lines: lines.length, done, issues, orderedUnits, pickedUnits, percent };
}

export type CheckSort = "sku" | "description";

export function sortCheckLines(lines: readonly CheckLine[], by: CheckSort): CheckLine[] {
  const key = (l: CheckLine) => (by === "sku" ? l.sku : l.description);
  return [...lines].sort((a, b) => key(a).localeCompare(key(b), "en", { numeric: true, sensitivity: "base" }) || a.lineItemId.localeCompare(b.lineItemId));
}

export function visibleCheckLines(lines: readonly CheckLine[], rows: Record<string, CheckRow>, opts: { sort: CheckSort; issuesOnly: boolean }): CheckLine[] {
  const sorted = sortCheckLines(lines, opts.sort);
  return opts.issuesOnly ? sorted.filter((l) => isRowIssue(rows[l.lineItemId])) : sorted;
}

/** Saved progress worth offering to restore: any touched line or picker detail. */
export function hasMeaningfulProgress(p: Pick<CheckProgress, "rows" | "pickerName" | "startedAt"> | null | undefined): boolean {
  if (!p) return false;
  return Object.values(p.rows ?? {}).some((r) => r.pickedQty > 0 || r.status !== "ok" || r.note.trim() !== "") || !!p.pickerName.trim() || !!p.startedAt;
}

export type CheckHistory = Record<string, CheckProgress>;

/**
 * Adds an order's progress to the history and drops the oldest orders until the JSON fits the cap. The
 * current order is always kept; if it alone is over the cap, null says it cannot be saved.
 */
export function putInHistory(history: CheckHistory, orderNumber: string, progress: CheckProgress, maxChars = PICK_CHECK_HISTORY_MAX_CHARS): { history: CheckHistory; json: string } | null {
  const next: CheckHistory = { ...history, [orderNumber]: progress };
  const oldestFirst = Object.keys(next)
    .filter((k) => k !== orderNumber)
    .sort((a, b) => (next[a]!.savedAt ?? "").localeCompare(next[b]!.savedAt ?? ""));
  let json = JSON.stringify(next);
  while (json.length > maxChars && oldestFirst.length) {
    delete next[oldestFirst.shift()!];
    json = JSON.stringify(next);
  }
  return json.length > maxChars ? null : { history: next, json };
}

/** Reads the stored history defensively: anything malformed counts as empty. */
export function parseHistory(json: string | null | undefined): CheckHistory {
  if (!json) return {};
  try {
    const raw = JSON.parse(json) as unknown;
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
    const out: CheckHistory = {};
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      const p = v as Partial<CheckProgress> | null;
      if (!p || typeof p !== "object" || !p.rows || typeof p.rows !== "object") continue;
      const rows: Record<string, CheckRow> = {};
      for (const [id, r] of Object.entries(p.rows as Record<string, Partial<CheckRow>>)) {
        const status = PICK_LINE_STATUSES.includes(r?.status as PickLineStatus) ? (r!.status as PickLineStatus) : "ok";
        rows[id] = { pickedQty: clampPicked(Number(r?.pickedQty ?? 0)), status, note: typeof r?.note === "string" ? r.note : "" };
      }
      out[k] = {
        rows,
        pickerName: typeof p.pickerName === "string" ? p.pickerName : "",
        warehouse: PICK_WAREHOUSES.includes(p.warehouse as PickWarehouse) ? (p.warehouse as PickWarehouse) : DEFAULT_PICK_WAREHOUSE,
        startedAt: typeof p.startedAt === "string" ? p.startedAt : null,
        finishedAt: typeof p.finishedAt === "string" ? p.finishedAt : null,
        savedAt: typeof p.savedAt === "string" ? p.savedAt : "",
      };
    }
    return out;
  } catch {
    return {};
  }
}
