// The driver's delivery wizard and completion rules (spec 001 §4 'Driver wizard steps', §5, §8, §9), shared
// by the wizard and the server. Client-safe and pure: no zod, no server imports (the wizard stays light); the
// stored JSON shapes are the delivery contract's (./contract.ts), as types only.
import { moneyText } from "~/domain/plain-format";

/** Spec 001 §8: every text a driver reads. */
export const DELIVERY_MESSAGES = {
  outForDeliveryTitle: "Out for Delivery",
  outForDelivery: "Order marked out for delivery",
  failed: "Failed",
  notAuthorized: "Not authorized for this order",
  notFound: "Order not found",
  codUploaded: "COD photo uploaded",
  uploadFailed: "Upload failed",
  selectImage: "Please select an image first",
  issueUploaded: "Issue photo uploaded",
  completed: "Delivery completed. Opening Delivery Order…",
  completeFailed: "Failed to complete",
  completeTitle: "Delivery Complete",
  reverted: "Delivery completion reverted. You can make corrections and complete again.",
  revertFailed: "Failed to revert",
  copied: "Copied address to clipboard",
  helpNote: "Manager will assist.",
  doNotAvailable: "Delivery Order not available",
  doOpenFailed: "Failed to open Delivery Order",
  alreadyCompleted: "This delivery is already complete. Use Help to revert it before completing again.",
  badSignature: "signatureDataUrl must be a PNG data URL",
  badDate: "deliveryDate must be a date as YYYY-MM-DD",
} as const;

export const GEO_TIMEOUT_MS = 8_000;
export const DELIVERY_TIME_ZONE = "America/New_York";
/** A drawn signature is small; this bounds the decoded PNG. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
/** Photos leave the phone resized to this longest side and JPEG quality (a 12 MP photo ends well under 1 MB). */
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITY = 0.8;
export const PHOTO_TARGET_BYTES = 1024 * 1024;
/** How long the customer's proof link lives. */
export const PROOF_LINK_TTL_SECONDS = 7 * 24 * 3600;
export const SHORTFALL_REASON_MAX = 300;
export const RECEIVER_NAME_MAX = 200;

export type WizardStep = "out" | "cod" | "issue" | "signature" | "document";

const STEP_LABELS: Record<WizardStep, string> = {
  out: "Out for Delivery",
  cod: "COD Photo",
  issue: "Issue",
  signature: "Signature & Complete",
  document: "Delivery Order",
};

export function stepLabel(step: WizardStep): string {
  return STEP_LABELS[step];
}

/** Spec 001 §4: payment status equal to 'cash on delivery', case-insensitive. */
export function isCashOnDelivery(paymentStatus: string | null | undefined): boolean {
  return (paymentStatus ?? "").trim().toLowerCase() === "cash on delivery";
}

/** 4 steps, or 5 for cash on delivery (the COD photo after Out for Delivery). */
export function wizardSteps(paymentStatus: string | null | undefined): WizardStep[] {
  return isCashOnDelivery(paymentStatus) ? ["out", "cod", "issue", "signature", "document"] : ["out", "issue", "signature", "document"];
}

/** Zero-based index of the signature step (Help's revert returns here: step 4 for COD, 3 otherwise). */
export function signatureStepIndex(paymentStatus: string | null | undefined): number {
  return wizardSteps(paymentStatus).indexOf("signature");
}

/**
 * The step to show when the wizard opens: the last one when a delivery order exists or the meta shows
 * completion; otherwise the remembered step if it is valid for this order; otherwise the first.
 */
export function initialStep(opts: { paymentStatus?: string | null; completed: boolean; remembered?: number | null }): number {
  const steps = wizardSteps(opts.paymentStatus);
  if (opts.completed) return steps.length - 1;
  const r = opts.remembered;
  // The last step only follows a completion; a remembered 'document' step of a reverted delivery is not valid.
  if (typeof r === "number" && Number.isInteger(r) && r >= 0 && r < steps.length - 1) return r;
  return 0;
}

export function stepStorageKey(orderNumber: string): string {
  return `delivery-step:${orderNumber}`;
}

/** 'Step 2 of 5' and its percent for the phone's bar. */
export function stepProgress(index: number, total: number): { label: string; percent: number } {
  const n = Math.min(Math.max(index + 1, 1), total);
  return { label: `Step ${n} of ${total}`, percent: Math.round((n / total) * 100) };
}

// ---------------------------------------------------------------- Eastern Time

function etParts(date: Date) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: DELIVERY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return { day: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")} ${get("dayPeriod").toUpperCase()}` };
}

/** The calendar day in Eastern Time, YYYY-MM-DD. */
export function easternDay(date: Date): string {
  return etParts(date).day;
}

/** '2:05 PM ET'. */
export function easternTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : `${etParts(d).time} ET`;
}

/**
 * The delivery window recorded automatically (spec 001 §5), in Eastern Time: from leaving for the delivery to
 * completing it when both fall on one day ('9:12 AM – 10:40 AM ET'), else the completion time alone.
 */
