// The server's refusal of an admin form, placed where a person looks: under the field it concerns (announced
// as it appears, since these forms save in place without moving focus), the rest in one list.
import { FieldError } from "~/components/forms/field-errors";
import type { ApiError } from "~/lib/api-client";
import type { FieldErrors } from "~/domain/api-contract";

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
