// The server's field errors on a report form: one message per field for the form's own error slots, and which
// keys a form shows next to a field (the rest are listed above the submit, so nothing the server said is lost).
// Pure and client-safe.
import type { FieldErrors } from "../api-contract";
import type { FieldErrorMap } from "./stock-transfer";

/** `{key: ["a", "b"]}` → `{key: "a b"}`: the report forms show one line under a field. */
export function joinedFieldErrors(fieldErrors: FieldErrors | undefined): FieldErrorMap {
  return Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([k, v]) => [k, v.join(" ")]));
}

/** The Stock Transfer form's fields that show their own message. */
export const STOCK_TRANSFER_PLACED = /^(dateReceived|transferReference|receivingLocation|transferFrom|receivedBy|productCondition|notesComments|signatureDrawn|signatureTyped|photos|items\.\d+\.(itemSku|itemDescription|quantity|damagedQuantity))$/;

/** The Devanning form's fields that show their own message. */
export const DEVANNING_PLACED =
  /^(cargoDetails\.(products|containerNumber|receivableSign)|cargoDetails\.products\.\d+\.(pallets|bags|shortageExtraBags)|totalsCalculation\.(bagsPerPallet|bagsInLastPallet)|warehouseInfo\.warehouseStaff1|containerInfo\.(containerSizeOther|containerConditionOther|sealNumber)|inventoryDetails\.(damagedInventoryCount|damagedInventorySKUs)|photos\.(containerPhotos|cargoPhotos|damagedItemPhotos|overallPhotos))$/;

/** The keys of `fieldErrors` a form shows next to a field (for UnplacedErrors' `shown`). */
export function placedKeys(fieldErrors: FieldErrors | undefined, placed: RegExp): string[] {
  return Object.keys(fieldErrors ?? {}).filter((k) => placed.test(k));
}