export function deliveryWindow(outForDeliveryAt: string | null | undefined, completedAt: string): string {
  const end = new Date(completedAt);
  const endParts = etParts(end);
  const start = outForDeliveryAt ? new Date(outForDeliveryAt) : null;
  if (start && !Number.isNaN(start.getTime()) && start <= end) {
    const startParts = etParts(start);
    if (startParts.day === endParts.day && startParts.time !== endParts.time) return `${startParts.time} – ${endParts.time} ET`;
  }
  return `${endParts.time} ET`;
}

// ---------------------------------------------------------------- dates

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Days from a to b (YYYY-MM-DD each). */
export function dayDiff(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A queued completion may arrive days late; a date ahead of tomorrow (ET) or over 30 days back is a mistake. */
export function deliveryDateProblem(value: string, now: Date): string | null {
  if (!isCalendarDay(value)) return DELIVERY_MESSAGES.badDate;
  const diff = dayDiff(easternDay(now), value);
  if (diff > 1) return "deliveryDate cannot be in the future";
  if (diff < -30) return "deliveryDate is more than 30 days ago";
  return null;
}

// ---------------------------------------------------------------- required proof

export const PROOF_KINDS = ["receiverName", "signature", "photo", "codPhoto"] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];
export type RequiredProof = Record<ProofKind, boolean>;

export const PROOF_LABELS: Record<ProofKind, string> = {
  receiverName: "receiver name",
  signature: "signature",
  photo: "photo",
  codPhoto: "COD photo",
};

/** The old product's rule, before an admin sets anything: a receiver name; signature and photos optional. */
export const DEFAULT_REQUIRED_PROOF: RequiredProof = { receiverName: true, signature: false, photo: false, codPhoto: false };

export type ProvidedProof = { receiverName: boolean; signature: boolean; photo: boolean; codPhoto: boolean; cashOnDelivery: boolean };

/** What completion still lacks. A COD photo is only asked of cash-on-delivery orders. */
export function missingProof(required: RequiredProof, provided: ProvidedProof): ProofKind[] {
  return PROOF_KINDS.filter((k) => required[k] && !provided[k] && (k !== "codPhoto" || provided.cashOnDelivery));
}

/** 'Missing proof: signature and photo' */
export function missingProofMessage(missing: readonly ProofKind[]): string {
  const labels = missing.map((k) => PROOF_LABELS[k]);
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : (labels[0] ?? "");
  return `Missing proof: ${list}`;
}

// ---------------------------------------------------------------- delivered quantities and cash

export type LineInput = { lineId: number; delivered: number; reason?: string | null };
export type OrderLineFact = { id: number; sku: string; quantity: number };

/** Problems with the delivered quantities: unknown or repeated lines, out-of-range counts, shortfalls without a reason. */
export function deliveredLineProblems(lines: readonly LineInput[], orderLines: readonly OrderLineFact[]): string[] {
  const byId = new Map(orderLines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const problems: string[] = [];
  for (const input of lines) {
    const line = byId.get(input.lineId);
    if (!line) {
      problems.push(`Line ${input.lineId} is not on this order`);
      continue;
    }
    if (seen.has(input.lineId)) problems.push(`Line ${line.sku} is listed twice`);
    seen.add(input.lineId);
    if (!Number.isInteger(input.delivered) || input.delivered < 0) problems.push(`Delivered quantity of ${line.sku} must be a whole number of 0 or more`);
    else if (input.delivered > line.quantity) problems.push(`Delivered quantity of ${line.sku} is more than the ${line.quantity} ordered`);
    else if (input.delivered < line.quantity && !input.reason?.trim()) problems.push(`Give a reason for the shortfall on ${line.sku}`);
  }
  return problems;
}

/** Lines delivered short: what the office follows up. */
export function shortfalls<T extends { ordered: number; delivered: number }>(lines: readonly T[]): T[] {
  return lines.filter((l) => l.delivered < l.ordered);
}

/** '$1,234.50' */
export function money(cents: number | null | undefined): string {
  return moneyText((cents ?? 0) / 100);
}

/** A typed dollar amount ('120', '120.5', '1,200.50') to cents, or null when it is not one. */
export function parseDollars(text: string): number | null {
  const t = text.trim().replace(/[$,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ""] = t.split(".");
  return Number(whole) * 100 + Number((frac + "00").slice(0, 2));
}

// ---------------------------------------------------------------- address

/** The address as one line for copying and the map (spec 001 'Delivery address: formatted'). */
export function formatAddress(lines: readonly string[]): string {
  return lines.map((l) => l.trim()).filter(Boolean).join(", ");
}

export function mapsSearchUrl(formatted: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatted)}`;
}

/** A map link to the point where the delivery was completed. */
export function mapPointUrl(geo: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/search/?api=1&query=${geo.lat.toFixed(6)},${geo.lng.toFixed(6)}`;
}

// The door steps' line and the wizard's meta are the meta call's contract (./contract.ts): one shape for the
// service that builds it and the wizard that reads it. Types only: this module stays free of zod.
export type { DeliveryLine, DeliveryMeta } from "./contract";
