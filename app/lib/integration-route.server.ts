// The adapter of the /api/integrations/<kind> routes (issue 21): a bearer integration key is the only
// credential (no cookie is read, so a browser's ambient session never opens these routes and a cross-origin
// page without a key gets 401), then the key's scope (403), POST only, a JSON body of at most 5 MB with at
// most 1,000 records (413 naming the limit), and the batch's per-record answer. Every refusal writes nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { DomainError, ForbiddenError, MethodNotAllowedError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "~/domain/errors";
import { allowsKind, bearerOf, KIND_LABELS, type IntegrationKind } from "~/domain/integrations/keys";
import { envelopeSchema, MAX_BATCH_BYTES, MAX_BATCH_RECORDS } from "~/domain/integrations/records";
import { authenticateIntegrationKey, IntegrationAuthError } from "~/services/integrations-keys.server";
import { receiveBatch } from "~/services/integrations-batch.server";
import { POLICY_DENIAL_HEADER } from "./guard.server";
import { ok, readBodyText, validationFailure } from "./http.server";
import { pathDecodes } from "./request-gate.server";
import { respondToError } from "./route.server";

function isJson(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

async function readBatch(request: Request, kind: IntegrationKind): Promise<unknown[]> {
  if (!isJson(request.headers.get("content-type"))) throw new UnsupportedMediaTypeError();
  const text = await readBodyText(request, MAX_BATCH_BYTES).catch((error: unknown) => {
    if (error instanceof PayloadTooLargeError) throw new PayloadTooLargeError(`A batch is at most ${MAX_BATCH_BYTES / 1024 / 1024} MB; send fewer records per call`);
    throw error;
  });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ValidationError("Malformed JSON body");
  }
  const parsed = envelopeSchema(kind).safeParse(raw);
  if (!parsed.success) validationFailure(parsed.error);
  const records = (parsed.data as Record<string, unknown[]>)[kind]!;
  if (records.length > MAX_BATCH_RECORDS) {
    throw new PayloadTooLargeError(`A batch holds at most ${MAX_BATCH_RECORDS.toLocaleString("en-US")} records; this one has ${records.length.toLocaleString("en-US")}`);
  }
  return records;
}

/** The loader and action of /api/integrations/<kind>, and the policy the route module exports. */
export function integrationRoute(kind: IntegrationKind) {
  async function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
    try {
      if (!pathDecodes(new URL(request.url).pathname)) throw new ValidationError("Malformed URL");
      const ctx = context.app;
      const client = await authenticateIntegrationKey(ctx, bearerOf(request.headers.get("authorization"))).catch((error: unknown) => {
        // Marked like the guard's refusals, so the authorization matrix sees that no session opens the route.
        if (error instanceof IntegrationAuthError) throw new DomainError(401, error.message, {}, { ...error.headers, [POLICY_DENIAL_HEADER]: "policy" });
        throw error;
      });
      if (request.method.toUpperCase() !== "POST") throw new MethodNotAllowedError(["POST"]);
      if (!allowsKind(client, kind)) throw new ForbiddenError(`This integration key may not send ${KIND_LABELS[kind].toLowerCase()}`);
      const records = await readBatch(request, kind);
      const result = await receiveBatch(ctx, client, kind, records);
      return ok(result, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      return respondToError(error);
    }
  }
  return { policy: policies.integration(kind), loader: handle, action: handle };
}
