// What every /api answer shares, as zod/mini schemas: the `{success: true, data}` envelope the area contracts
// (app/domain/<area>/contract.ts) build on. Routes shape their answers by the contracts, their tests parse the
// real answers with them, and the one browser client (app/lib/api-client.ts) parses answers with them, loading
// them with the first call rather than the first paint (decision 038). The plain words for failures are in
// ./api-messages (no zod), re-exported here.
import * as z from "zod/mini";

export * from "./api-messages";

/** `{ success: true, data: <schema> }` read as its `data`: the shape of `ok(data)` in app/lib/http.server.ts. */
export function answer<S extends z.ZodMiniType>(data: S): z.ZodMiniType<z.output<S>, unknown> {
  const body: z.ZodMiniType = z.looseObject({ data });
  const envelope = z.pipe(body, z.transform((b: unknown) => (b as { data: z.output<S> }).data));
  return envelope as unknown as z.ZodMiniType<z.output<S>, unknown>;
}
