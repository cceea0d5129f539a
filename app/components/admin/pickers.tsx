// The users screen's dialogs (spec 002 §2): 'Select locations' (search 'Search name or ID', All, None,
// group chips with Any, 'Selected: n') and 'Select order types' (All, None), each with Cancel and Apply.
import { useEffect, useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";

export type LocationOption = { id: string; name: string; groups: string[] };

function Check({ checked, label, sub, onChange }: { checked: boolean; label: string; sub?: string; onChange: (v: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
      <input type="checkbox" className="size-5 accent-brand-700" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="min-w-0">
        <span className="block wrap-anywhere text-slate-900">{label}</span>
        {sub ? <span className="block text-sm wrap-anywhere text-slate-600">{sub}</span> : null}
      </span>
    </label>
  );
}

export function LocationPicker({
  open,
  title = "Select locations",
  locations,
  initial,
  onCancel,
  onApply,
}: {
  open: boolean;
  title?: string;
  locations: LocationOption[];
  initial: string[];
  onCancel: () => void;
  onApply: (ids: string[]) => void;
}) {
  const [selected, setSelected] = useState<string[]>(initial);
  const [q, setQ] = useState("");
  const [group, setGroup] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setSelected(initial);
      setQ("");
      setGroup(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open]);
  const groups = useMemo(() => [...new Set(locations.flatMap((l) => l.groups))].sort(), [locations]);
  const visible = locations.filter(
    (l) => (!group || l.groups.includes(group)) && (!q.trim() || `${l.name} ${l.id}`.toLowerCase().includes(q.trim().toLowerCase())),
  );
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...new Set([...s, id])] : s.filter((x) => x !== id)));
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      <DialogBody className="flex flex-col gap-3">
        <Input autoComplete="off" type="search" placeholder="Search name or ID" aria-label="Search name or ID" value={q} onChange={(e) => setQ(e.target.value)} />
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="outline" onClick={() => setSelected((s) => [...new Set([...s, ...visible.map((l) => l.id)])])}>
            All
          </Button>
          <Button size="sm" variant="outline" onClick={() => setSelected((s) => s.filter((id) => !visible.some((l) => l.id === id)))}>
            None
          </Button>
          <span className="ml-auto text-sm font-semibold text-slate-700">Selected: {selected.length}</span>
        </div>
        <div className="flex flex-wrap gap-1.5" role="group" aria-label="Filter by group">
          {[null, ...groups].map((g) => (
            <button
              key={g ?? "any"}
              type="button"
              aria-pressed={group === g}
              onClick={() => setGroup(g)}
              className={cn("min-h-11 rounded-full px-3 text-sm ring-1 md:min-h-9", group === g ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-800 ring-slate-300")}
            >
              {g ?? "Any"}
            </button>
          ))}
        </div>
        <div className="max-h-72 overflow-y-auto">
          {visible.map((l) => (
            <Check key={l.id} checked={selected.includes(l.id)} label={l.name} sub={l.id} onChange={(on) => toggle(l.id, on)} />
          ))}
          {!visible.length ? <p className="p-2 text-slate-600">No locations match.</p> : null}
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => onApply(selected)}>Apply</Button>
      </DialogFooter>
    </Dialog>
  );
}

export function OrderTypePicker({
  open,
  types,
  initial,
  onCancel,
  onApply,
}: {
  open: boolean;
  types: readonly string[];
  initial: string[];
  onCancel: () => void;
  onApply: (types: string[]) => void;
}) {
  const [selected, setSelected] = useState<string[]>(initial);
  useEffect(() => {
    if (open) setSelected(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open]);
  return (
    <Dialog open={open} onClose={onCancel} title="Select order types">
      <DialogBody className="flex flex-col gap-3">
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setSelected([...types])}>
            All
          </Button>
          <Button size="sm" variant="outline" onClick={() => setSelected([])}>
            None
          </Button>
        </div>
        <div className="max-h-80 overflow-y-auto">
          {types.map((t) => (
            <Check key={t} checked={selected.includes(t)} label={t} onChange={(on) => setSelected((s) => (on ? [...s, t] : s.filter((x) => x !== t)))} />
          ))}
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => onApply(types.filter((t) => selected.includes(t)))}>Apply</Button>
      </DialogFooter>
    </Dialog>
  );
}
