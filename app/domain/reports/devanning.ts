// The Devanning Report's rules (spec 002 §5): the form's draft, auto-summed totals, the calculated total bags,
// the container number check, every conditional requirement with its message, the five completeness items
// and the record the server stores (its zod schema is in schemas.ts). Pure and client-safe: the form and the
// service share it.
import {
  MESSAGES,
  PHOTO_GROUPS,
  type PhotoGroup,
} from "./constants";
import type { DevanningPhoto } from "./contract";
import type { FieldErrorMap } from "./stock-transfer";

type Num = string | number;

export type DevanningProductDraft = { id: string; name: string; sku: string; pallets: Num; bags: Num; shortageExtraBags: Num };
/** A stored photo as upload-photos answers it: the contract's shape. */
export type { DevanningPhoto };
export type DevanningPhotos = Record<PhotoGroup, DevanningPhoto[]>;

export type DevanningDraft = {
  cargoDetails: {
    productDetail: string;
    products: DevanningProductDraft[];
    containerNumber: string;
    arrivalDate: string;
    receivableSign: string;
    unloadingDateTime: string;
  };
  warehouseInfo: { warehouseStaff1: string; warehouseStaff2: string };
  totalsCalculation: { bagsPerPallet: Num; bagsInLastPallet: Num };
  containerInfo: {
    containerSize: string;
    containerSizeOther: string;
    containerCondition: string[];
    containerConditionOther: string;
    sealIntact: "yes" | "no" | "";
    sealNumber: string;
  };
  inventoryDetails: { damagedInventoryCount: Num; damagedInventorySKUs: string };
  environmentalCheck: { floorDryness: string[]; pestActivity: string[]; comments: string };
};

export function emptyProduct(id: string): DevanningProductDraft {
  return { id, name: "", sku: "", pallets: "", bags: "", shortageExtraBags: "" };
}

export function emptyDevanning(today: string): DevanningDraft {
  return {
    cargoDetails: { productDetail: "", products: [emptyProduct("p1")], containerNumber: "", arrivalDate: today, receivableSign: "", unloadingDateTime: "" },
    warehouseInfo: { warehouseStaff1: "", warehouseStaff2: "" },
    totalsCalculation: { bagsPerPallet: "", bagsInLastPallet: "" },
    containerInfo: { containerSize: "", containerSizeOther: "", containerCondition: [], containerConditionOther: "", sealIntact: "", sealNumber: "" },
    inventoryDetails: { damagedInventoryCount: "", damagedInventorySKUs: "" },
    environmentalCheck: { floorDryness: [], pestActivity: [], comments: "" },
  };
}

export function emptyPhotos(): DevanningPhotos {
  return { containerPhotos: [], cargoPhotos: [], damagedItemPhotos: [], overallPhotos: [] };
}

/** A count as typed: blank is 0; otherwise digits (with a minus sign when `signed`), else null. */
export function countOf(value: unknown, signed = false): number | null {
  if (value === "" || value === null || value === undefined) return 0;
  if (typeof value === "number") return Number.isSafeInteger(value) && (signed || value >= 0) ? value : null;
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (v === "") return 0;
  if (!(signed ? /^-?\d{1,9}$/ : /^\d{1,9}$/).test(v)) return null;
  return Number(v);
}

/** Uppercased and trimmed, as the field shows it. */
export function normalizeContainerNumber(value: string): string {
  return value.trim().toUpperCase();
}

export function isContainerNumber(value: string): boolean {
  return /^[A-Z]{4}\d{7}$/.test(normalizeContainerNumber(value));
}

/** Calculated total bags = (totalPallets − 1) × bagsPerPallet + bagsInLastPallet when totalPallets > 0, else 0. */
export function calculatedTotalBags(totalPallets: number, bagsPerPallet: number, bagsInLastPallet: number): number {
  return totalPallets > 0 ? (totalPallets - 1) * bagsPerPallet + bagsInLastPallet : 0;
}

/** A product row that says something; blank rows are left out of the report. */
export function isFilledProduct(p: DevanningProductDraft): boolean {
  return !!(p.name.trim() || p.sku.trim() || String(p.pallets).trim() || String(p.bags).trim());
}

export type DevanningTotals = { totalPallets: number; totalBags: number; shortageExtraBags: number; totalBagsCalculated: number; warning: string | null };

