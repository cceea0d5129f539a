// A group of entries the customer adds and removes (the application's addresses, the return's items): keyed
// entries, 'Add …' up to a limit, and 'Remove … N' under each entry while there is more than one.
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";

export function useRepeatedEntries<T extends { key: number }>(make: (key: number) => T) {
  const [entries, setEntries] = useState<T[]>(() => [make(0)]);
  return {
    entries,
    update: (key: number, patch: Partial<T>) => setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e))),
    remove: (key: number) => setEntries((list) => list.filter((e) => e.key !== key)),
    add: () => setEntries((list) => [...list, make(Math.max(...list.map((e) => e.key)) + 1)]),
  };
}

export function RemoveEntry({ label, shown, onRemove }: { label: string; shown: boolean; onRemove: () => void }) {
  if (!shown) return null;
  return (
    <div className="sm:col-span-2">
      <Button variant="ghost" size="sm" onClick={onRemove}>
        <Trash2 className="size-4" aria-hidden="true" /> {label}
      </Button>
    </div>
  );
}

export function AddEntry({ label, disabled, onAdd }: { label: string; disabled: boolean; onAdd: () => void }) {
  return (
    <Button variant="outline" onClick={onAdd} disabled={disabled}>
      <Plus className="size-4" aria-hidden="true" /> {label}
    </Button>
  );
}
