// Toggle chips for choosing several of a few options (warehouses, data kinds): each chip a pressed/unpressed
// button of at least 44 px on a phone, the group named for screen readers.
import { cn } from "~/components/ui/cn";

export function ToggleChips<T extends string>({ options, labels, value, onChange, label }: { options: readonly T[]; labels?: Record<T, string>; value: readonly T[]; onChange: (v: T[]) => void; label: string }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
      {options.map((id) => {
        const on = value.includes(id);
        return (
          <button
            key={id}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(on ? value.filter((x) => x !== id) : [...value, id])}
            className={cn("min-h-11 rounded-full px-3 text-sm ring-1 md:min-h-9", on ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-800 ring-slate-300")}
          >
            {labels ? labels[id] : id}
          </button>
        );
      })}
    </div>
  );
}
