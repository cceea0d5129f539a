// Search input with a field selector over the eleven search fields; order date uses a date input on desktop.
// The text box and the field selector take input before the page's script runs (a slow phone): it is adopted then.
import { Search, X } from "lucide-react";
import { useId, useRef } from "react";
import { useTypedBeforeHydration } from "~/lib/use-hydrated";
import { inputClass } from "~/components/ui/input";
import { cn } from "~/components/ui/cn";
import { HIDDEN_LIST_FIELDS, type OrderVisibility } from "~/domain/access/visibility";
import { SEARCH_FIELDS, type SearchField } from "~/domain/orders/constants";

/**
 * The fields a viewer may search by: every field but those their visibility hides, the rule by which the
 * server refuses a search (assertQueryVisible), so the selector never offers what the list would answer 400.
 */
export function searchFieldsFor(visibility: OrderVisibility): SearchField[] {
  const hidden = (Object.keys(HIDDEN_LIST_FIELDS) as (keyof OrderVisibility)[]).filter((flag) => !visibility[flag]).flatMap((flag) => HIDDEN_LIST_FIELDS[flag]);
  return SEARCH_FIELDS.filter((f) => !hidden.includes(f));
}

export const SEARCH_FIELD_LABELS: Record<(typeof SEARCH_FIELDS)[number], string> = {
  customerOrOrder: "Customer or order #",
  orderNumber: "Order #",
  customerName: "Customer",
  createdBy: "Sales rep",
  paymentStatus: "Payment status",
  orderStatus: "Order status",
  orderType: "Order type",
  warehouseLocation: "Warehouse location",
  warehouseAssignment: "Warehouse assignment",
  truckingCompany: "Trucking company",
  orderDate: "Order date",
};

export function SearchBar({
  value,
  field,
  fields,
  isPhone,
  waiting = false,
  onChange,
  onFieldChange,
}: {
  value: string;
  field: string;
  fields: readonly string[];
  isPhone: boolean;
  /**
   * The screen is not ready for a choice of field (its layout is not known yet). Until the script runs the selector
   * waits anyway (its choice would be lost); the text box never waits.
   */
  waiting?: boolean;
  onChange: (value: string) => void;
  onFieldChange: (field: string) => void;
}) {
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(box, onChange);
  // The field works before the script runs, as a plain select: a choice made then is taken at hydration. Disabling it
  // until then cost a restyle of every option when it was enabled, one of the longest steps right after hydration.
  const fieldBox = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(fieldBox, onFieldChange, field);
  const dateInput = field === "orderDate" && !isPhone;
  return (
    <div role="search" className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor={`${id}-field`} className="sr-only">
        Search by
      </label>
      <select
        id={`${id}-field`}
        ref={fieldBox}
        value={field}
        disabled={waiting}
        onChange={(e) => onFieldChange(e.target.value)}
        className={cn(inputClass, "sm:w-56")}
      >
        {fields.map((f) => (
          <option key={f} value={f}>
            {SEARCH_FIELD_LABELS[f as keyof typeof SEARCH_FIELD_LABELS] ?? f}
          </option>
        ))}
      </select>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          id={`${id}-q`}
          ref={box}
          type={dateInput ? "date" : "search"}
          aria-label="Search orders"
          placeholder={field === "orderDate" ? "YYYY-MM-DD" : `Search by ${(SEARCH_FIELD_LABELS[field as keyof typeof SEARCH_FIELD_LABELS] ?? field).toLowerCase()}…`}
          className={cn(inputClass, "pr-11 pl-10")}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        {value ? (
          <button
            type="button"
            onClick={() => onChange("")}
            className="absolute top-1/2 right-0 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-lg text-slate-600 hover:text-slate-900"
            aria-label="Clear search"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
