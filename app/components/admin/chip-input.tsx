// The e-mail chip input (spec 002 §5): entries split on comma or semicolon and trimmed, duplicates
// ignored, invalid ones shown red but kept, Backspace on an empty input removes the last chip. `errors`: what
// the server said about this list, shown under it (the input marked invalid) until the list changes.
import { X } from "lucide-react";
import { useId, useState } from "react";
import { AlertFieldError } from "~/components/admin/field-alert";
import { cn } from "~/components/ui/cn";
import { addChips, isValidEmail } from "~/domain/admin/rules";

export function ChipInput({
  label,
  value,
  onChange,
  placeholder = "name@example.com",
  errors,
}: {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  placeholder?: string;
  errors?: string[];
}) {
  const [text, setText] = useState("");
  const id = useId();
  const commit = (raw: string) => {
    const next = addChips(value, raw);
    if (next.length !== value.length) onChange(next);
    setText("");
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="flex min-h-11 flex-wrap items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 py-1.5 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-200">
        {value.map((chip) => {
          const valid = isValidEmail(chip);
          return (
            <span
              key={chip}
              data-invalid={valid ? undefined : "true"}
              className={cn("inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-sm", valid ? "bg-slate-100 text-slate-800" : "bg-red-100 text-red-800 ring-1 ring-red-300")}
              title={valid ? undefined : "Not a valid email: it will not be saved"}
            >
              {chip}
              <button type="button" aria-label={`Remove ${chip}`} className="-my-2 -mr-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-black/10 md:m-0 md:size-auto md:p-0.5" onClick={() => onChange(value.filter((c) => c !== chip))}>
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </span>
          );
        })}
        <input
          id={id}
          autoComplete="off"
          value={text}
          placeholder={value.length ? "" : placeholder}
          className="-my-1.5 min-h-11 min-w-40 flex-1 border-0 bg-transparent py-1 text-base outline-none"
          onChange={(e) => {
            const v = e.target.value;
            if (/[,;]/.test(v)) commit(v);
            else setText(v);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commit(text);
            } else if (e.key === "Backspace" && !text && value.length) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => text.trim() && commit(text)}
          {...(errors?.length ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {})}
        />
      </div>
      <AlertFieldError id={id} messages={errors} />
    </div>
  );
}