/** Pallets, bags and shortage/extra summed from the rows; the calculated total; the non-blocking warning. */
export function devanningTotals(draft: DevanningDraft): DevanningTotals {
  let totalPallets = 0;
  let totalBags = 0;
  let shortageExtraBags = 0;
  for (const p of draft.cargoDetails.products) {
    totalPallets += countOf(p.pallets) ?? 0;
    totalBags += countOf(p.bags) ?? 0;
    shortageExtraBags += countOf(p.shortageExtraBags, true) ?? 0;
  }
  const perPallet = countOf(draft.totalsCalculation.bagsPerPallet) ?? 0;
  const lastPallet = countOf(draft.totalsCalculation.bagsInLastPallet) ?? 0;
  const totalBagsCalculated = calculatedTotalBags(totalPallets, perPallet, lastPallet);
  const hasCalculation = totalPallets > 0 && perPallet > 0;
  const warning = hasCalculation && totalBags !== totalBagsCalculated ? MESSAGES.totalsDiffer(totalBags, totalBagsCalculated) : null;
  return { totalPallets, totalBags, shortageExtraBags, totalBagsCalculated, warning };
}

const NUMBER_MESSAGE = "Enter a whole number";

/** Every rule of spec 002 §5 for the devanning form; keys are field paths. `photos` counts each group. */
export function devanningErrors(draft: DevanningDraft, photos: Record<PhotoGroup, number>): FieldErrorMap {
  const out: FieldErrorMap = {};
  const { cargoDetails: cargo, containerInfo: container, inventoryDetails: inventory } = draft;
  const filled = cargo.products.filter(isFilledProduct);
  if (filled.length === 0) out["cargoDetails.products"] = MESSAGES.addProduct;
  cargo.products.forEach((p, i) => {
    if (countOf(p.pallets) === null) out[`cargoDetails.products.${i}.pallets`] = NUMBER_MESSAGE;
    if (countOf(p.bags) === null) out[`cargoDetails.products.${i}.bags`] = NUMBER_MESSAGE;
    if (countOf(p.shortageExtraBags, true) === null) out[`cargoDetails.products.${i}.shortageExtraBags`] = NUMBER_MESSAGE;
  });
  if (countOf(draft.totalsCalculation.bagsPerPallet) === null) out["totalsCalculation.bagsPerPallet"] = NUMBER_MESSAGE;
  if (countOf(draft.totalsCalculation.bagsInLastPallet) === null) out["totalsCalculation.bagsInLastPallet"] = NUMBER_MESSAGE;
  const containerNumber = normalizeContainerNumber(cargo.containerNumber);
  if (!containerNumber) out["cargoDetails.containerNumber"] = MESSAGES.containerNumber;
  else if (!isContainerNumber(containerNumber)) out["cargoDetails.containerNumber"] = MESSAGES.containerFormat;
  if (!draft.warehouseInfo.warehouseStaff1.trim()) out["warehouseInfo.warehouseStaff1"] = MESSAGES.warehouseStaff;
  if (!cargo.receivableSign.trim()) out["cargoDetails.receivableSign"] = MESSAGES.receivableSign;
  if (container.containerSize === "other" && !container.containerSizeOther.trim()) out["containerInfo.containerSizeOther"] = MESSAGES.containerSizeOther;
  if (container.containerCondition.includes("other") && !container.containerConditionOther.trim()) {
    out["containerInfo.containerConditionOther"] = MESSAGES.containerConditionOther;
  }
  if (container.sealIntact === "yes" && !container.sealNumber.trim()) out["containerInfo.sealNumber"] = MESSAGES.sealNumber;
  if (container.sealIntact === "no" && photos.containerPhotos < 1) out["photos.containerPhotos"] = MESSAGES.sealPhoto;
  const damaged = countOf(inventory.damagedInventoryCount);
  if (damaged === null) out["inventoryDetails.damagedInventoryCount"] = NUMBER_MESSAGE;
  else if (damaged > 0) {
    if (!inventory.damagedInventorySKUs.trim()) out["inventoryDetails.damagedInventorySKUs"] = MESSAGES.damagedSkus;
    if (photos.damagedItemPhotos < 1) out["photos.damagedItemPhotos"] = MESSAGES.damagedPhoto;
  }
  return out;
}

