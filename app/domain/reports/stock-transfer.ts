// The Stock Transfer Receiving Report's rules (spec 002 §5): the form's draft shape, every validation message,
// the five completeness items and the payload the server stores. Pure and client-safe: the form and the
// service run the same function, so the server refuses with the message the form shows.
import { MESSAGES, STOCK_TRANSFER_MAX_PHOTOS, isRealDay, type ProductCondition } from "./constants";
import type { StockTransferData } from "./schemas";

export type YesNo = "yes" | "no";
export type StockTransferItemDraft = {
  itemSku: string;
  itemDescription: string;
  quantity: string | number;
  damaged: YesNo;
  damagedQuantity: string | number | null;
};
export type StockTransferDraft = {
  dateReceived: string;
  transferReference: string;
  receivingLocation: string;
  transferFrom: string;
  receivedBy: string;
  items: StockTransferItemDraft[];
  productCondition: ProductCondition | "";
  notesComments: string;
  signatureType: "draw" | "type";
  /** A PNG data URL from the signature pad. */
  signatureDrawn: string;
  signatureTyped: string;
};

export type FieldErrorMap = Record<string, string>;

export function emptyItem(): StockTransferItemDraft {
  return { itemSku: "", itemDescription: "", quantity: "", damaged: "no", damagedQuantity: "" };
}

export function emptyStockTransfer(today: string, receivingLocation: string): StockTransferDraft {
  return {
    dateReceived: today,
    transferReference: "",
    receivingLocation,
    transferFrom: "",
    receivedBy: "",
    items: [emptyItem()],
    productCondition: "",
    notesComments: "",
    signatureType: "draw",
    signatureDrawn: "",
    signatureTyped: "",
  };
}

