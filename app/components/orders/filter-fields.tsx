// The filter panel's selects (payment, order status, order type, warehouse location, trucking): loaded when the
// panel first opens, so their option lists stay out of Order Tracking's first-load JS (the 150 KB budget).
import { inputClass } from "~/components/ui/input";
import { PAID_VARIANTS, PAYMENT_FALLBACK, PAYMENT_OPTIONS, TRUCKING_OPTIONS } from "~/domain/orders/constants";
import type { ListFilters } from "./types";

/** Every status an order can hold: the per-type options, the automated 'Pending Payment' and legacy values. */
export const ORDER_STATUS_FILTERS = [
  "Pending Assignment",
  "Pending Payment",
  "Picking",
  "Picked",
  "Pending BL",
  "Pickup Pending",
  "Out for Delivery",
  "Delivered",
  "Delivered/Complete",
  "Complete",
  "Cancelled",
  "5. Received",
  "4. In Progress",
  "3. Waiting for Truck/Pick Up",
  "2. Shipped/Picked Up",
  "1. Delivered/Released",
  "01. Released",
  "Order Delivered",
];

const PAYMENT_FILTERS = [...PAYMENT_OPTIONS.filter((p) => p !== "Paid"), ...PAID_VARIANTS, PAYMENT_FALLBACK, "HOLD", "Waiting for Payment", "New Customer- Check Pending"];
const TRUCKING_FILTERS = TRUCKING_OPTIONS.filter((t) => t !== "Other");

type FilterKey = keyof ListFilters;

export function FilterFields({
  id,
  open,
  filters,
  onChange,
  orderTypes,
  locations,
  hidden,
}: {
  id: string;
  open: boolean;
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
  orderTypes: readonly string[];
  locations: ReadonlyArray<{ id: string; name: string }>;
  hidden: readonly FilterKey[];
}) {
  const fields: Array<{ key: FilterKey; label: string; options: ReadonlyArray<{ value: string; label: string }> }> = [
    { key: "paymentStatus", label: "Payment status", options: PAYMENT_FILTERS.map((v) => ({ value: v, label: v })) },
    { key: "orderStatus", label: "Order status", options: ORDER_STATUS_FILTERS.map((v) => ({ value: v, label: v })) },
    { key: "orderType", label: "Order type", options: orderTypes.map((v) => ({ value: v, label: v })) },
    { key: "warehouseLocation", label: "Warehouse location", options: locations.map((l) => ({ value: l.id, label: `${l.name} (${l.id})` })) },
    { key: "truckingCompany", label: "Trucking", options: TRUCKING_FILTERS.map((v) => ({ value: v, label: v })) },
  ];
  const visible = fields.filter((f) => !hidden.includes(f.key));
  return (
    <div id={`${id}-panel`} hidden={!open} className="grid grid-cols-1 gap-3 border-t border-slate-100 p-3 sm:grid-cols-2 lg:grid-cols-5">
      {visible.map((f) => (
        <div key={f.key}>
          <label htmlFor={`${id}-${f.key}`} className="mb-1 block text-sm font-semibold text-slate-700">
            {f.label}
          </label>
          <select
            id={`${id}-${f.key}`}
            className={inputClass}
            value={filters[f.key]}
            onChange={(e) => onChange({ ...filters, [f.key]: e.target.value })}
          >
            <option value="">All</option>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}
