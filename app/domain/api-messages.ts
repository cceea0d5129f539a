// The plain words a person reads when a call fails, and the schema that reads any answer: no zod here, so the
// one client (app/lib/api-client.ts) and every screen can use them without loading a validator on first paint.
import type { FieldErrors } from "./errors";

export type { FieldErrors };

/** The Standard Schema shape every zod schema has (`~standard`): all the one client needs of a contract. */
export type StandardSchema<Out = unknown> = {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Out> | Promise<StandardResult<Out>>;
    readonly types?: { readonly input: unknown; readonly output: Out };
  };
};
export type StandardResult<Out> = { readonly value: Out; readonly issues?: undefined } | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<unknown> }> };

/** An answer whose body carries no data the screen reads (`{success: true, ...}` or empty): taken as it is. */
export const anyAnswer: StandardSchema<unknown> = { "~standard": { version: 1, vendor: "app", validate: (value) => ({ value }) } };

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What a person reads when the request never got an answer. */
export function networkMessage(method = "GET", kind: "offline" | "timeout" = "offline"): string {
  const write = WRITE_METHODS.has(method.toUpperCase());
  if (kind === "timeout") {
    return write
      ? "The server did not answer in time, so this may not have been saved. Try again: it will not be saved twice."
      : "The server did not answer in time. Check the connection and try again.";
  }
  return write
    ? "No connection: this was not saved. Check the signal and try again."
    : "No connection: could not load this. Check the signal and try again.";
}

/**
 * The server's reason in plain words. A zod path ("Invalid input: addresses.0.postalCode: ...") is for
 * developers: when the fields say what is wrong, the summary only points at them.
 */
export function plainError(status: number, serverError: unknown, fieldErrors: FieldErrors, retryAfter?: string | null): string {
  const text = typeof serverError === "string" ? serverError.trim() : "";
  const zodText = /^Invalid input\b/i.test(text);
  if (Object.keys(fieldErrors).length && (zodText || !text)) return "Some fields need attention: see the messages next to them.";
  if (text && zodText) return plainFieldMessage(text.replace(/^Invalid input:\s*(?:[\w.[\]-]+:\s*)?/i, "")) || "Some of what was entered is not valid.";
  if (text && !looksTechnical(text)) return text;
  if (status === 401) return "Your session has ended. Sign in again to continue.";
  if (status === 403) return "You do not have access to this.";
  if (status === 404) return "This is no longer here: it may have been removed. Reload the page.";
  if (status === 409) return "Someone else changed this first. Reload to see their change, then try again.";
  if (status === 413) return "This is too large to send.";
  if (status === 429) return `Too many attempts. Try again${retryAfter ? ` in ${retryAfter} seconds` : " in a moment"}.`;
  if (status >= 500) return `Something went wrong on the server (${status}). Try again in a moment.`;
  return `The request was refused (${status}).`;
}

function looksTechnical(text: string): boolean {
  return /^(TypeError|Error|SyntaxError)\b|Failed to fetch|NetworkError|Load failed|\bat \S+:\d+:\d+/.test(text);
}

/** A field's message in plain words: zod's default texts ("Too small: expected string to have >=1 characters") become what a person would say. */
export function plainFieldMessage(message: string): string {
  const m = message.trim();
  let r: RegExpMatchArray | null;
  if (/received (undefined|null)$/.test(m) || /^Too small: expected (string|array) to have >=1 /.test(m) || m === "Required") return "Required";
  if ((r = m.match(/^Too small: expected string to have >=(\d+) characters?/))) return `Use at least ${r[1]} characters`;
  if ((r = m.match(/^Too big: expected string to have <=(\d+) characters?/))) return `Use at most ${r[1]} characters`;
  if ((r = m.match(/^Too small: expected array to have >=(\d+) items?/))) return `Add at least ${r[1]}`;
  if ((r = m.match(/^Too big: expected array to have <=(\d+) items?/))) return `At most ${r[1]} allowed`;
  if ((r = m.match(/^Too small: expected number to be >=?(-?[\d.]+)/))) return m.includes(">=") ? `Must be at least ${r[1]}` : `Must be more than ${r[1]}`;
  if ((r = m.match(/^Too big: expected number to be <=?(-?[\d.]+)/))) return m.includes("<=") ? `Must be at most ${r[1]}` : `Must be less than ${r[1]}`;
  if (/^Invalid email/i.test(m)) return "Enter a valid email address";
  if (/^Invalid option/i.test(m)) return "Choose one of the options";
  if (/^Invalid input: expected (number|int)/.test(m) || /^Invalid input: expected nan/.test(m)) return "Enter a number";
  if (/^Invalid input: expected (date|string)/.test(m)) return "Enter a valid value";
  if (/^Invalid (input|string|format)\b/.test(m)) return "Enter a valid value";
  if (/^Unrecognized key/.test(m)) return "This field is not accepted here";
  return m;
}

/** Field errors with every message in plain words; keys stay the server's dotted paths. */
export function plainFieldErrors(fieldErrors: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!fieldErrors || typeof fieldErrors !== "object") return out;
  for (const [key, list] of Object.entries(fieldErrors as Record<string, unknown>)) {
    const messages = (Array.isArray(list) ? list : [list]).filter((x): x is string => typeof x === "string" && x.trim() !== "").map(plainFieldMessage);
    if (messages.length) out[key] = [...new Set(messages)];
  }
  return out;
}
