// Checks a whole set of uploads against a rule before any of them is stored, so a form with one bad file
// writes nothing; and the short random codes of the public forms' references.
import { ValidationError } from "~/domain/errors";
import { sniffContentType } from "~/domain/files/sniff";
import { cleanFilename, refuseActiveContent, type UploadRule } from "~/lib/files.server";
import type { z } from "zod";
import { fail, hasLoneSurrogate, validationFailure } from "~/lib/http.server";

/**
 * Size, emptiness, type and active content from the bytes, for every file, before the caller writes anything:
 * the same rules storeUpload applies (413, 400, 415), so a form with one bad file is refused whole.
 */
export async function checkUploads(files: readonly File[], rule: UploadRule, maxFiles = 30): Promise<void> {
  if (files.length > maxFiles) throw new ValidationError(`At most ${maxFiles} files at once`);
  for (const file of files) {
    const label = cleanFilename(file.name, "file");
    if (file.size > rule.maxBytes) fail(413, `File ${label} is too large. Maximum size is ${Math.round(rule.maxBytes / 1024 / 1024)}MB.`, { filename: label });
    if (file.size === 0) fail(400, `File ${label} is empty`, { filename: label });
    // The whole file: a script or an archive can sit anywhere in it, not only in the first bytes.
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffContentType(bytes);
    if (!type || !rule.accept.includes(type)) fail(415, `File ${label} is not an accepted type (${rule.accept.map((t) => t.split("/")[1]).join(", ")})`, { filename: label });
    await refuseActiveContent(bytes, type, label);
  }
}

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A short code without look-alike characters (no I, L, O, 0, 1), for references a customer reads out. */
export function referenceCode(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** The JSON `payload` part of a public form, parsed with its schema (400 with field errors). */
export function parsePayload<S extends z.ZodType>(form: FormData, schema: S): z.infer<S> {
  const raw = form.get("payload");
  if (typeof raw !== "string") throw new ValidationError("The form's 'payload' part is missing");
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ValidationError("The form's 'payload' part is not JSON");
  }
  if (hasLoneSurrogate(value)) throw new ValidationError("Text must be valid Unicode");
  const parsed = schema.safeParse(value);
  if (!parsed.success) validationFailure(parsed.error);
  return parsed.data;
}
