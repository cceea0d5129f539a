// The Integrations screen's pieces: toggle chips for the data kinds and warehouses a key may send, the
// one-time secret dialog with its copy button, a key's row actions, and the text fields that show the
// server's refusal under them.
import { toast } from "~/components/ui/toast";
import { AlertFieldError } from "~/components/admin/field-alert";
import { ToggleChips } from "~/components/admin/toggle-chips";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/domain/api-messages";
import { Button } from "~/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { INTEGRATION_KINDS, KIND_LABELS, type IntegrationKind } from "~/domain/integrations/kinds";
import type { IntegrationKey } from "~/domain/integrations/contract";

export type Scope = { label: string; kinds: IntegrationKind[]; locations: string[] };

/** Label, data kinds and warehouses: the create form and the edit dialog share them. */
/** `idPrefix` keeps the create form's and the dialog's message ids apart; `errors`: the server's refusal. */
export function ScopeFields({ value, onChange, locationIds, errors, idPrefix }: { value: Scope; onChange: (s: Scope) => void; locationIds: string[]; errors?: FieldErrors; idPrefix: string }) {
  return (
    <>
      <div className="mt-3">
        <p className="mb-1 text-sm font-semibold">Data it may send</p>
        <ToggleChips label="Data it may send" options={INTEGRATION_KINDS} labels={KIND_LABELS} value={value.kinds} onChange={(kinds) => onChange({ ...value, kinds })} />
        <AlertFieldError id={`${idPrefix}-kinds`} messages={messagesUnder(errors, "kinds")} />
      </div>
      <div className="mt-3">
        <p className="mb-1 text-sm font-semibold">Warehouses (optional)</p>
        <ToggleChips label="Warehouses" options={locationIds} value={value.locations} onChange={(locations) => onChange({ ...value, locations })} />
        <p className="mt-1 text-xs text-slate-600">None selected: every warehouse.</p>
        <AlertFieldError id={`${idPrefix}-locations`} messages={messagesUnder(errors, "locations")} />
      </div>
    </>
  );
}

/** The messages at `path` and its items ("locations.2"). */
export function messagesUnder(errors: FieldErrors | undefined, path: string): string[] | undefined {
  const list = Object.entries(errors ?? {}).flatMap(([k, m]) => (k === path || k.startsWith(`${path}.`) ? m : []));
  return list.length ? list : undefined;
}

/** A text field of the key forms with the server's message under it (the typed text stays). */
export function KeyTextField({ id, label, value, onChange, errors, path, children, describedBy }: { id: string; label: string; value: string; onChange: (v: string) => void; errors?: FieldErrors; path: string; children?: React.ReactNode; describedBy?: string }) {
  const messages = messagesUnder(errors, path);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <Input id={id} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={messages ? true : undefined} aria-describedby={[describedBy, messages ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined} />
      {children}
      <AlertFieldError id={id} messages={messages} />
    </div>
  );
}

export function when(iso: string | null): string {
  if (!iso) return "Never";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : d.toLocaleString("en-US", { month: "short", day: "numeric", year: "2-digit", hour: "numeric", minute: "2-digit" });
}

/** The key right after it was made or rotated: shown this once, with a copy button. */
export function SecretDialog({ issued, onClose }: { issued: { label: string; secret: string } | null; onClose: () => void }) {
  async function copy() {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.secret);
      toast.success("Key copied");
    } catch {
      toast.error("Copying failed: select the key and copy it");
    }
  }
  return (
    <Dialog open={!!issued} onClose={onClose} title="Copy the new key" description={issued ? issued.label : undefined} dismissable={false}>
      <DialogBody>
        <p role="alert" className="rounded-lg bg-amber-50 p-2 text-amber-900">
          This is the only time the key is shown. Store it in the sending system now; afterwards only its first characters are visible.
        </p>
        <label className="mt-3 block">
          <span className="mb-1 block text-sm font-semibold">Integration key</span>
          <input readOnly value={issued?.secret ?? ""} onFocus={(e) => e.currentTarget.select()} className="min-h-11 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm" />
        </label>
        <p className="mt-2 text-xs text-slate-600">Send it as the header Authorization: Bearer &lt;key&gt; to /api/integrations/orders, /products, /stock or /locations.</p>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={() => void copy()}>
          Copy key
        </Button>
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </Dialog>
  );
}

export type Confirm = { kind: "rotate" | "revoke"; key: IntegrationKey } | null;

export function KeyActions({ k, onEdit, onConfirm }: { k: IntegrationKey; onEdit: (k: IntegrationKey) => void; onConfirm: (c: Confirm) => void }) {
  if (k.status === "revoked") return null;
  return (
    <div className="mt-2 flex flex-wrap justify-end gap-1.5 md:mt-0">
      <Button size="sm" variant="outline" onClick={() => onEdit(k)}>
        Edit scope
      </Button>
      <Button size="sm" variant="outline" onClick={() => onConfirm({ kind: "rotate", key: k })}>
        Rotate
      </Button>
      <Button size="sm" variant="outline" className="text-red-700" onClick={() => onConfirm({ kind: "revoke", key: k })}>
        Revoke
      </Button>
    </div>
  );
}

export const CONFIRM_TEXT = {
  rotate: (label: string) => `Rotate '${label}'? A new key is shown once; the current key stops working at once, so update the sending system right away.`,
  revoke: (label: string) => `Revoke '${label}'? The key stops working at once and for good. This cannot be undone.`,
};