export function photoCounts(photos: Partial<Record<PhotoGroup, readonly unknown[]>>): Record<PhotoGroup, number> {
  return Object.fromEntries(PHOTO_GROUPS.map((g) => [g, photos[g]?.length ?? 0])) as Record<PhotoGroup, number>;
}

/** The form's five completeness items. */
export function devanningProgress(draft: DevanningDraft, photos: Record<PhotoGroup, number>) {
  const errors = Object.keys(devanningErrors(draft, photos));
  const clear = (...prefixes: string[]) => !errors.some((k) => prefixes.some((p) => k.startsWith(p)));
  const c = draft.containerInfo;
  const items = [
    { key: "cargo", label: "Cargo Summary", done: clear("cargoDetails", "warehouseInfo", "totalsCalculation") },
    { key: "container", label: "Container Information", done: !!c.containerSize && c.containerCondition.length > 0 && !!c.sealIntact && clear("containerInfo") },
    { key: "inventory", label: "Inventory Details", done: String(draft.inventoryDetails.damagedInventoryCount).trim() !== "" && clear("inventoryDetails") },
    { key: "environment", label: "Environmental Check", done: draft.environmentalCheck.floorDryness.length > 0 && draft.environmentalCheck.pestActivity.length > 0 },
    { key: "photos", label: "Photo Documentation", done: Object.values(photos).some((n) => n > 0) && clear("photos") },
  ];
  const done = items.filter((i) => i.done).length;
  return { done, total: items.length, percent: Math.round((done / items.length) * 100), items };
}


/** The report as stored: numbers as numbers, the container number uppercased, totals recomputed. */
export function devanningRecord(draft: DevanningDraft) {
  const totals = devanningTotals(draft);
  const products = draft.cargoDetails.products.filter(isFilledProduct).map((p, i) => ({
    id: p.id || `p${i + 1}`,
    name: p.name.trim(),
    sku: p.sku.trim(),
    pallets: countOf(p.pallets) ?? 0,
    bags: countOf(p.bags) ?? 0,
    shortageExtraBags: countOf(p.shortageExtraBags, true) ?? 0,
  }));
  const containerNumber = normalizeContainerNumber(draft.cargoDetails.containerNumber);
  const c = draft.containerInfo;
  return {
    containerNumber,
    cargoDetails: {
      productDetail: draft.cargoDetails.productDetail.trim(),
      products,
      totalPallets: totals.totalPallets,
      totalBags: totals.totalBags,
      shortageExtraBags: totals.shortageExtraBags,
      containerNumber,
      arrivalDate: draft.cargoDetails.arrivalDate.trim(),
      receivableSign: draft.cargoDetails.receivableSign.trim(),
      unloadingDateTime: draft.cargoDetails.unloadingDateTime.trim(),
    },
    warehouseInfo: { warehouseStaff1: draft.warehouseInfo.warehouseStaff1.trim(), warehouseStaff2: draft.warehouseInfo.warehouseStaff2.trim() },
    totalsCalculation: {
      bagsPerPallet: countOf(draft.totalsCalculation.bagsPerPallet) ?? 0,
      bagsInLastPallet: countOf(draft.totalsCalculation.bagsInLastPallet) ?? 0,
      totalBagsCalculated: totals.totalBagsCalculated,
    },
    containerInfo: {
      containerSize: c.containerSize,
      containerSizeOther: c.containerSize === "other" ? c.containerSizeOther.trim() : "",
      containerCondition: c.containerCondition,
      containerConditionOther: c.containerCondition.includes("other") ? c.containerConditionOther.trim() : "",
      sealIntact: c.sealIntact,
      sealNumber: c.sealIntact === "yes" ? c.sealNumber.trim() : "",
    },
    inventoryDetails: {
      damagedInventoryCount: countOf(draft.inventoryDetails.damagedInventoryCount) ?? 0,
      damagedInventorySKUs: draft.inventoryDetails.damagedInventorySKUs.trim(),
    },
    environmentalCheck: {
      floorDryness: draft.environmentalCheck.floorDryness,
      pestActivity: draft.environmentalCheck.pestActivity,
      comments: draft.environmentalCheck.comments.trim(),
    },
  };
}
