// The home page's module search and cards: filters as you type, Enter opens the only match.
import { Link, useNavigate } from "@remix-run/react";
import { BarChart3, ClipboardList, CreditCard, Headset, type LucideIcon, PackageSearch, RotateCcw, ScanLine, Search, UserPlus } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { useTypedBeforeHydration } from "~/lib/use-hydrated";
import { inputClass } from "~/components/ui/input";
import { enterTarget, searchModules, searchSummary, type ModuleCard } from "~/domain/shell/modules";

const ICONS: Record<string, LucideIcon> = {
  "order-tracking": PackageSearch,
  "return-forms": RotateCcw,
  "customer-applications": UserPlus,
  reports: BarChart3,
  "payment-tracking": CreditCard,
  "customer-service": Headset,
  "pick-list": ScanLine,
};

export function ModuleSearch({ cards }: { cards: ModuleCard[] }) {
  const [query, setQuery] = useState("");
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, setQuery);
  const navigate = useNavigate();
  const id = useId();
  const matches = useMemo(() => searchModules(cards, query), [cards, query]);
  const summary = searchSummary(matches.length, query);

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        Modules
      </h2>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          type="search"
          aria-label="Search modules"
          aria-describedby={`${id}-summary`}
          placeholder="Search modules…"
          className={`${inputClass} pl-10`}
          ref={field}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            const target = enterTarget(matches);
            if (target && query.trim()) {
              e.preventDefault();
              navigate(target);
            }
          }}
        />
      </div>
      <p id={`${id}-summary`} aria-live="polite" className="mt-1 min-h-5 text-sm text-slate-600">
        {summary ?? ""}
      </p>
      <ul className="mt-1 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {matches.map((card) => {
          const Icon = ICONS[card.id] ?? ClipboardList;
          return (
            <li key={card.id}>
              <Link
                to={card.path}
                className="group flex h-full min-h-20 items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-400 hover:shadow-md"
              >
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="min-w-0">
                  <span className="block text-base font-bold text-slate-900 group-hover:text-brand-800">{card.title}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{card.description}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