/** A whole number typed or sent: 12 or '12', never '1e1', ' 12', '12.0' or 12.5. Null when it is not one. */
export function wholeNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value === "string" && /^\d{1,12}$/.test(value)) return Number(value);
  return null;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** Whether a drawn signature is a PNG data URL with content (the pad's empty canvas sends nothing). */
export function isSignatureDataUrl(value: string): boolean {
  return PNG_DATA_URL.test(value) && value.length > 100;
}

export function signatureBase64(value: string): string | null {
  return PNG_DATA_URL.exec(value)?.[1] ?? null;
}

/** Choosing damaged 'no' clears the damaged quantity (spec 002 §5). */
export function setDamaged(item: StockTransferItemDraft, damaged: YesNo): StockTransferItemDraft {
  return { ...item, damaged, damagedQuantity: damaged === "no" ? "" : item.damagedQuantity };
}

/** At least one item row is always kept. */
export function removeItem(items: StockTransferItemDraft[], index: number): StockTransferItemDraft[] {
  return items.length <= 1 ? items : items.filter((_, i) => i !== index);
}

export function itemErrors(item: StockTransferItemDraft, index: number): FieldErrorMap {
  const out: FieldErrorMap = {};
  const at = `items.${index}`;
  if (!item.itemSku.trim()) out[`${at}.itemSku`] = MESSAGES.itemSku;
  if (!item.itemDescription.trim()) out[`${at}.itemDescription`] = MESSAGES.itemDescription;
  const quantity = wholeNumber(item.quantity);
  if (quantity === null || quantity <= 0) out[`${at}.quantity`] = MESSAGES.quantity;
  if (item.damaged === "yes") {
    const damaged = wholeNumber(item.damagedQuantity);
    if (damaged === null || damaged <= 0) out[`${at}.damagedQuantity`] = MESSAGES.damagedQuantity;
    else if (quantity !== null && damaged > quantity) out[`${at}.damagedQuantity`] = "Damaged quantity cannot exceed the quantity received";
  }
  return out;
}

/** Every rule of spec 002 §5 for the stock transfer form; keys are field paths ('items.0.quantity'). */
export function stockTransferErrors(draft: StockTransferDraft): FieldErrorMap {
  const out: FieldErrorMap = {};
  if (!draft.dateReceived.trim() || !isRealDay(draft.dateReceived.trim())) out.dateReceived = MESSAGES.dateReceived;
  if (!draft.transferReference.trim()) out.transferReference = MESSAGES.transferReference;
  if (!draft.receivingLocation.trim()) out.receivingLocation = MESSAGES.receivingLocation;
  if (!draft.transferFrom.trim()) out.transferFrom = MESSAGES.transferFrom;
  if (!draft.receivedBy.trim()) out.receivedBy = MESSAGES.receivedBy;
  if (draft.items.length === 0) out["items.0.itemSku"] = MESSAGES.itemSku;
  draft.items.forEach((item, i) => Object.assign(out, itemErrors(item, i)));
  if (!draft.productCondition) out.productCondition = MESSAGES.productCondition;
  if (draft.productCondition === "damaged" && !draft.notesComments.trim()) out.notesComments = MESSAGES.conditionNotes;
  if (draft.signatureType === "type") {
    if (!draft.signatureTyped.trim()) out.signatureTyped = MESSAGES.typedName;
  } else if (!isSignatureDataUrl(draft.signatureDrawn)) {
    out.signatureDrawn = MESSAGES.signature;
  }
  return out;
}

export type PhotoCandidate = { name: string; size: number };

/** The photo rules before any byte is read: at most 10, each at most 5 MB (the server also sniffs the type). */
export function photoErrors(photos: readonly PhotoCandidate[], maxBytes: number): string | null {
  if (photos.length > STOCK_TRANSFER_MAX_PHOTOS) return MESSAGES.tooManyPhotos;
  const big = photos.find((p) => p.size > maxBytes);
  return big ? MESSAGES.photoTooLarge(big.name) : null;
}

/** The form's five completeness items: general, items, condition, signature, photos. */
export function stockTransferProgress(draft: StockTransferDraft, photoCount: number): { done: number; total: number; percent: number; items: { key: string; label: string; done: boolean }[] } {
  const errors = stockTransferErrors(draft);
  const has = (prefix: string) => Object.keys(errors).some((k) => k === prefix || k.startsWith(`${prefix}.`));
  const items = [
    { key: "general", label: "General", done: !["dateReceived", "transferReference", "receivingLocation", "transferFrom", "receivedBy"].some(has) },
    { key: "items", label: "Items", done: !has("items") },
    { key: "condition", label: "Product Condition", done: !has("productCondition") && !has("notesComments") },
    { key: "signature", label: "Signature", done: !has("signatureDrawn") && !has("signatureTyped") },
    { key: "photos", label: "Photos", done: photoCount > 0 },
  ];
  const done = items.filter((i) => i.done).length;
  return { done, total: items.length, percent: Math.round((done / items.length) * 100), items };
}


export function draftOf(data: StockTransferData): StockTransferDraft {
  return {
    dateReceived: data.dateReceived,
    transferReference: data.transferReference,
    receivingLocation: data.receivingLocation,
    transferFrom: data.transferFrom,
    receivedBy: data.receivedBy,
    items: data.items.map((i) => ({
      itemSku: i.itemSku,
      itemDescription: i.itemDescription,
      quantity: i.quantity ?? "",
      damaged: i.damaged,
      damagedQuantity: i.damagedQuantity ?? "",
    })),
    productCondition: data.productCondition,
    notesComments: data.notesComments,
    signatureType: data.signatureType,
    signatureDrawn: data.signatureDrawn ?? "",
    signatureTyped: data.signatureTyped ?? "",
  };
}

export type StockTransferItemRecord = { itemSku: string; itemDescription: string; quantity: number; damaged: YesNo; damagedQuantity?: number };

/** The rows as stored (after stockTransferErrors passed): trimmed text, whole numbers, no quantity when undamaged. */
export function itemRecords(items: StockTransferItemDraft[]): StockTransferItemRecord[] {
  return items.map((i) => {
    const base = { itemSku: i.itemSku.trim(), itemDescription: i.itemDescription.trim(), quantity: wholeNumber(i.quantity) ?? 0, damaged: i.damaged };
    return i.damaged === "yes" ? { ...base, damagedQuantity: wholeNumber(i.damagedQuantity) ?? 0 } : base;
  });
}

export function damagedItems(items: readonly StockTransferItemRecord[]): StockTransferItemRecord[] {
  return items.filter((i) => i.damaged === "yes" && (i.damagedQuantity ?? 0) > 0);
}
