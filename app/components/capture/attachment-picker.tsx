// Choosing several images or PDFs: a file input, the chosen files listed with a remove button each, and Clear.
import { Paperclip, X } from "lucide-react";
import { useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { ATTACHMENT_ACCEPT } from "~/domain/documents/capture";

export function AttachmentPicker({ label, files, onChange, disabled }: { label: string; files: File[]; onChange: (files: File[]) => void; disabled?: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        disabled={disabled}
        className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          onChange([...files, ...picked]);
          // The same file can be chosen again after removing it.
          e.target.value = "";
        }}
      />
      {files.length ? (
        <ul className="space-y-1" aria-label="Chosen files">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-1.5 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <Paperclip className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="truncate">{f.name}</span>
                <span className="shrink-0 text-xs text-slate-500">{Math.max(1, Math.round(f.size / 1024))} KB</span>
              </span>
              <Button variant="ghost" size="icon" className="shrink-0" aria-label={`Remove ${f.name}`} disabled={disabled} onClick={() => onChange(files.filter((_, n) => n !== i))}>
                <X className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
