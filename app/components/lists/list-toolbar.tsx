// The search controls of a review list: which field to search, the search box (a date input for the list's
// date field, placeholder "Search by <field>"), the status options, and Refresh.
import { RotateCw, Search } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input, inputClass } from "~/components/ui/input";

type SearchProps<F extends string> = {
  /** Prefix of the select's id: `{idPrefix}-search-by`. */
  idPrefix: string;
  label: string;
  fields: readonly F[];
  fieldLabels: Record<string, string>;
  dateField: F;
  list: { query: { searchBy: F; search: string }; searchIn: (field: F) => void; searchFor: (text: string) => void };
};

export function SearchFields<F extends string>({ idPrefix, label, fields, fieldLabels, dateField, list }: SearchProps<F>) {
  const { searchBy, search } = list.query;
  return (
    <>
      <label htmlFor={`${idPrefix}-search-by`} className="sr-only">
        Search by
      </label>
      <select id={`${idPrefix}-search-by`} className={`${inputClass} sm:w-44`} value={searchBy} onChange={(e) => list.searchIn(e.target.value as F)}>
        {fields.map((f) => (
          <option key={f} value={f}>
            {fieldLabels[f]}
          </option>
        ))}
      </select>
      <div className="relative min-w-0 flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input
          aria-label={label}
          type={searchBy === dateField ? "date" : "search"}
          className="pl-10"
          value={search}
          placeholder={`Search by ${fieldLabels[searchBy]!.toLowerCase()}`}
          onChange={(e) => list.searchFor(e.target.value)}
        />
      </div>
    </>
  );
}

export function StatusOptions({ statuses, labelOf }: { statuses: readonly string[]; labelOf: (status: string) => string }) {
  return (
    <>
      <option value="">All statuses</option>
      {statuses.map((s) => (
        <option key={s} value={s}>
          {labelOf(s)}
        </option>
      ))}
    </>
  );
}

export function RefreshButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick}>
      <RotateCw className="size-4" aria-hidden="true" /> Refresh
    </Button>
  );
}
