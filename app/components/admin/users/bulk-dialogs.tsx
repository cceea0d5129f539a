// The Users screen's two bulk questions (spec 002 §2): 'Set role…' for the selected members, and 'Remove
// selected' (they are signed out at once). Each answers through a callback; the screen keeps the state.
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";

export function SetRoleDialog({ open, count, roles, onClose, onApply }: { open: boolean; count: number; roles: { id: string; name: string }[]; onClose: () => void; onApply: (roleId: string | null) => void }) {
  const [bulkRole, setBulkRole] = useState("");
  return (
    <Dialog open={open} onClose={onClose} title="Set role…">
      <DialogBody>
        <label className="block text-sm font-semibold" htmlFor="bulk-role">
          Role for {count} selected
        </label>
        <select id="bulk-role" className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2" value={bulkRole} onChange={(e) => setBulkRole(e.target.value)}>
          <option value="">(none)</option>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => onApply(bulkRole || null)}>Apply</Button>
      </DialogFooter>
    </Dialog>
  );
}

export function RemoveUsersDialog({ open, count, onClose, onRemove }: { open: boolean; count: number; onClose: () => void; onRemove: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Remove selected">
      <DialogBody>
        <p>Remove {count} member(s)? They are signed out at once and lose all access.</p>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onRemove}>
          Remove
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
