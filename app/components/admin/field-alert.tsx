// The server's refusal of an admin form, placed where a person looks: under the field it concerns (announced
// as it appears, since these forms save in place without moving focus), the rest in one list.
import { FieldError } from "~/components/forms/field-errors";
import type { ApiError } from "~/lib/api-client";
import type { FieldErrors } from "~/domain/api-messages";

/** A field's message under it, in a live region so a screen reader hears the refusal too. */
export function AlertFieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <div role="alert">
      <FieldError id={id} messages={messages} />
    </div>
  );
}

/**
 * The field errors of a refused save; when the server named no field (a duplicate, a stale row, no
 * connection), its plain message goes under the form's main field, the one the refusal is about.
 */
export function refusalByField(error: ApiError, mainField: string): FieldErrors {
  return Object.keys(error.fieldErrors).length ? error.fieldErrors : { [mainField]: [error.message] };
}

/**
 * A list save's field errors split by item: "2.roleId" is item 2's roleId, filed under `idOf(2)` as "roleId";
 * keys that name no item (a check across the list) are left in `rest` for one list above the form.
 */
export function refusalsByItem(fieldErrors: FieldErrors, idOf: (index: number) => string | undefined): { byItem: Record<string, FieldErrors>; rest: FieldErrors } {
  const byItem: Record<string, FieldErrors> = {};
  const rest: FieldErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const [head, ...tail] = key.split(".");
    const id = /^\d+$/.test(head ?? "") && tail.length ? idOf(Number(head)) : undefined;
    if (id === undefined) rest[key] = messages;
    else byItem[id] = { ...byItem[id], [tail.join(".")]: messages };
  }
  return { byItem, rest };
}
