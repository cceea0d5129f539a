// The server's field errors where a person looks: under the field they concern (linked by aria-describedby,
// the field marked aria-invalid), and the ones no field on the screen shows in a list above the buttons, so
// nothing the server said is dropped. Messages arrive in plain words from app/lib/api-client.ts.
import type { FieldErrors } from "~/domain/api-messages";

/** The messages of one field (a dotted server path), or undefined. */
export function errorsFor(fieldErrors: FieldErrors | undefined, key: string): string[] | undefined {
  const list = fieldErrors?.[key];
  return list && list.length ? list : undefined;
}

/** Props for the input of `key`: aria-invalid and the id of its message. */
export function fieldAria(fieldErrors: FieldErrors | undefined, key: string, id: string): { "aria-invalid"?: true; "aria-describedby"?: string } {
  return errorsFor(fieldErrors, key) ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}

/** The message under a field; `id` is the input's id (the message takes `${id}-error`). */
export function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-field-error>
      {messages.join(" ")}
    </p>
  );
}

/** Field errors whose key is not among `shown`, as "Label: message" (labels by key, else the key in words). */
export function unplacedErrors(fieldErrors: FieldErrors | undefined, shown: readonly string[], labels: Record<string, string> = {}): string[] {
  if (!fieldErrors) return [];
  const out: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    if (shown.includes(key) || key === "_") {
      if (key === "_") out.push(...messages);
      continue;
    }
    out.push(`${labels[key] ?? keyInWords(key)}: ${messages.join(" ")}`);
  }
  return out;
}

/** "addresses.0.postalCode" → "Postal code (address 1)". */
export function keyInWords(key: string): string {
  const parts = key.split(".");
  const last = parts.filter((p) => !/^\d+$/.test(p)).pop() ?? key;
  const words = last.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  const index = parts.find((p) => /^\d+$/.test(p));
  const parent = parts.length > 1 && index !== undefined ? parts[parts.indexOf(index) - 1] : undefined;
  const where = parent && index !== undefined ? ` (${parent.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().replace(/sses$/, "ss").replace(/ies$/, "y").replace(/(?<!s)s$/, "")} ${Number(index) + 1})` : "";
  return words.charAt(0).toUpperCase() + words.slice(1) + where;
}

/** The errors no field shows, as one alert list (nothing when there are none). */
export function UnplacedErrors({ fieldErrors, shown, labels }: { fieldErrors: FieldErrors | undefined; shown: readonly string[]; labels?: Record<string, string> }) {
  const list = unplacedErrors(fieldErrors, shown, labels);
  if (!list.length) return null;
  return (
    <ul role="alert" className="list-disc space-y-1 rounded-lg border border-red-300 bg-red-50 py-2 pr-3 pl-7 text-sm font-medium text-red-800">
      {list.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}
