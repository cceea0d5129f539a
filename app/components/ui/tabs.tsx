// Accessible tabs (WAI-ARIA tabs pattern): arrow keys move between tabs, only the active tab is tabbable.
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";

export type TabItem<K extends string> = { key: K; label: ReactNode };

export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
  label,
  className,
  children,
}: {
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  className?: string;
  /** The active panel's content. */
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((t) => t.key === value);
    let next = index;
    if (e.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (e.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = tabs.length - 1;
    else return;
    e.preventDefault();
    onChange(tabs[next]!.key);
    refs.current[next]?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-slate-200">
        {tabs.map((t, i) => {
          const selected = t.key === value;
          return (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.key}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.key)}
              onKeyDown={onKeyDown}
              className={cn(
                "-mb-px min-h-11 flex-1 border-b-2 px-2 text-sm font-semibold",
                selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${value}`} tabIndex={0} className="focus-visible:outline-none">
        {children}
      </div>
    </div>
  );
}
